internal import Glibc
internal import SystemKit

/// A `ServicePick` run on a thread of its own, so that neither the main thread nor Swift's
/// cooperative threads ever wait for the bus; `done` is called once, with the outcome: on that
/// thread, or on the cancelling thread when a cancel ends the pick at once.
final class PickThread: Sendable {
    private let pick: ServicePick
    private let outcome: OnceOutcome

    /// Starts `request` at once; nil when no thread can be started.
    init?(
        request: ServicePick.Request, notice: @escaping @Sendable (TimePickerNotice) -> Void,
        done: @escaping @Sendable (Result<TimePickerRange, TimePickerError>) -> Void
    ) {
        let pick = ServicePick(request: request, notice: notice)
        let outcome = OnceOutcome(done)
        self.pick = pick
        self.outcome = outcome
        guard startDetachedThread({ outcome.tell(pick.run()) }) else { return nil }
    }

    /// Cancels the session (reason `caller`); callable from any thread. Unless the program's
    /// terminal is lent (the pick must give it back first), the outcome is told at once: the
    /// pick's thread may be blocked in a step the bus has not answered (connecting, a service
    /// being started), and goes on alone, making no session, until that step returns.
    func cancel() {
        // Both: the flag for the steps before the loop runs, the mailbox for those after.
        if pick.requestCancel() { outcome.tell(.failure(TimePickerError(.withdrawn))) }
        pick.mailbox?.post { [pick] in pick.cancel() }
    }
}

/// The pick's outcome, told once: the first of the pick's own end and a cancel that ends it early.
private final class OnceOutcome: Sendable {
    private let done: @Sendable (Result<TimePickerRange, TimePickerError>) -> Void
    private let told = Locked(false)

    init(_ done: @escaping @Sendable (Result<TimePickerRange, TimePickerError>) -> Void) {
        self.done = done
    }

    func tell(_ result: Result<TimePickerRange, TimePickerError>) {
        let first = told.withLock { told in
            defer { told = true }
            return !told
        }
        if first { done(result) }
    }
}

/// Runs `body` on a new detached thread (POSIX threads, so that the library needs no more of
/// Foundation than its value types); false when none could be started.
func startDetachedThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(&thread, nil, { argument in
        let body = Unmanaged<ThreadBody>.fromOpaque(argument!).takeRetainedValue()
        body.run()
        return nil
    }, box)
    guard started == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(box).release()
        return false
    }
    pthread_detach(thread)
    return true
}

/// A thread's work, carried through pthread_create's one pointer.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
