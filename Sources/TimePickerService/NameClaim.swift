internal import TimePickerContract
public import DBusKit
internal import EventLoop
internal import Glibc

/// Takes the service's well-known name at start-up; blocking, so call it before the loop runs.
public enum NameClaim {
    /// How the claim ended.
    public enum Outcome: Equatable {
        case owned
        /// Another connection keeps the name; its unique name when the bus said.
        case keptBy(String?)
    }

    /// How long a replaced instance gets to end its sessions and leave.
    static let stepDownSeconds = 5.0

    /// Requests the name without queueing. With `replace`, a running instance is first asked to
    /// stop (SIGTERM, as systemd would) so that it announces `Cancelled("shutdown")` while it still
    /// owns the name: once the bus hands the name over, signals from the old instance no longer
    /// match rules on the well-known name, and subscribers would miss them. An instance that
    /// does not leave in time is replaced through the bus.
    public static func claim(on connection: DBusConnection, replace: Bool, log: Logger) throws(DBusFailure) -> Outcome {
        let flags: NameRequestFlags = [.allowReplacement, .doNotQueue]
        if try isOwned(connection.requestName(TimePickerBus.name, flags: flags)) { return .owned }
        let owner = try? connection.nameOwner(of: TimePickerBus.name)
        guard replace else { return .keptBy(owner) }

        if let owner, askToStepDown(owner, on: connection, log: log) {
            if try isOwned(connection.requestName(TimePickerBus.name, flags: flags)) { return .owned }
        }
        if try isOwned(connection.requestName(TimePickerBus.name, flags: flags.union(.replaceExisting))) { return .owned }
        return .keptBy(try? connection.nameOwner(of: TimePickerBus.name))
    }

    private static func isOwned(_ reply: NameRequestReply) -> Bool {
        reply == .primaryOwner || reply == .alreadyOwner
    }

    /// Sends SIGTERM to the process behind `owner` and waits until the name is free; false when
    /// that cannot be done (another user's process, another PID namespace) or takes too long.
    private static func askToStepDown(_ owner: String, on connection: DBusConnection, log: Logger) -> Bool {
        guard let pid = try? processID(of: owner, on: connection), pid > 0, kill(pid_t(pid), SIGTERM) == 0 else {
            return false
        }
        log.log(.notice, "asked the running instance (\(owner), pid \(pid)) to stop")
        // A bounded poll, at start-up only: the loop is not running yet and nothing else waits.
        // The deadline is on the clock: each question to the bus takes time too.
        let deadline = MonotonicClock.now() + Int(stepDownSeconds * 1000)
        while MonotonicClock.now() < deadline {
            if (try? connection.nameOwner(of: TimePickerBus.name)) != owner { return true }
            usleep(20_000)
        }
        log.log(.warning, "the running instance did not stop within \(Int(stepDownSeconds)) s; replacing it")
        return false
    }

    /// The bus's `GetConnectionUnixProcessID` for `name`.
    private static func processID(of name: String, on connection: DBusConnection) throws(DBusFailure) -> UInt32? {
        let query = try DBusMessage.methodCall(
            destination: BusName.messageBus, path: ObjectPath.messageBus,
            interface: InterfaceName.messageBus, member: "GetConnectionUnixProcessID")
        try query.append(.string(name))
        guard case .uint32(let pid)? = try connection.call(query).arguments().first else { return nil }
        return pid
    }
}
