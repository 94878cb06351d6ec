import DBusKit
import Foundation
import TestHarness

/// A test's own connection to the private bus, with blocking calls and signal waiting.
final class BusClient {
    let connection: DBusConnection
    /// Messages received while waiting for something else, kept for later waits.
    private var backlog: [DBusMessage] = []

    static let service: BusName = "io.github.timepickerd.TimePicker1"
    static let managerPath: ObjectPath = "/io/github/timepickerd/TimePicker1"
    static let managerInterface: InterfaceName = "io.github.timepickerd.TimePicker1"
    static let sessionInterface: InterfaceName = "io.github.timepickerd.TimePicker1.Session"

    init(bus: PrivateBus) throws {
        connection = try DBusConnection.connect(address: bus.address)
    }

    var uniqueName: String { connection.uniqueName.rawValue }

    /// The path element the service uses for this client (":1.7" becomes "1_7").
    var senderElement: String { String(uniqueName.dropFirst().replacingOccurrences(of: ".", with: "_")) }

    /// Calls a method and waits up to `seconds` (longer under a sanitizer) for its reply; an
    /// error reply is thrown as DBusFailure.
    func call(
        _ member: MemberName, path: ObjectPath = managerPath, interface: InterfaceName? = managerInterface,
        destination: BusName = service, _ arguments: [DBusValue] = [], seconds: Int32 = 10
    ) throws -> [DBusValue] {
        try connection.callMethod(
            member, destination: destination, path: path, interface: interface, arguments,
            timeoutMilliseconds: Int32(SanitizerBuild.patience(Double(seconds)) * 1000)
        ).arguments()
    }

    /// ShowTimePicker with `options`; returns the session handle.
    func showTimePicker(_ options: [String: DBusValue] = [:]) throws -> ObjectPath {
        guard case .objectPath(let handle)? = try call("ShowTimePicker", [.vardict(options)]).first else {
            throw HarnessError("ShowTimePicker returned no object path")
        }
        return handle
    }

    /// Sends a method call without waiting; returns its serial for `waitForReply`.
    func startCall(
        _ member: MemberName, path: ObjectPath = managerPath, interface: InterfaceName? = managerInterface, _ arguments: [DBusValue] = []
    ) throws -> UInt32 {
        let message = try DBusMessage.methodCall(destination: Self.service, path: path, interface: interface, member: member)
        try message.append(contentsOf: arguments)
        connection.send(message)
        connection.flush()
        return message.serial
    }

    /// Waits for the reply (or error) to the call with `serial`.
    func waitForReply(to serial: UInt32, seconds: Double = 10) throws -> DBusMessage {
        try waitForMessage(seconds: seconds, "the reply to call \(serial)") {
            ($0.kind == .methodReturn || $0.kind == .error) && $0.replySerial == serial
        }
    }

    /// Asks the bus to send us signals matching `rule`, and waits until it has taken the rule.
    func subscribe(_ rule: String) throws {
        try connection.subscribe(to: rule)
    }

    /// Subscribes to every signal of the service's objects below `path`.
    func subscribeToSessions() throws {
        try subscribe("type='signal',sender='\(Self.service)',path_namespace='\(Self.managerPath)'")
    }

    /// Waits for a signal named `member` (on `path` when given).
    func waitForSignal(_ member: String, path: ObjectPath? = nil, seconds: Double = 10) throws -> DBusMessage {
        try waitForMessage(seconds: seconds, "signal \(member) on \(path?.rawValue ?? "any path")") {
            $0.kind == .signal && $0.member?.rawValue == member && (path == nil || $0.path == path)
        }
    }

    /// Waits for a message matching `predicate`; others are kept for later waits.
    func waitForMessage(seconds: Double, _ what: String, where predicate: (DBusMessage) -> Bool) throws -> DBusMessage {
        if let index = backlog.firstIndex(where: predicate) { return backlog.remove(at: index) }
        let seconds = SanitizerBuild.patience(seconds)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let remaining = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard let message = connection.nextMessage(timeoutMilliseconds: min(remaining, 200)) else {
                guard connection.isConnected else { throw HarnessError("disconnected while waiting for \(what)") }
                continue
            }
            if predicate(message) { return message }
            backlog.append(message)
        }
        throw HarnessError("timed out after \(seconds) s waiting for \(what)")
    }

    /// Signals received so far that match `predicate`, without waiting.
    func receivedSignals(_ member: String) -> [DBusMessage] {
        while let message = connection.nextMessage(timeoutMilliseconds: 0) { backlog.append(message) }
        return backlog.filter { $0.kind == .signal && $0.member?.rawValue == member }
    }

    func property(_ name: String, path: ObjectPath = managerPath, interface: InterfaceName = managerInterface) throws -> DBusValue {
        guard case .variant(let value)? = try call(
            "Get", path: path, interface: "org.freedesktop.DBus.Properties", [.string(interface.rawValue), .string(name)]).first
        else { throw HarnessError("Get \(name) returned no variant") }
        return value
    }

    func nameHasOwner(_ name: String) throws -> Bool {
        let reply = try call(
            "NameHasOwner", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", destination: "org.freedesktop.DBus", [.string(name)])
        return reply.first == .boolean(true)
    }
}

extension DBusMessage {
    /// The string arguments, for checking signals and replies.
    var strings: [String] {
        ((try? arguments()) ?? []).compactMap { if case .string(let text) = $0 { text } else { nil } }
    }
}

/// Runs `body` and returns the D-Bus error it threw, or nil when it succeeded.
func dbusError(_ body: () throws -> Void) -> DBusFailure? {
    do {
        try body()
        return nil
    } catch let failure as DBusFailure {
        return failure
    } catch {
        return DBusFailure(name: "harness", message: "\(error)")
    }
}
