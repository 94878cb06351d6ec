import DBusKit
import Foundation
import TestHarness
import TimePickerContract

/// A connection of the leak check's own that asks the daemon for sessions, cancels them and
/// sees them end; calls wait up to a minute, as the daemon runs slowly under valgrind.
final class ServiceCaller {
    static let managerPath = TimePickerBus.managerPath
    static let managerInterface = TimePickerBus.managerInterface
    static let sessionInterface = TimePickerBus.sessionInterface
    static let unknownObject = ErrorName.unknownObject
    static let timeoutMilliseconds: Int32 = 60_000

    let connection: DBusConnection

    init(bus: PrivateBus) throws {
        connection = try DBusConnection.connect(address: bus.address)
    }

    /// Calls `member` on the daemon and returns the reply's arguments.
    @discardableResult
    func call(
        _ member: MemberName, path: ObjectPath = managerPath, interface: InterfaceName = managerInterface, _ arguments: [DBusValue] = []
    ) throws -> [DBusValue] {
        try connection.callMethod(
            member, destination: DaemonProcess.busName, path: path, interface: interface, arguments,
            timeoutMilliseconds: Self.timeoutMilliseconds
        ).arguments()
    }

    /// ShowTimePicker with `title` and `options`; the session's path.
    func show(_ title: String, _ options: [String: DBusValue] = [:]) throws -> ObjectPath {
        guard case .objectPath(let path)? = try call(TimePickerBus.Member.showTimePicker, [.vardict(options.merging(["title": .string(title)]) { $1 })]).first else {
            throw HarnessError("ShowTimePicker returned no object path")
        }
        return path
    }

    /// Cancel() on the session at `path`.
    func cancel(_ path: ObjectPath) throws {
        try call(TimePickerBus.Member.cancel, path: path, interface: Self.sessionInterface)
    }

    /// Whether the session at `path` has ended: its object is gone.
    func isGone(_ path: ObjectPath) throws -> Bool {
        do {
            try call(.introspect, path: path, interface: .introspectable)
            return false
        } catch let failure as DBusFailure where failure.name == Self.unknownObject {
            return true
        }
    }

    /// Waits until the session at `path` has ended.
    func waitUntilGone(_ path: ObjectPath) throws {
        try waitUntil("session \(path.rawValue) to end", seconds: 60) { try isGone(path) }
    }
}

/// A PickTimeRange on a connection of its own, which leaves the bus once answered, as
/// `busctl call` does; its session is named by `handle_token`, so it can be found.
final class PendingPick {
    private let connection: DBusConnection
    private let serial: UInt32
    /// The session the call made.
    let path: ObjectPath

    init(bus: PrivateBus, title: String, token: String) throws {
        connection = try DBusConnection.connect(address: bus.address)
        let message = try DBusMessage.methodCall(
            destination: DaemonProcess.busName, path: ServiceCaller.managerPath, interface: ServiceCaller.managerInterface,
            member: TimePickerBus.Member.pickTimeRange)
        try message.append(.vardict(["title": .string(title), "handle_token": .string(token)]))
        guard connection.send(message) else { throw HarnessError("PickTimeRange could not be sent") }
        connection.flush()
        serial = message.serial
        guard let path = TimePickerBus.sessionPath(sender: connection.uniqueName, token: token) else {
            throw HarnessError("no session path for \(connection.uniqueName) and \(token)")
        }
        self.path = path
    }

    /// Waits until the daemon has made the session, as seen by `caller`.
    func waitForSession(seen caller: ServiceCaller) throws {
        try waitUntil("the session of PickTimeRange \(path.rawValue)", seconds: 60) { try !caller.isGone(path) }
    }

    /// Waits for the answer; true when it was a return (the person chose), false for an error.
    func waitForAnswer() throws -> Bool {
        let start = monotonicNanoseconds()
        while secondsSince(start) < 120 {
            guard let message = connection.nextMessage(timeoutMilliseconds: 100) else {
                guard connection.isConnected else { break }
                continue
            }
            if (message.kind == .methodReturn || message.kind == .error) && message.replySerial == serial {
                return message.kind == .methodReturn
            }
        }
        throw HarnessError("PickTimeRange \(path.rawValue) got no answer")
    }
}
