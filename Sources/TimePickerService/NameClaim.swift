internal import TimePickerContract
public import DBusKit
internal import EventLoop
internal import Glibc
public import Logging

/// Takes the service's well-known name at start-up; blocking, so call it before the loop runs.
public enum NameClaim {
    /// How the claim ended.
    public enum Outcome: Equatable {
        case owned
        /// Another connection keeps the name; its unique name when the bus said.
        case keptBy(BusName?)
        /// A connection of another Unix user keeps the name: it is neither asked to stop nor
        /// replaced, whatever `replace` says.
        case keptByAnotherUser(owner: BusName, user: UInt32)
        /// With `replace`: a connection of another Unix user waits in the name's queue, to which
        /// the bus would hand the name when the running instance stopped. That instance was not
        /// asked to stop, or (`askedToStop`: the stranger came in the meantime) keeps the name
        /// rather than let it go while the stranger waits.
        case anotherUserQueued(QueuedStranger, owner: BusName, askedToStop: Bool)
    }

    /// How long a replaced instance gets to end its sessions and leave.
    static let stepDownSeconds = 5.0

    /// Requests the name without queueing, and without allowing replacement: the bus never hands
    /// the name to another connection while this one holds it, so no other process (another
    /// Unix user's, on a bus that admits one) can take it over and receive the terminals and
    /// trust that callers give the service. With `replace`, a running instance of the daemon's
    /// own user is asked to stop (SIGTERM, as systemd would): it announces `Cancelled("shutdown")`
    /// while it still owns the name and releases it as it exits. This instance waits in the
    /// name's queue meanwhile, so the name passes straight to it and nobody can take it in
    /// between; and it asks nothing of the running instance while a connection of another user
    /// waits in that queue, which the bus would hand the name to. An owner of another user is
    /// never signalled nor replaced.
    public static func claim(on connection: DBusConnection, replace: Bool, log: Logger) throws(DBusFailure) -> Outcome {
        let flags: NameRequestFlags = [.doNotQueue]
        if try isOwned(connection.requestName(TimePickerBus.name, flags: flags)) { return .owned }
        guard let owner = try? connection.nameOwner(of: TimePickerBus.name) else {
            // Released between the two questions: ask once more.
            return try isOwned(connection.requestName(TimePickerBus.name, flags: flags)) ? .owned : .keptBy(nil)
        }
        if let user = try? connection.unixUser(of: owner), user != getuid() {
            return .keptByAnotherUser(owner: owner, user: user)
        }
        guard replace else { return .keptBy(owner) }
        // In the queue, right behind the owner and ahead of anyone who asks later.
        if try isOwned(connection.requestName(TimePickerBus.name, flags: [])) { return .owned }
        if let stranger = try connection.queuedStranger(for: TimePickerBus.name, ownUser: getuid()) {
            return .anotherUserQueued(stranger, owner: owner, askedToStop: false)
        }
        if askToStepDown(owner, on: connection, log: log),
           try isOwned(connection.requestName(TimePickerBus.name, flags: flags)) {
            return .owned
        }
        if let stranger = try? connection.queuedStranger(for: TimePickerBus.name, ownUser: getuid()) {
            return .anotherUserQueued(stranger, owner: owner, askedToStop: true)
        }
        // An instance from before this release allows replacement: taken over through the bus
        // when it does not stop in time (it is the daemon's own user's, checked above).
        if try isOwned(connection.requestName(TimePickerBus.name, flags: flags.union(.replaceExisting))) { return .owned }
        return .keptBy(try? connection.nameOwner(of: TimePickerBus.name))
    }

    private static func isOwned(_ reply: NameRequestReply) -> Bool {
        reply == .primaryOwner || reply == .alreadyOwner
    }

    /// Sends SIGTERM to the process behind `owner` and waits until the name is free; false when
    /// that cannot be done (another PID namespace) or takes too long.
    private static func askToStepDown(_ owner: BusName, on connection: DBusConnection, log: Logger) -> Bool {
        guard let pid = try? connection.processID(of: owner), pid > 0, kill(pid_t(pid), SIGTERM) == 0 else {
            return false
        }
        log.notice("asked the running instance (\(owner), pid \(pid)) to stop")
        // A bounded poll, at start-up only: the loop is not running yet and nothing else waits.
        // The deadline is on the clock: each question to the bus takes time too.
        let deadline = MonotonicClock.now() + Int(stepDownSeconds * 1000)
        while MonotonicClock.now() < deadline {
            if (try? connection.nameOwner(of: TimePickerBus.name)) != owner { return true }
            usleep(20_000)
        }
        log.warning("the running instance did not stop within \(Int(stepDownSeconds)) s")
        return false
    }
}
