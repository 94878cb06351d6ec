import CallerApps
import DBusKit
import DBusKitTesting
import DialogUI
import EventLoop
import FrontEndTesting
import Glibc
import Testing
import TimePickerCore

/// A dialog front end on a fake bus, with the dialog backend played by the test: it answers
/// Properties.Get (the daemon asking whether a ShowPicker was taken), Update and Close as the
/// test sets it to, and ShowPicker only when the test says how the dialog ended.
final class DialogFixture {
    /// The backend's well-known name, as `--dialog-backend` would give it.
    static let backendName: BusName = "test.timepickerd.Dialog"

    let loop = EventLoop()
    let bus: FakeBus
    let frontEnd: DialogFrontEnd
    let delegate = RecordingDelegate()
    /// What the front end logged about the backend (`onProblem`).
    private(set) var problems: [String] = []
    /// The backend answers Properties.Get as it comes: it has taken the ShowPicker sent before.
    /// When false, the test answers those calls (`take`).
    var answersVersion = true
    /// The backend answers Update as it comes; when false, the test answers it (`bus.reply`).
    var answersUpdate = true

    /// `caller` says who asked for each session: one caller unless a test says otherwise.
    init(caller: @escaping (PickerSessionID) -> CallerKey? = { _ in .connection(":1.1") }) {
        bus = FakeBus(loop: loop, defaultUser: getuid())
        frontEnd = DialogFrontEnd(backendName: Self.backendName, bus: bus, loop: loop, caller: caller) { session in
            ObjectPath("/test/session/s\(session.rawValue)")
        }
        frontEnd.delegate = delegate
        frontEnd.onProblem = { [weak self] line in self?.problems.append(line) }
    }

    /// Connects a backend process running as `user` (the daemon's by default) and gives it the
    /// backend's name; returns its unique name.
    @discardableResult
    func startBackend(user: UInt32? = nil) -> BusName {
        let backend = bus.connect(FakePeer { [weak self] call in self?.answer(call) ?? .later }, user: user)
        bus.own(Self.backendName, by: backend)
        return backend
    }

    private func answer(_ call: DBusMessage) -> FakeAnswer {
        switch call.member?.rawValue {
        case "Get": answersVersion ? .values([.variant(.uint32(1))]) : .later
        case "Update": answersUpdate ? .values([]) : .later
        case "Close": .values([])
        default: .later
        }
    }

    /// Lets everything sent and answered so far arrive (the fake bus delivers on later turns).
    func run() {
        for _ in 0..<40 { loop.runOnce(maximumWaitMilliseconds: 0) }
    }

    /// Shows sessions numbered `numbers` with the default options.
    func show(_ numbers: ClosedRange<UInt64>) throws {
        for number in numbers { frontEnd.show(PickerSessionID(number), try Self.state()) }
    }

    /// A state with `raw` options, after `events`.
    static func state(_ raw: [String: OptionValue] = [:], after events: [PickerEvent] = []) throws -> PickerState {
        var model = PickerModel(options: try PickerOptions(validating: raw, defaultClock: .twentyFourHour))
        for event in events { _ = model.apply(event) }
        return model.state
    }

    // MARK: What the backend received

    /// The calls to `member` the front end made, in order.
    func calls(_ member: MemberName) -> [DBusMessage] { bus.calls(member) }

    /// The call to `member` numbered `index` (from 0), which the test requires to have been made.
    func call(_ member: MemberName, _ index: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> DBusMessage {
        let made = calls(member)
        try #require(made.indices.contains(index), "no \(member) call number \(index): \(made.count) were made", sourceLocation: sourceLocation)
        return made[index]
    }

    /// The handle (first argument) of a ShowPicker, Update or Close.
    static func handle(of call: DBusMessage) -> ObjectPath? {
        guard case .objectPath(let handle)? = try? call.arguments().first else { return nil }
        return handle
    }

    /// The sessions the ShowPicker calls so far were for, from their handles, in order.
    var shownSessions: [UInt64] {
        calls("ShowPicker").compactMap { call in
            Self.handle(of: call).flatMap { handle in
                handle.rawValue.split(separator: "/").dropLast().last.flatMap { UInt64($0.dropFirst()) }
            }
        }
    }

    /// The string entries of the `a{sv}` argument at `index` of `call`.
    static func strings(in call: DBusMessage, at index: Int) -> [String: String] {
        guard let arguments = try? call.arguments(), arguments.count > index, let entries = arguments[index].stringKeyedEntries else { return [:] }
        var strings: [String: String] = [:]
        for entry in entries {
            if case .variant(.string(let text)) = entry.value { strings[entry.key] = text }
        }
        return strings
    }

    // MARK: What the backend says

    /// Answers the Properties.Get sent after a ShowPicker (`answersVersion` off): the backend took it.
    func take(_ probe: DBusMessage, from backend: BusName) {
        bus.reply(to: probe, from: backend, .values([.variant(.uint32(1))]))
    }

    /// Ends the dialog of `showPicker`: ShowPicker's late reply with `response` and `results`.
    func end(_ showPicker: DBusMessage, from backend: BusName, response: UInt32, results: [String: DBusValue] = [:]) {
        bus.reply(to: showPicker, from: backend, .values([.uint32(response), .vardict(results)]))
    }

    /// An Event signal (`text`, such as "move 1") for the dialog `handle`, sent by `sender`.
    func sendEvent(_ text: String, for handle: ObjectPath, from sender: BusName) throws {
        try bus.deliverSignal(
            from: sender, path: "/io/github/timepickerd/impl/TimePicker1", interface: "io.github.timepickerd.impl.TimePicker1",
            member: "Event", [.objectPath(handle), .string(text)])
    }

    /// A Notice signal (`text`) about the dialog `handle`, sent by `sender`.
    func sendNotice(_ text: String, for handle: ObjectPath, from sender: BusName) throws {
        try bus.deliverSignal(
            from: sender, path: "/io/github/timepickerd/impl/TimePicker1", interface: "io.github.timepickerd.impl.TimePicker1",
            member: "Notice", [.objectPath(handle), .string(text)])
    }
}

/// The session numbered `number`.
func session(_ number: UInt64) -> PickerSessionID { PickerSessionID(number) }

/// Parses a known-good "HH:MM" literal; a bad one is a bug in the test itself.
func time(_ text: String) -> Slot {
    guard let time = WallClockTime(parsing: text) else { preconditionFailure("bad time literal in test: \(text)") }
    return Slot(time)
}
