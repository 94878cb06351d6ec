internal import CDBus

/// Questions to the bus about other connections: the Unix user asked without waiting, for an
/// event loop, and blocking ones (start-up, and programs without an event loop: each waits for the bus's answer).
extension MessageBus {
    /// Asks which Unix user the connection owning `name` runs as, without waiting: `answered`
    /// gets the user, or why the bus could not say (its error, the message at most 200 bytes).
    /// The answer is read with bounds, as a peer's would be.
    ///
    /// The corresponding bus method is `org.freedesktop.DBus.GetConnectionUnixUser`.
    public func askUnixUser(
        of name: BusName, timeoutMilliseconds: Int32 = -1, answered: @escaping (Result<UInt32, DBusFailure>) -> Void
    ) {
        do {
            let query = try DBusMessage.methodCall(
                destination: .messageBus, path: .messageBus, interface: .messageBus, member: .getConnectionUnixUser)
            try query.append(.string(name.rawValue))
            try call(query, timeoutMilliseconds: timeoutMilliseconds) { reply in
                guard reply.kind == .methodReturn, case .uint32(let user)? = (try? reply.arguments(maximumValues: 1, maximumStringBytes: 0))?.first
                else {
                    let message = reply.errorMessage(maximumBytes: 200) ?? "an answer of the wrong type"
                    answered(.failure(DBusFailure(name: reply.errorName ?? .failed, message: message)))
                    return
                }
                answered(.success(user))
            }
        } catch {
            answered(.failure(error))
        }
    }

}

extension DBusConnection {
    /// The Unix user the bus vouches that the connection owning `name` runs as.
    ///
    /// The corresponding bus method is `org.freedesktop.DBus.GetConnectionUnixUser`.
    public func unixUser(of name: BusName) throws(DBusFailure) -> UInt32 {
        try number(from: .getConnectionUnixUser, about: name)
    }

    /// The process id the bus knows for the connection owning `name` (0 when it cannot say).
    ///
    /// The corresponding bus method is `org.freedesktop.DBus.GetConnectionUnixProcessID`.
    public func processID(of name: BusName) throws(DBusFailure) -> UInt32 {
        try number(from: .getConnectionUnixProcessID, about: name)
    }

    /// Starts the service that provides `name` by D-Bus activation unless it already runs.
    ///
    /// The corresponding C function is `dbus_bus_start_service_by_name`.
    public func startService(_ name: BusName) throws(DBusFailure) {
        _ = try DBusFailure.check { error in dbus_bus_start_service_by_name(raw, name.rawValue, 0, nil, error) }
    }

    /// The one uint32 the bus's `member` answers about `name`.
    private func number(from member: MemberName, about name: BusName) throws(DBusFailure) -> UInt32 {
        let query = try DBusMessage.methodCall(destination: .messageBus, path: .messageBus, interface: .messageBus, member: member)
        try query.append(.string(name.rawValue))
        guard case .uint32(let number)? = try call(query).arguments().first else {
            throw DBusFailure(name: .failed, message: "\(member) gave no number")
        }
        return number
    }
}
