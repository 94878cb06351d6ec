/// What a part of a program needs of its connection to the bus once its event loop runs:
/// sending, calling without waiting, subscribing, and hearing what arrives. `DBusConnection` is
/// the real one; unit tests put a fake in its place (`DBusKitTesting.FakeBus`), so that the
/// service and the front ends can be tested without a `dbus-daemon`.
///
/// Nothing here blocks: the blocking calls of start-up and of programs without a loop are `DBusConnection`'s own.
public protocol MessageBus: AnyObject {
    /// This connection's unique name on the bus, like `:1.42`.
    var uniqueName: BusName { get }
    /// Queues `message` for sending; false when it could not be queued (no memory).
    @discardableResult
    func send(_ message: DBusMessage) -> Bool
    /// Sends a method call and hands its reply, or the error for its failure (a timeout, the
    /// connection dropping), to `completion` later on the loop's thread.
    @discardableResult
    func call(
        _ message: DBusMessage, timeoutMilliseconds: Int32, completion: @escaping (DBusMessage) -> Void
    ) throws(DBusFailure) -> any OutstandingCall
    /// Asks the bus to route messages matching `rule` here, without waiting.
    func addMatch(_ rule: String)
    /// Withdraws a rule added with `addMatch`, without waiting.
    func removeMatch(_ rule: String)
    /// Routes every incoming message through `handler`, which returns true for a method call it
    /// has answered (or will answer).
    func setMessageHandler(_ handler: @escaping (DBusMessage) -> Bool)
    /// Shows `observer` every signal that arrives, before the message handler sees it.
    func addSignalObserver(_ observer: @escaping (DBusMessage) -> Void)
    /// Writes out everything queued, blocking until it is written (at shutdown).
    func flush()
}

/// A method call whose reply may still come: `cancel` gives it up, so its completion never
/// runs and what it holds is let go at once.
public protocol OutstandingCall: AnyObject {
    /// Whether the reply (or the error for it) has been handed to the completion.
    var isCompleted: Bool { get }
    /// Gives the call up; does nothing once it completed.
    func cancel()
}

extension DBusConnection: MessageBus {}

/// Answering calls and emitting signals: the one way the service and the dialog backend send
/// what they owe their peers.
extension MessageBus {
    /// Sends a method call whose reply is handed to `completion`, with no time limit of its own
    /// but libdbus's default (25 s).
    @discardableResult
    public func call(_ message: DBusMessage, completion: @escaping (DBusMessage) -> Void) throws(DBusFailure) -> any OutstandingCall {
        try call(message, timeoutMilliseconds: -1, completion: completion)
    }

    /// Answers `call` with `values`, unless its caller asked for no reply.
    ///
    /// The corresponding C function is `dbus_message_new_method_return`.
    public func reply(to call: DBusMessage, with values: [DBusValue] = []) throws(DBusFailure) {
        guard call.expectsReply else { return }
        let reply = try call.makeReturn()
        try reply.append(contentsOf: values)
        send(reply)
    }

    /// Answers `call` with the error `name` saying `message`, unless its caller asked for no reply.
    ///
    /// The corresponding C function is `dbus_message_new_error`.
    public func replyError(to call: DBusMessage, name: ErrorName, message: String) throws(DBusFailure) {
        guard call.expectsReply else { return }
        send(try call.makeError(name: name, message: message))
    }

    /// Sends the signal `member` of `interface` from `path` with `values`: to every connection
    /// that subscribed, or only to `destination` (a unicast signal).
    ///
    /// The corresponding C function is `dbus_message_new_signal`.
    public func emitSignal(
        _ member: MemberName, of interface: InterfaceName, on path: ObjectPath, _ values: [DBusValue], to destination: BusName? = nil
    ) throws(DBusFailure) {
        let signal = try DBusMessage.signal(path: path, interface: interface, member: member)
        if let destination { signal.setDestination(destination) }
        try signal.append(contentsOf: values)
        send(signal)
    }
}
