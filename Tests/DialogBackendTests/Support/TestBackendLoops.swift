import DBusKit
@testable import DialogBackend
import EventLoop

/// The backend's loop in tests on a `FakeBus`: the bus's own `EventLoop`, whose idle work runs
/// one piece a turn from a timer due at once, so after the deferred work already queued (the
/// messages the fake bus delivered), and builds before tidying, as GLib runs idle sources after
/// the bus connection's, by priority.
final class EventLoopBackendLoop: BackendLoop {
    let loop: EventLoop
    private var idle = IdleQueue()
    private var turn: Timer?

    init(_ loop: EventLoop) { self.loop = loop }

    func watchDescriptor(_ descriptor: Int32, for events: IOEvents, handler: @escaping (IOEvents) -> Void) -> any ConnectionWatch {
        loop.watchDescriptor(descriptor, for: events, handler: handler)
    }

    func scheduleTimer(afterMilliseconds milliseconds: Int, _ handler: @escaping () -> Void) -> any ConnectionTimer {
        loop.scheduleTimer(afterMilliseconds: milliseconds, handler)
    }

    func runSoon(_ work: @escaping () -> Void) { loop.runSoon(work) }

    func whenIdle(_ kind: IdleWork, _ work: @escaping () -> Void) -> any ConnectionTimer {
        let entry = idle.add(kind, work)
        scheduleTurn()
        return entry
    }

    /// Runs the most urgent idle work on a later turn, then the next on the turn after.
    private func scheduleTurn() {
        guard turn == nil, idle.hasWork else { return }
        turn = loop.schedule(afterMilliseconds: 0) { [weak self] in
            guard let self else { return }
            self.turn = nil
            self.idle.takeNext()?.work()
            self.scheduleTurn()
        }
    }
}

/// A loop whose idle work runs only when the test says (`runIdleWork`): to see what idle work
/// does, one piece at a time. It has no descriptors, timers or deferred work.
final class ManualIdleLoop: BackendLoop {
    private var idle = IdleQueue()

    /// How much idle work waits and has not been cancelled.
    var pendingIdleWork: Int { idle.count }

    /// Runs the most urgent idle work not cancelled (builds first, oldest first); false when
    /// there was none.
    @discardableResult
    func runIdleWork() -> Bool {
        guard let entry = idle.takeNext() else { return false }
        entry.work()
        return true
    }

    func whenIdle(_ kind: IdleWork, _ work: @escaping () -> Void) -> any ConnectionTimer {
        idle.add(kind, work)
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

/// Idle work waiting, by what `BackendLoop` promises: builds before tidying, each oldest first.
private struct IdleQueue {
    private var waiting: [IdleEntry] = []

    /// How much waits and has not been cancelled.
    var count: Int { waiting.count { !$0.isCancelled } }
    var hasWork: Bool { count > 0 }

    /// `work` of `kind`, waiting behind the work already there.
    mutating func add(_ kind: IdleWork, _ work: @escaping () -> Void) -> IdleEntry {
        let entry = IdleEntry(kind, work)
        waiting.append(entry)
        return entry
    }

    /// Takes out the first build waiting, else the first tidying, for its caller to run (work
    /// may add work: it never runs while the queue is being changed); nil when nothing waits.
    mutating func takeNext() -> IdleEntry? {
        waiting.removeAll { $0.isCancelled }
        guard let index = waiting.firstIndex(where: { $0.kind == .build }) ?? waiting.indices.first else { return nil }
        return waiting.remove(at: index)
    }
}

/// One piece of idle work.
private final class IdleEntry: ConnectionTimer {
    let kind: IdleWork
    let work: () -> Void
    private(set) var isCancelled = false

    init(_ kind: IdleWork, _ work: @escaping () -> Void) {
        self.kind = kind
        self.work = work
    }

    func cancel() { isCancelled = true }
}
