import EventLoop

extension EventLoop {
    /// Turns the loop until `condition` holds or `milliseconds` pass; whether it held. Each turn
    /// waits at most `turnMilliseconds`, for conditions that another thread makes true (what a
    /// pseudo-terminal's reader keeps), which no descriptor of this loop announces.
    func turn(until condition: () -> Bool, withinMilliseconds milliseconds: Int, turnMilliseconds: Int = 10) -> Bool {
        let deadline = MonotonicClock.now() + milliseconds
        while !condition() {
            let left = deadline - MonotonicClock.now()
            guard left > 0 else { return false }
            runOnce(maximumWaitMilliseconds: min(left, turnMilliseconds))
        }
        return true
    }
}
