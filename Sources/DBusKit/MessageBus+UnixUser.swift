/// Asking the bus, without waiting, which Unix user is behind a connection: for code on an
/// event loop (the daemon's proxies, the dialog backend's callers).
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
