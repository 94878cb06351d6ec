import DBusKit
@testable import DialogBackend
import EventLoop

/// The backend's loop in tests on a `FakeBus`: the bus's own `EventLoop`, whose idle work runs
/// as a timer due at once, so after the deferred work already queued (the messages the fake bus
/// delivered), as GLib runs idle sources after the bus connection's.
final class EventLoopBackendLoop: BackendLoop {
    let loop: EventLoop

    init(_ loop: EventLoop) { self.loop = loop }

    func watchDescriptor(_ descriptor: Int32, for events: IOEvents, handler: @escaping (IOEvents) -> Void) -> any ConnectionWatch {
        loop.watchDescriptor(descriptor, for: events, handler: handler)
    }

    func scheduleTimer(afterMilliseconds milliseconds: Int, _ handler: @escaping () -> Void) -> any ConnectionTimer {
        loop.scheduleTimer(afterMilliseconds: milliseconds, handler)
    }

    func runSoon(_ work: @escaping () -> Void) { loop.runSoon(work) }

    func whenIdle(_ kind: IdleWork, _ work: @escaping () -> Void) -> any ConnectionTimer {
        loop.schedule(afterMilliseconds: 0, work)
    }
}

/// A loop whose idle work runs only when the test says (`runIdleWork`): to see what idle work
/// does, one piece at a time. It has no descriptors, timers or deferred work.
final class ManualIdleLoop: BackendLoop {
    /// Idle work waiting, oldest first.
    private var waiting: [IdleEntry] = []

    /// How much idle work waits and has not been cancelled.
    var pendingIdleWork: Int { waiting.count { !$0.isCancelled } }

    /// Runs the oldest idle work that was not cancelled; false when there was none.
    @discardableResult
    func runIdleWork() -> Bool {
        waiting.removeAll { $0.isCancelled }
        guard !waiting.isEmpty else { return false }
        let entry = waiting.removeFirst()
        entry.work()
        return true
    }

    func whenIdle(_ kind: IdleWork, _ work: @escaping () -> Void) -> any ConnectionTimer {
        let entry = IdleEntry(work)
        waiting.append(entry)
        return entry
    }

    func watchDescriptor(_ descriptor: Int32, for events: IOEvents, handler: @escaping (IOEvents) -> Void) -> any ConnectionWatch {
        preconditionFailure("ManualIdleLoop watches no descriptor")
    }

    func scheduleTimer(afterMilliseconds milliseconds: Int, _ handler: @escaping () -> Void) -> any ConnectionTimer {
        preconditionFailure("ManualIdleLoop has no timers")
    }

    func runSoon(_ work: @escaping () -> Void) {
        preconditionFailure("ManualIdleLoop defers no work")
    }
}

/// One piece of a `ManualIdleLoop`'s idle work.
private final class IdleEntry: ConnectionTimer {
    let work: () -> Void
    private(set) var isCancelled = false

    init(_ work: @escaping () -> Void) { self.work = work }

    func cancel() { isCancelled = true }
}
