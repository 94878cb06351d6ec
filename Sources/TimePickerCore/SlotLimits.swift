/// Which slots each column may take, the seed's rule on a grid: the end never before the start
/// plus the minimum duration (real elapsed time), and on an overnight picker the start on the
/// picker's day and the end at most a day after it (the same clock time the next day).
///
/// One place for the rule, so that the options' checks and the model agree.
struct SlotLimits: Sendable {
    let grid: SlotGrid
    /// The shortest end - start, in seconds.
    let minDurationSeconds: Int
    let overnight: Bool

    /// The starts that leave room for an end: for each, `ends(forStart:)` is not empty.
    var starts: ClosedRange<Int> {
        // The latest start with an end at least the minimum duration after it.
        let latestByDuration = grid.indexOfLastSlot(atOrBeforeElapsed: grid.elapsedSeconds(at: grid.count - 1) - minDurationSeconds) ?? 0
        guard overnight else { return 0...latestByDuration }
        // Overnight, a start is on the picker's day: before its 24:00.
        let latestOnDay = grid.indexOfLastSlot(atOrBefore: WallClockTime.minutesPerDay - 1) ?? 0
        return 0...min(latestByDuration, latestOnDay)
    }

    /// The ends the start at `start` may have (never empty: the last slot when nothing else).
    func ends(forStart start: Int) -> ClosedRange<Int> {
        let lastIndex = grid.count - 1
        let earliest = grid.indexOfFirstSlot(atOrAfterElapsed: grid.elapsedSeconds(at: start) + minDurationSeconds) ?? lastIndex
        guard overnight else { return earliest...lastIndex }
        // At most a day after the start; the minimum duration wins where a short day (the
        // clocks going forward) leaves less than it.
        let latest = grid.indexOfLastSlot(atOrBefore: grid[start].minutes + WallClockTime.minutesPerDay) ?? lastIndex
        return earliest...max(earliest, min(latest, lastIndex))
    }
}
