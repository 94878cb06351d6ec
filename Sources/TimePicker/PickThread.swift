internal import Glibc

/// A `ServicePick` run on a thread of its own, so that neither the main thread nor Swift's
/// cooperative threads ever wait for the bus; `done` is called once, on that thread, with the
/// outcome.
final class PickThread: Sendable {
    private let pick: ServicePick

    /// Starts `request` at once; nil when no thread can be started.
    init?(
        request: ServicePick.Request, notice: @escaping @Sendable (TimePickerNotice) -> Void,
        done: @escaping @Sendable (Result<TimePickerRange, TimePickerError>) -> Void
    ) {
        let pick = ServicePick(request: request, notice: notice)
        self.pick = pick
        guard startDetachedThread({ done(pick.run()) }) else { return nil }
    }

    /// Cancels the session (reason `caller`); callable from any thread.
    func cancel() {
        // Both: the flag for the steps before the loop runs, the mailbox for those after.
        pick.requestCancel()
        pick.mailbox?.post { [pick] in pick.cancel() }
    }
}

/// Runs `body` on a new detached thread (POSIX threads, so that the library needs no
/// Foundation); false when none could be started.
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
