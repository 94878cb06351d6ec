/// Calls a handler once: when every one of a number of things it waits for has finished, or
/// when a deadline passes, whichever comes first. For giving things back at shutdown to a peer
/// that may never answer (a notification server, a dialog backend).
public final class AllOrDeadline {
    private var left: Int
    private var done: (() -> Void)?
    private var timer: Timer?

    /// Waits for `count` calls of `finishedOne`, at most `milliseconds` on `loop`; with
    /// `count` 0, `done` runs at once.
    public init(count: Int, atMostMilliseconds milliseconds: Int, on loop: EventLoop, then done: @escaping () -> Void) {
        left = count
        self.done = done
        if count <= 0 {
            finish()
        } else {
            timer = loop.schedule(afterMilliseconds: milliseconds) { [self] in finish() }
        }
    }

    /// One of the things waited for has finished.
    public func finishedOne() {
        left -= 1
        if left == 0 { finish() }
    }

    private func finish() {
        timer?.cancel()
        timer = nil
        let handler = done
        done = nil
        handler?()
    }
}
