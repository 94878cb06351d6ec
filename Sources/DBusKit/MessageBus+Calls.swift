/// A method call to a peer as code on an event loop makes it: built, sent without waiting, and
/// answered with the reply's values read within bounds or with why there are none, for the
/// daemon's proxies of the notification server and the dialog backend.
extension MessageBus {
    /// Calls `member` of `interface` at `path` of `destination` with `arguments`; `answered`
    /// gets the reply's values (at most `maximumValues`, their strings at most
    /// `maximumStringBytes` in all: a peer's answer is read as a peer's call would be), or the
    /// failure: the error it was answered with (its message at most 4 KiB), or why it could
    /// not be sent, then said at once. Returns the call, which can be given up; nil when it was
    /// not sent.
    @discardableResult
    public func call(
        _ member: MemberName, of interface: InterfaceName, on path: ObjectPath, at destination: BusName, _ arguments: [DBusValue],
        timeoutMilliseconds: Int32, maximumValues: Int = 256, maximumStringBytes: Int = 64 * 1024,
        answered: @escaping (Result<MethodReply, DBusFailure>) -> Void
    ) -> (any OutstandingCall)? {
        do {
            let message = try DBusMessage.methodCall(destination: destination, path: path, interface: interface, member: member)
            try message.append(contentsOf: arguments)
            return try call(message, timeoutMilliseconds: timeoutMilliseconds) { reply in
                guard reply.kind != .error else {
                    let name = reply.errorName ?? .failed
                    answered(.failure(DBusFailure(name: name, message: reply.errorMessage(maximumBytes: 4096) ?? name.rawValue, sender: reply.sender)))
                    return
                }
                let values = (try? reply.arguments(maximumValues: maximumValues, maximumStringBytes: maximumStringBytes)) ?? []
                answered(.success(MethodReply(message: reply, values: values)))
            }
        } catch {
            answered(.failure(error))
            return nil
        }
    }
}

/// A method call's successful reply: the message, and its values as read.
public struct MethodReply {
    public let message: DBusMessage
    public let values: [DBusValue]

    /// The values that are strings, in order.
    public var strings: [String] { values.compactMap { if case .string(let text) = $0 { text } else { nil } } }
}

extension ErrorName {
    /// Whether the call's destination is not on the bus (ServiceUnknown, NameHasNoOwner).
    public var meansAbsent: Bool { self == .serviceUnknown || self == .nameHasNoOwner }
    /// Whether the call went unanswered (NoReply, Timeout, Disconnected), rather than refused.
    public var meansUnanswered: Bool { self == .noReply || self == .timeout || self == .disconnected }
}
