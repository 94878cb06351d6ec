internal import DBusKit
internal import EventLoop

/// Ends the backend once nothing has used it for its idle timeout: counted from the start (a
/// backend started by hand or activated for a call that never came leaves on time), and again
/// each time the last use ends. A use is an open dialog, or a call of its own user being handled.
///
/// A call waiting for the bus to say which user sent it pauses the countdown without setting it
/// back, so a call that comes as the time runs out is not lost, and a call of another user (on
/// a bus that admits one) never keeps the backend running. When the time is up, `mayLeave` is
/// asked first (the backend's name must not go to another user, `NameHandOver`); while it says
/// no, the backend stays another timeout.
@MainActor
final class IdleExit {
    private let milliseconds: Int
    private let loop: any BackendLoop
    private let mayLeave: @MainActor (_ answer: @escaping @MainActor (Bool) -> Void) -> Void
    private let onIdle: @MainActor () -> Void
    private var uses = 0
    /// Calls waiting for the bus's verdict on their caller.
    private var verdictsAwaited = 0
    /// When the backend was last used (or started): the countdown runs from here.
    private var idleSince: Int
    private var timer: (any ConnectionTimer)?
    /// Whether `mayLeave` is being asked; its answer decides what comes next.
    private var asking = false

    /// Starts counting at once: `onIdle` runs after `seconds` on `loop` unless something holds
    /// first, and once `mayLeave` has said yes.
    init(
        seconds: UInt32, loop: any BackendLoop,
        mayLeave: @escaping @MainActor (_ answer: @escaping @MainActor (Bool) -> Void) -> Void = { answer in answer(true) },
        onIdle: @escaping @MainActor () -> Void
    ) {
        let (product, overflow) = Int(seconds).multipliedReportingOverflow(by: 1000)
        milliseconds = overflow ? .max : product
        self.loop = loop
        self.mayLeave = mayLeave
        self.onIdle = onIdle
        idleSince = MonotonicClock.now()
        schedule()
    }

    /// Something started using the backend: it stays until the matching `release`.
    func hold() {
        uses += 1
        pause()
    }

    /// A use ended; the countdown starts afresh once nothing else holds.
    func release() {
        uses -= 1
        idleSince = MonotonicClock.now()
        schedule()
    }

    /// A call waits for the bus to say who sent it: the countdown pauses until `verdictGiven`.
    func awaitVerdict() {
        verdictsAwaited += 1
        pause()
    }

    /// The call's caller was judged; the countdown goes on where it was (a call let through
    /// holds the backend as a use of its own).
    func verdictGiven() {
        verdictsAwaited -= 1
        schedule()
    }

    private func pause() {
        timer?.cancel()
        timer = nil
    }

    /// Runs the countdown for what is left of it, unless something holds or `mayLeave` is asked.
    private func schedule() {
        guard uses == 0, verdictsAwaited == 0, !asking else { return }
        timer?.cancel()
        let left = milliseconds == .max ? .max : max(0, idleSince &+ milliseconds - MonotonicClock.now())
        timer = loop.scheduleTimer(afterMilliseconds: left) { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.timer = nil
                self.timeIsUp()
            }
        }
    }

    private func timeIsUp() {
        let since = idleSince
        asking = true
        mayLeave { [weak self] yes in
            guard let self else { return }
            self.asking = false
            // Used meanwhile: the countdown that use set going decides (`schedule` waits
            // for what still holds).
            guard self.uses == 0, self.verdictsAwaited == 0, self.idleSince == since else { return self.schedule() }
            if yes {
                self.onIdle()
            } else {
                self.idleSince = MonotonicClock.now()
                self.schedule()
            }
        }
    }
}
