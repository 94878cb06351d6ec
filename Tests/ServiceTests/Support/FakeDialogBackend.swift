import DBusKit
import Foundation
import TestHarness

/// A dialog backend played by the test, careless or hostile as the test pleases: it owns the
/// backend's name on the private bus, receives the daemon's ShowPicker, Update and Close calls
/// when the test waits for them, and answers them (or not) and sends Events as the test says.
/// Nothing happens while the test does not wait: a backend that is not pumped is a frozen one.
///
/// Like any backend that handles its calls in order, it answers the daemon's
/// Properties.Get(Version) as it reads it (so the daemon learns that the ShowPicker before it
/// was taken), unless the test turns `answersVersion` off and answers those calls itself.
final class FakeDialogBackend {
    /// The name the daemon is told to use (`--dialog-backend`); no activation file names it.
    static let name: BusName = "test.timepickerd.FakeDialog"
    static let path: ObjectPath = "/io/github/timepickerd/impl/TimePicker1"
    static let interface: InterfaceName = "io.github.timepickerd.impl.TimePicker1"

    let connection: DBusConnection
    /// Calls received and not yet taken by a wait.
    private var backlog: [DBusMessage] = []
    /// Answer Properties.Get(Version) as it arrives; when false, such calls wait in the backlog
    /// as "Get" like any other call.
    var answersVersion = true

    /// Connects to `bus` and takes `name` with `flags`; throws unless it became the owner (or,
    /// with `queued`, joined the queue for the name).
    init(bus: PrivateBus, name: BusName = FakeDialogBackend.name, flags: NameRequestFlags = [.doNotQueue], queued: Bool = false) throws {
        connection = try DBusConnection.connect(address: bus.address)
        let reply = try connection.requestName(name, flags: flags)
        guard reply == .primaryOwner || (queued && reply == .inQueue) else {
            throw HarnessError("the fake backend did not get \(name): \(reply)")
        }
    }

    var uniqueName: String { connection.uniqueName.rawValue }

    /// Gives the backend's name up (as a backend that quits does before it exits), waiting for
    /// the bus's answer.
    func releaseName(_ name: BusName = FakeDialogBackend.name) throws {
        _ = try connection.callMethod(
            "ReleaseName", destination: .messageBus, path: .messageBus, interface: .messageBus, [.string(name.rawValue)],
            timeoutMilliseconds: 5000)
    }

    /// Waits for a call to `member` (ShowPicker, Update, Close) and returns it.
    @discardableResult
    func waitForCall(_ member: String, seconds: Double = 10) throws -> DBusMessage {
        if let index = backlog.firstIndex(where: { $0.member?.rawValue == member }) { return backlog.remove(at: index) }
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            guard let message = nextCall(timeoutMilliseconds: 100) else { continue }
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
            if let message = nextCall(timeoutMilliseconds: 50) { backlog.append(message) }
        }
        let matching = backlog.filter { $0.member?.rawValue == member }
        backlog.removeAll { $0.member?.rawValue == member }
        return matching
    }

    /// The next method call that arrives within `timeoutMilliseconds`, answering a Version probe
    /// on the way when `answersVersion` says so.
    private func nextCall(timeoutMilliseconds: Int32) -> DBusMessage? {
        guard let message = connection.nextMessage(timeoutMilliseconds: timeoutMilliseconds), message.kind == .methodCall else { return nil }
        guard answersVersion, Self.isVersionProbe(message) else { return message }
        try? answerVersion(message)
        return nil
    }

    /// Whether `call` is Properties.Get of the backend interface's Version.
    static func isVersionProbe(_ call: DBusMessage) -> Bool {
        guard call.interface?.rawValue == "org.freedesktop.DBus.Properties", call.member?.rawValue == "Get",
              let arguments = try? call.arguments()
        else { return false }
        return arguments == [.string(interface.rawValue), .string("Version")]
    }

    /// Answers a Version probe with 1, as the interface says.
    func answerVersion(_ call: DBusMessage) throws {
        try reply(to: call, [.variant(.uint32(1))])
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

    /// The session a ShowPicker, Update or Close call is about: its handle is the session's
    /// object path with the ShowPicker's serial below it.
    static func sessionPath(of call: DBusMessage) throws -> ObjectPath {
        let handle = try handle(of: call).rawValue
        guard let slash = handle.lastIndex(of: "/"), let path = ObjectPath(String(handle[..<slash])) else {
            throw HarnessError("the handle \(handle) has no parent")
        }
        return path
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
