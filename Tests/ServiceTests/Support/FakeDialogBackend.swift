import DBusKit
import Foundation
import TestHarness

/// A dialog backend played by the test, careless or hostile as the test pleases: it owns the
/// backend's name on the private bus, receives the daemon's ShowPicker, Update and Close calls
/// when the test waits for them, and answers them (or not) and sends Events as the test says.
/// Nothing happens while the test does not wait: a backend that is not pumped is a frozen one.
final class FakeDialogBackend {
    /// The name the daemon is told to use (`--dialog-backend`); no activation file names it.
    static let name: BusName = "test.timepickerd.FakeDialog"
    static let path: ObjectPath = "/io/github/timepickerd/impl/TimePicker1"
    static let interface: InterfaceName = "io.github.timepickerd.impl.TimePicker1"

    let connection: DBusConnection
    /// Calls received and not yet taken by a wait.
    private var backlog: [DBusMessage] = []

    /// Connects to `bus` and takes `name` with `flags`; throws unless it became the owner.
    init(bus: PrivateBus, name: BusName = FakeDialogBackend.name, flags: NameRequestFlags = [.doNotQueue]) throws {
        connection = try DBusConnection.connect(address: bus.address)
        let reply = try connection.requestName(name, flags: flags)
        guard reply == .primaryOwner else { throw HarnessError("the fake backend did not get \(name): \(reply)") }
    }

    var uniqueName: String { connection.uniqueName }

    /// Waits for a call to `member` (ShowPicker, Update, Close) and returns it.
    @discardableResult
    func waitForCall(_ member: String, seconds: Double = 10) throws -> DBusMessage {
        if let index = backlog.firstIndex(where: { $0.member?.rawValue == member }) { return backlog.remove(at: index) }
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            guard let message = connection.nextMessage(timeoutMilliseconds: 100) else { continue }
            guard message.kind == .methodCall else { continue }
            if message.member?.rawValue == member { return message }
            backlog.append(message)
        }
        throw HarnessError("the fake backend waited \(seconds) s for \(member) in vain")
    }

    /// Reads what arrived for up to `seconds` and returns the calls to `member` among it (the
    /// others are kept for later waits).
    func calls(_ member: String, within seconds: Double) -> [DBusMessage] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let message = connection.nextMessage(timeoutMilliseconds: 50), message.kind == .methodCall { backlog.append(message) }
        }
        let matching = backlog.filter { $0.member?.rawValue == member }
        backlog.removeAll { $0.member?.rawValue == member }
        return matching
    }

    /// Replies to `call` with `values`, whatever their types.
    func reply(to call: DBusMessage, _ values: [DBusValue]) throws {
        let reply = try call.makeReturn()
        try reply.append(contentsOf: values)
        connection.send(reply)
        connection.flush()
    }

    /// Replies to ShowPicker `call` with `response` and string `results`.
    func answer(_ call: DBusMessage, response: UInt32, _ results: [String: String] = [:]) throws {
        try reply(to: call, [.uint32(response), .vardict(results.mapValues { .string($0) })])
    }

    /// Answers `call` with the error `name`.
    func fail(_ call: DBusMessage, name: ErrorName, message: String = "refused by the fake backend") throws {
        connection.send(try call.makeError(name: name, message: message))
        connection.flush()
    }

    /// Sends the Event signal `text` for `handle` to `destination` (the daemon: a unicast
    /// signal, as the interface says), `count` times, then waits until the bus has routed them.
    func emit(_ text: String, for handle: ObjectPath, to destination: BusName, count: Int = 1) throws {
        for _ in 0..<count {
            let signal = try DBusMessage.signal(path: Self.path, interface: Self.interface, member: "Event")
            try signal.append(contentsOf: [.objectPath(handle), .string(text)])
            signal.setDestination(destination)
            connection.send(signal)
        }
        connection.flush()
    }

    /// The session handle a ShowPicker, Update or Close call names.
    static func handle(of call: DBusMessage) throws -> ObjectPath {
        guard case .objectPath(let handle)? = try call.arguments().first else { throw HarnessError("\(call.member?.rawValue ?? "") without a handle") }
        return handle
    }

    /// The string entries of an Update's state or ShowPicker's options.
    static func strings(in call: DBusMessage) throws -> [String: String] {
        let arguments = try call.arguments()
        guard let entries = arguments.last?.stringKeyedEntries else { return [:] }
        var strings: [String: String] = [:]
        for (key, value) in entries { if case .variant(.string(let text)) = value { strings[key] = text } }
        return strings
    }
}
