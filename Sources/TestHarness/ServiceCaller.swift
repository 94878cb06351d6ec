public import DBusKit
import TimePickerContract

/// A caller of the service for the programs without an event loop (the bench, the leak check):
/// a connection of its own to the bus, blocking calls named by the contract, and the replies to
/// calls sent without waiting.
public final class ServiceCaller {
    public let connection: DBusConnection
    /// Milliseconds a call waits for its reply; past that libdbus answers `NoReply`.
    public let timeoutMilliseconds: Int32
    /// Replies `reply(to:seconds:)` has read but not handed out yet.
    private var replies: [UInt32: DBusMessage] = [:]

    /// Connects to the bus at `address`; each call waits up to `timeoutMilliseconds` for its
    /// reply (the leak check gives a minute: the daemon runs slowly under valgrind).
    public init(address: String, timeoutMilliseconds: Int32 = 5000) throws(DBusFailure) {
        connection = try DBusConnection.connect(address: address)
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// Calls `member` and blocks for its reply, up to `timeoutMilliseconds`; an error reply is
    /// thrown.
    @discardableResult
    public func call(
        _ member: MemberName, destination: BusName, path: ObjectPath, interface: InterfaceName, _ arguments: [DBusValue] = []
    ) throws(DBusFailure) -> DBusMessage {
        try connection.callMethod(
            member, destination: destination, path: path, interface: interface, arguments, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// org.freedesktop.DBus.Peer.Ping to the service, which its libdbus answers itself.
    public func ping() throws(DBusFailure) {
        try call(.ping, destination: TimePickerBus.name, path: TimePickerBus.managerPath, interface: .peer)
    }

    /// ShowTimePicker with `options`; the session's handle.
    public func showTimePicker(_ options: [String: DBusValue] = [:]) throws(DBusFailure) -> ObjectPath {
        let reply = try call(
            TimePickerBus.Member.showTimePicker, destination: TimePickerBus.name, path: TimePickerBus.managerPath,
            interface: TimePickerBus.managerInterface, [.vardict(options)])
        guard case .objectPath(let handle)? = try reply.arguments().first else {
            throw DBusFailure(name: .failed, message: "ShowTimePicker returned no object path")
        }
        return handle
    }

    /// Cancel() on the session at `session`.
    public func cancel(_ session: ObjectPath) throws(DBusFailure) {
        try call(TimePickerBus.Member.cancel, destination: TimePickerBus.name, path: session, interface: TimePickerBus.sessionInterface)
    }

    /// A whole session's life: ShowTimePicker with no options, then Cancel() on its handle.
    public func sessionLife() throws(DBusFailure) {
        try cancel(try showTimePicker())
    }

    /// Sends PickTimeRange with `options` without waiting, as its reply comes only when the
    /// session ends; returns the call's serial, for `reply(to:seconds:)`.
    public func startPickTimeRange(_ options: [String: DBusValue]) throws(DBusFailure) -> UInt32 {
        let message = try DBusMessage.methodCall(
            destination: TimePickerBus.name, path: TimePickerBus.managerPath, interface: TimePickerBus.managerInterface,
            member: TimePickerBus.Member.pickTimeRange)
        try message.append(.vardict(options))
        guard connection.send(message) else { throw DBusFailure(name: .noMemory, message: "PickTimeRange could not be queued") }
        connection.flush()
        return message.serial
    }

    /// The reply (or error) to the call `serial`, waiting up to `seconds` for it; nil when none
    /// came. Replies to other calls that arrive meanwhile are kept for later.
    public func reply(to serial: UInt32, seconds: Double) -> DBusMessage? {
        let start = monotonicNanoseconds()
        while replies[serial] == nil {
            let left = Int32((seconds - secondsSince(start)) * 1000)
            guard let message = connection.nextMessage(timeoutMilliseconds: max(left, 0)) else {
                if left <= 0 || !connection.isConnected { break }
                continue
            }
            if message.kind == .methodReturn || message.kind == .error { replies[message.replySerial] = message }
        }
        return replies.removeValue(forKey: serial)
    }

    /// Whether the session at `session` has ended: its object is gone.
    public func hasEnded(_ session: ObjectPath) throws -> Bool {
        do {
            try call(.introspect, destination: TimePickerBus.name, path: session, interface: .introspectable)
            return false
        } catch where error.name == .unknownObject {
            return true
        }
    }

    /// Waits up to `seconds` until the session at `session` has ended.
    public func waitUntilEnded(_ session: ObjectPath, seconds: Double) throws {
        try waitUntil("session \(session.rawValue) to end", seconds: seconds) { try hasEnded(session) }
    }
}
