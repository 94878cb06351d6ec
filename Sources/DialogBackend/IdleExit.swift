internal import DBusKit

/// Ends the backend once nothing has used it for its idle timeout: counted from the start (a
/// backend started by hand or activated for a call that never came leaves on time), and again
/// each time the last use ends. A use is an open dialog, or a call being handled.
@MainActor
final class IdleExit {
    private let milliseconds: Int
    private let loop: any BackendLoop
    private let onIdle: @MainActor () -> Void
    private var uses = 0
    private var timer: (any ConnectionTimer)?

    /// Starts counting at once: `onIdle` runs after `seconds` on `loop` unless something holds first.
    init(seconds: UInt32, loop: any BackendLoop, onIdle: @escaping @MainActor () -> Void) {
        let (product, overflow) = Int(seconds).multipliedReportingOverflow(by: 1000)
        milliseconds = overflow ? .max : product
        self.loop = loop
        self.onIdle = onIdle
        restart()
    }

    /// Something started using the backend: it stays until the matching `release`.
    func hold() {
        uses += 1
        timer?.cancel()
        timer = nil
    }

    /// A use ended; the last one starts the countdown afresh.
    func release() {
        uses -= 1
        if uses == 0 { restart() }
    }

    private func restart() {
        timer?.cancel()
        timer = loop.scheduleTimer(afterMilliseconds: milliseconds) { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.timer = nil
                self.onIdle()
            }
        }
    }
}
