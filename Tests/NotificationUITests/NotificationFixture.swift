import CallerApps
import DBusKit
import DBusKitTesting
import EventLoop
import FrontEndTesting
import Glibc
import NotificationUI
import Testing
import TimePickerCore

/// A notification front end on a fake bus, with the notification server played by the test:
/// it says who it is and what it can do, answers CloseNotification, and answers Notify as it
/// comes (with the id it replaces, or a new one) or when the test says (`answersNotify` off).
final class NotificationFixture {
    static let serverName: BusName = "org.freedesktop.Notifications"

    let loop = EventLoop()
    let bus: FakeBus
    let frontEnd: NotificationFrontEnd
    let delegate = RecordingDelegate()
    /// What the server calls itself (GetServerInformation): it chooses the server's profile.
    var name = "test-server"
    var capabilities = ["actions", "body"]
    /// The server answers Notify as it comes; when false, the test answers (`showNotify`).
    var answersNotify = true
    private var lastID: UInt32 = 0

    /// `caller` says who asked for each session: one caller unless a test says otherwise.
    init(caller: @escaping (PickerSessionID) -> CallerKey? = { _ in .connection(":1.1") }) {
        bus = FakeBus(loop: loop, defaultUser: getuid())
        frontEnd = NotificationFrontEnd(bus: bus, loop: loop, layout: nil, caller: caller)
        frontEnd.delegate = delegate
    }

    /// Connects a server process running as `user` (the daemon's by default) and gives it the
    /// server's name; returns its unique name.
    @discardableResult
    func startServer(user: UInt32? = nil) -> BusName {
        let server = bus.connect(FakePeer { [weak self] call in self?.answer(call) ?? .later }, user: user)
        bus.own(Self.serverName, by: server)
        return server
    }

    private func answer(_ call: DBusMessage) -> FakeAnswer {
        switch call.member?.rawValue {
        case "GetServerInformation": .values([.string(name), .string("test"), .string("1.0"), .string("1.2")])
        case "GetCapabilities": .values([.array(elementSignature: "s", elements: capabilities.map(DBusValue.string))])
        case "Notify" where answersNotify: .values([.uint32(newID(replacing: Self.replacedID(in: call) ?? 0))])
        case "CloseNotification": .values([])
        default: .later
        }
    }

    /// The id a Notify replacing `replaced` gets: the same, or a new one for 0.
    private func newID(replacing replaced: UInt32) -> UInt32 {
        guard replaced == 0 else { return replaced }
        lastID += 1
        return lastID
    }

    /// Lets everything sent and answered so far arrive (the fake bus delivers on later turns).
    func run() {
        for _ in 0..<40 { loop.runOnce(maximumWaitMilliseconds: 0) }
    }

    /// Shows sessions numbered `numbers`, each titled "S" and its number.
    func show(_ numbers: ClosedRange<UInt64>) throws {
        for number in numbers { frontEnd.show(PickerSessionID(number), try Self.state(title: "S\(number)")) }
    }

    /// Starts a server whose Notify calls the test answers, shows sessions 1 and 2, and answers
    /// the first one's Notify with `id`; returns the server and both Notify calls.
    func showTwo(firstAs id: UInt32) throws -> (server: BusName, notifies: [DBusMessage]) {
        answersNotify = false
        let server = startServer()
        try show(1...2)
        run()
        let notifies = calls("Notify")
        try #require(notifies.count == 2)
        showNotify(notifies[0], id: id, from: server)
        run()
        return (server, notifies)
    }

    /// A state titled `title`, after `events`.
    static func state(title: String, after events: [PickerEvent] = []) throws -> PickerState {
        var model = PickerModel(options: try PickerOptions(validating: ["title": .string(title)], defaultClock: .twentyFourHour))
        for event in events { _ = model.apply(event) }
        return model.state
    }

    /// What the front end shows for `state` on this server, as NotificationContent renders it.
    func content(of state: PickerState) -> NotificationContent {
        NotificationContent.render(
            NotificationView(state), profile: .forServer(named: name), bodyMarkup: capabilities.contains("body-markup"), now: 0)
    }

    // MARK: What the server received

    func calls(_ member: MemberName) -> [DBusMessage] { bus.calls(member) }

    /// The call to `member` numbered `index` (from 0), which the test requires to have been made.
    func call(_ member: MemberName, _ index: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> DBusMessage {
        let made = calls(member)
        try #require(made.indices.contains(index), "no \(member) call number \(index): \(made.count) were made", sourceLocation: sourceLocation)
        return made[index]
    }

    /// The summaries of the Notify calls so far, in order.
    var notifiedSummaries: [String] { calls("Notify").compactMap { Self.strings(in: $0).first } }

    /// The replaced id (second argument) of a Notify.
    static func replacedID(in notify: DBusMessage) -> UInt32? {
        guard let arguments = try? notify.arguments(), arguments.count > 1, case .uint32(let id) = arguments[1] else { return nil }
        return id
    }

    /// The summary and the body of a Notify.
    static func strings(in notify: DBusMessage) -> [String] {
        guard let arguments = try? notify.arguments(), arguments.count > 4 else { return [] }
        return arguments[3...4].compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    /// The ids the front end asked the server to close, in order.
    var closedIDs: [UInt32] {
        calls("CloseNotification").compactMap { call in
            guard case .uint32(let id)? = try? call.arguments().first else { return nil }
            return id
        }
    }

    // MARK: What the server says

    /// Answers `notify` (`answersNotify` off) with the notification's `id`.
    func showNotify(_ notify: DBusMessage, id: UInt32, from server: BusName) {
        bus.reply(to: notify, from: server, .values([.uint32(id)]))
    }

    /// ActionInvoked(id, key) from `sender`.
    func invoke(_ key: String, on id: UInt32, from sender: BusName) throws {
        try signal("ActionInvoked", [.uint32(id), .string(key)], from: sender)
    }

    /// NotificationClosed(id, reason) from `sender`: 1 expired, 2 dismissed, 3 closed by a call.
    func close(_ id: UInt32, reason: UInt32, from sender: BusName) throws {
        try signal("NotificationClosed", [.uint32(id), .uint32(reason)], from: sender)
    }

    private func signal(_ member: MemberName, _ arguments: [DBusValue], from sender: BusName) throws {
        try bus.deliverSignal(
            from: sender, path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications", member: member, arguments)
    }
}

/// The session numbered `number`.
func session(_ number: UInt64) -> PickerSessionID { PickerSessionID(number) }
