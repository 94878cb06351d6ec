import TestHarness
import DBusKit
import Foundation
import LocalSettings
import TimePickerCore

/// The test in the daemon's place, talking to the dialog backend through its interface as the
/// daemon would: it calls ShowPicker, keeps a `PickerModel` per dialog built from the same
/// options, applies the Events the backend sends, and answers each with Update.
final class BackendCaller {
    static let service: BusName = "io.github.timepickerd.Gtk"
    static let path: ObjectPath = "/io/github/timepickerd/impl/TimePicker1"
    static let interface: InterfaceName = "io.github.timepickerd.impl.TimePicker1"

    /// How a ShowPicker call ended.
    struct Outcome: Equatable, CustomStringConvertible {
        let response: UInt32
        let results: [String: String]
        var description: String { "\(response) \(results)" }
    }

    let connection: DBusConnection
    /// Whether Events are answered with Update (the daemon always does).
    var answersEvents = true
    /// Every Event received, in order: the handle and the event's text.
    private(set) var events: [(handle: String, text: String)] = []
    /// Errors the backend answered Updates with.
    private(set) var updateErrors: [String] = []
    private var models: [String: PickerModel] = [:]
    private var replies: [UInt32: DBusMessage] = [:]
    private var updates: Set<UInt32> = []
    private var otherMessages: [DBusMessage] = []

    init(bus: PrivateBus) throws {
        connection = try DBusConnection.connect(address: bus.address)
    }

    var uniqueName: String { connection.uniqueName.rawValue }

    /// The events received for `handle`, as text.
    func events(for handle: ObjectPath) -> [String] { events.filter { $0.handle == handle.rawValue }.map(\.text) }

    /// The daemon's state of the dialog `handle`.
    func model(_ handle: ObjectPath) -> PickerModel? { models[handle.rawValue] }

    /// How many Updates the backend has not answered yet.
    var unansweredUpdates: Int { updates.count }

    /// Sends ShowPicker without waiting (its reply comes when the dialog ends); returns its serial.
    func showPicker(_ handle: ObjectPath, parentWindow: String = "", _ options: [String: DBusValue] = [:]) throws -> UInt32 {
        let raw = options.mapValues(Self.optionValue)
        if var model = Self.model(raw) {
            if case .string(let focus)? = raw["focus"], let column = PickerColumn(wireText: focus) { _ = model.apply(.focus(column)) }
            models[handle.rawValue] = model
        }
        let message = try DBusMessage.methodCall(destination: Self.service, path: Self.path, interface: Self.interface, member: "ShowPicker")
        try message.append(contentsOf: [.objectPath(handle), .string(parentWindow), .vardict(options)])
        connection.send(message)
        connection.flush()
        return message.serial
    }

    /// Calls `member` and waits for its reply; an error reply is thrown as DBusFailure.
    @discardableResult
    func call(_ member: MemberName, _ arguments: [DBusValue], interface: InterfaceName = interface, path: ObjectPath = path) throws -> [DBusValue] {
        let message = try DBusMessage.methodCall(destination: Self.service, path: path, interface: interface, member: member)
        try message.append(contentsOf: arguments)
        return try connection.call(message, timeoutMilliseconds: 10_000).arguments()
    }

    /// Update with `state`, waiting for the reply.
    func update(_ handle: ObjectPath, _ state: [String: DBusValue]) throws {
        try call("Update", [.objectPath(handle), .vardict(state)])
        if let model = models[handle.rawValue] {
            var options = model.options
            if case .string(let start)? = state["start"], let time = Slot(wireText: start) { options.start = time }
            if case .string(let end)? = state["end"], let time = Slot(wireText: end) { options.end = time }
            var next = PickerModel(options: options)
            if case .string(let focus)? = state["focus"], let column = PickerColumn(wireText: focus) { _ = next.apply(.focus(column)) }
            models[handle.rawValue] = next
        }
    }

    /// Close, waiting for the reply.
    func close(_ handle: ObjectPath) throws {
        try call("Close", [.objectPath(handle)])
    }

    /// Handles what arrives until `condition` holds; throws after `seconds`.
    func pump(_ what: String, seconds: Double = 15, until condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if try condition() { return }
            guard Date() < deadline else { throw HarnessError("timed out after \(seconds) s waiting for \(what); events: \(events)") }
            if let message = connection.nextMessage(timeoutMilliseconds: 20) { handle(message) }
        }
    }

    /// Waits for the end of the ShowPicker call `serial`, answering Events meanwhile.
    func outcome(of serial: UInt32, seconds: Double = 15) throws -> Outcome {
        try pump("the reply to ShowPicker \(serial)", seconds: seconds) { replies[serial] != nil }
        guard let reply = replies.removeValue(forKey: serial) else { throw HarnessError("no reply") }
        guard reply.kind == .methodReturn else {
            throw DBusFailure(name: reply.errorName ?? .failed, message: reply.errorMessage ?? "")
        }
        let arguments = try reply.arguments()
        guard arguments.count == 2, case .uint32(let response) = arguments[0], let entries = arguments[1].stringKeyedEntries else {
            throw HarnessError("ShowPicker replied \(arguments)")
        }
        var results: [String: String] = [:]
        for (key, value) in entries {
            if case .variant(.string(let text)) = value { results[key] = text }
        }
        return Outcome(response: response, results: results)
    }

    /// Whether ShowPicker `serial` has been answered yet (after handling what has arrived).
    func isAnswered(_ serial: UInt32) -> Bool {
        handleArrived()
        return replies[serial] != nil
    }

    /// Handles what has arrived, without waiting.
    func handleArrived() {
        while let message = connection.nextMessage(timeoutMilliseconds: 0) { handle(message) }
    }

    /// Handles messages for `seconds`, to see that something does not happen.
    func pump(seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let message = connection.nextMessage(timeoutMilliseconds: 20) { handle(message) }
        }
    }

    private func handle(_ message: DBusMessage) {
        switch message.kind {
        case .signal where message.isSignal(interface: Self.interface, member: "Event"):
            guard case .objectPath(let handle)? = try? message.arguments().first, let text = message.strings.first else { return }
            events.append((handle.rawValue, text))
            guard answersEvents, var model = models[handle.rawValue], let event = PickerEvent(wireText: text) else { return }
            _ = model.apply(event)
            models[handle.rawValue] = model
            sendUpdate(handle, model)
        case .methodReturn, .error:
            if updates.remove(message.replySerial) != nil {
                if message.kind == .error { updateErrors.append("\(message.errorName?.rawValue ?? ""): \(message.errorMessage ?? "")") }
            } else {
                replies[message.replySerial] = message
            }
        default:
            otherMessages.append(message)
        }
    }

    private func sendUpdate(_ handle: ObjectPath, _ model: PickerModel) {
        guard let message = try? DBusMessage.methodCall(destination: Self.service, path: Self.path, interface: Self.interface, member: "Update")
        else { return }
        try? message.append(contentsOf: [
            .objectPath(handle),
            .vardict(["start": .string(model.start.wireText), "end": .string(model.end.wireText), "focus": .string(model.focus.wireText)]),
        ])
        connection.send(message)
        connection.flush()
        updates.insert(message.serial)
    }

    /// A call of `member` on the backend's object and interface, without arguments yet.
    static func methodCall(_ member: MemberName) throws -> DBusMessage {
        try DBusMessage.methodCall(destination: service, path: path, interface: interface, member: member)
    }

    /// The daemon's model of a ShowPicker's options, as the daemon would hold it: the grid's
    /// options checked by the core with the system's zone database; `start` and `end` as the
    /// core reads a caller's (a start alone takes the end along), else as slots' wire text
    /// (`30:00`, `02:30+01:00`), as the daemon sends them.
    private static func model(_ raw: [String: OptionValue]) -> PickerModel? {
        let grid = raw.filter { ["step", "first", "last", "min_duration", "clock", "overnight", "date", "time_zone"].contains($0.key) }
        let context = PickerContext(
            defaultClock: .twentyFourHour, now: nil, localZone: { ZoneDatabase.local() }, zoneNamed: { ZoneDatabase.rules(named: $0) })
        let selection = raw.filter { $0.key == "start" || $0.key == "end" }
        if let options = try? PickerOptions(validating: grid.merging(selection) { $1 }, context: context) { return PickerModel(options: options) }
        guard var options = try? PickerOptions(validating: grid, context: context) else { return nil }
        if case .string(let start)? = raw["start"], let slot = Slot(wireText: start) { options.start = slot }
        if case .string(let end)? = raw["end"], let slot = Slot(wireText: end) { options.end = slot }
        return PickerModel(options: options)
    }

    private static func optionValue(_ value: DBusValue) -> OptionValue {
        switch value {
        case .string(let text): .string(text)
        case .uint32(let number): .uint32(number)
        case .boolean(let value): .boolean(value)
        default: .other(signature: value.signature)
        }
    }
}
