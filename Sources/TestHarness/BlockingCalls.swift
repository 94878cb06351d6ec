public import DBusKit

/// Blocking calls for the harness's callers, which have no event loop.
extension DBusConnection {
    /// Calls `member` and blocks up to `timeoutMilliseconds` for its reply; an error reply is thrown.
    public func callMethod(
        _ member: MemberName, destination: BusName, path: ObjectPath, interface: InterfaceName?,
        _ arguments: [DBusValue] = [], timeoutMilliseconds: Int32
    ) throws(DBusFailure) -> DBusMessage {
        let message = try DBusMessage.methodCall(destination: destination, path: path, interface: interface, member: member)
        if !arguments.isEmpty { try message.append(contentsOf: arguments) }
        return try call(message, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Asks the bus to send this connection the messages matching `rule`, and waits until it
    /// has taken the rule.
    public func subscribe(to rule: String, timeoutMilliseconds: Int32 = 10_000) throws(DBusFailure) {
        _ = try callMethod(
            .addMatch, destination: .messageBus, path: .messageBus, interface: .messageBus, [.string(rule)],
            timeoutMilliseconds: timeoutMilliseconds)
    }
}
