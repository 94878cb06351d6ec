import DBusKit
import TestHarness
import TimePickerContract

/// A connection of the bench's own to the private bus, making blocking calls to the service.
final class ServiceClient {
    static let service = TimePickerBus.name
    static let managerPath = TimePickerBus.managerPath
    static let managerInterface = TimePickerBus.managerInterface
    static let sessionInterface = TimePickerBus.sessionInterface
    static let limitsExceeded = TimePickerBus.Error.limitsExceeded
    /// What libdbus reports when no reply came within the timeout.
    static let noReply = ErrorName.noReply

    let connection: DBusConnection
    /// Milliseconds a call may wait for its reply; past that it counts as unanswered.
    let timeoutMilliseconds: Int32
    /// Replies `reply(to:seconds:)` has read but not handed out yet.
    private var replies: [UInt32: DBusMessage] = [:]

    init(address: String, timeoutMilliseconds: Int32 = 5000) throws {
        connection = try DBusConnection.connect(address: address)
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// org.freedesktop.DBus.Peer.Ping to the service, answered inside its libdbus.
    func ping() throws(DBusFailure) {
        _ = try call("Ping", path: Self.managerPath, interface: "org.freedesktop.DBus.Peer")
    }

    /// ShowTimePicker with no options; the session's handle.
    func showTimePicker() throws(DBusFailure) -> ObjectPath {
        let reply = try call(TimePickerBus.Member.showTimePicker, path: Self.managerPath, interface: Self.managerInterface, [.vardict([:])])
        guard case .objectPath(let handle)? = try reply.arguments().first else {
            throw DBusFailure(name: "bench.UnexpectedReply", message: "ShowTimePicker returned no object path")
        }
        return handle
    }

    /// Cancel() on a session.
    func cancel(_ handle: ObjectPath) throws(DBusFailure) {
        _ = try call(TimePickerBus.Member.cancel, path: handle, interface: Self.sessionInterface)
    }

    /// A whole session's life: ShowTimePicker, then Cancel() on its handle.
    func sessionLife() throws(DBusFailure) {
        try cancel(try showTimePicker())
    }

    /// Sends PickTimeRange with `options` without waiting: its reply comes when the session ends.
    /// Returns the call's serial, for `reply(to:seconds:)`.
    func startPickTimeRange(_ options: [String: DBusValue]) throws(DBusFailure) -> UInt32 {
        let message = try DBusMessage.methodCall(
            destination: Self.service, path: Self.managerPath, interface: Self.managerInterface, member: TimePickerBus.Member.pickTimeRange)
        try message.append(contentsOf: [.vardict(options)])
        connection.send(message)
        connection.flush()
        return message.serial
    }

    /// The reply (or error) to the call `serial`, waiting up to `seconds` for it; nil when none
    /// came. Replies to other calls that arrive meanwhile are kept for later.
    func reply(to serial: UInt32, seconds: Double) -> DBusMessage? {
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

    /// Calls a method and blocks for its reply; an error reply is thrown.
    func call(
        _ member: MemberName, path: ObjectPath, interface: InterfaceName, destination: BusName = service, _ arguments: [DBusValue] = []
    ) throws(DBusFailure) -> DBusMessage {
        try connection.callMethod(
            member, destination: destination, path: path, interface: interface, arguments, timeoutMilliseconds: timeoutMilliseconds)
    }
}
