internal import CGtk

/// Ends the backend once nothing has used it for its idle timeout: counted from the start (a
/// backend started by hand or activated for a call that never came leaves on time), and again
/// each time the last use ends. A use is an open dialog, or a call being handled.
@MainActor
final class IdleExit {
    private let milliseconds: UInt32
    private let onIdle: @MainActor () -> Void
    private var uses = 0
    private var timer: UInt32 = 0

    /// Starts counting at once: `onIdle` runs after `seconds` unless something holds first.
    init(seconds: UInt32, onIdle: @escaping @MainActor () -> Void) {
        milliseconds = seconds.multipliedReportingOverflow(by: 1000).overflow ? .max : seconds * 1000
        self.onIdle = onIdle
        restart()
    }

    /// Something started using the backend: it stays until the matching `release`.
    func hold() {
        uses += 1
        if timer != 0 { g_source_remove(timer) }
        timer = 0
    }

    /// A use ended; the last one starts the countdown afresh.
    func release() {
        uses -= 1
        if uses == 0 { restart() }
    }

    private func restart() {
        if timer != 0 { g_source_remove(timer) }
        timer = MainLoopSource.after(milliseconds: milliseconds) { [weak self] in
            guard let self else { return }
            self.timer = 0
            self.onIdle()
        }
    }
}
