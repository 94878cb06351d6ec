import DBusKit
import DBusKitTesting
import EventLoop
import Testing
import TimePickerContract

/// A notification server of the Desktop Notifications specification, played on a `FakeBus`:
/// it owns org.freedesktop.Notifications, gives the name it is made with and says it shows
/// actions, answers Notify with ids (keeping the id of a notification replaced in place),
/// closes on CloseNotification with NotificationClosed, and sends what the person does as the
/// spec's signals, from its own unique name.
final class FakeNotificationServer {
    /// One notification as the server shows it.
    struct Notification {
        var summary: String
        var body: String
        var actionKeys: [String]
        var isOpen = true
        /// How many Notify calls drew it (an update in place draws it again).
        var draws = 1
        /// When it was last drawn, on the monotonic clock.
        var drawnAt = MonotonicClock.now()
    }

    private let bus: FakeBus
    /// What GetServerInformation says it is: the daemon adapts to servers by name.
    private let serverName: String
    private(set) var uniqueName: BusName?
    /// Every notification the server was asked to show, by id.
    private(set) var notifications: [UInt32: Notification] = [:]
    private var nextID: UInt32 = 1
    /// Set: no call is answered any more.
    var isStalled = false

    init(bus: FakeBus, serverName: String) {
        self.bus = bus
        self.serverName = serverName
    }

    /// Connects to the bus and takes the server's name.
    func start() {
        let name = bus.connect(FakePeer { [weak self] call in self?.answer(call) ?? .later })
        uniqueName = name
        bus.own(NotificationsBus.name, by: name)
    }

    /// Leaves the bus, as a server that quits or crashes.
    func leave() {
        guard let uniqueName else { return }
        bus.disconnect(uniqueName)
    }

    /// The id of the open notification titled `summary`, else of the last one that was.
    func notification(titled summary: String) -> (id: UInt32, notification: Notification)? {
        let matching = notifications.filter { $0.value.summary == summary }
        let chosen = matching.filter(\.value.isOpen).max { $0.key < $1.key } ?? matching.max { $0.key < $1.key }
        return chosen.map { ($0.key, $0.value) }
    }

    /// The person invokes the action `key` of notification `id`.
    func invoke(_ key: String, on id: UInt32) {
        emit(NotificationsBus.Member.actionInvoked, [.uint32(id), .string(key)])
    }

    /// The person dismisses notification `id`.
    func dismiss(_ id: UInt32) {
        guard notifications[id]?.isOpen == true else { return }
        notifications[id]?.isOpen = false
        // The spec's reason 2: dismissed by the user.
        emit(NotificationsBus.Member.notificationClosed, [.uint32(id), .uint32(2)])
    }

    private func answer(_ call: DBusMessage) -> FakeAnswer {
        guard !isStalled else { return .later }
        let arguments = (try? call.arguments()) ?? []
        switch call.member {
        case NotificationsBus.Member.getServerInformation?:
            return .values([.string(serverName), .string("timepickerd"), .string("1"), .string("1.2")])
        case NotificationsBus.Member.getCapabilities?:
            return .values([.array(elementSignature: "s", elements: [.string("actions"), .string("body")])])
        case NotificationsBus.Member.notify?:
            return notify(arguments)
        case NotificationsBus.Member.closeNotification?:
            guard case .uint32(let id)? = arguments.first else { return .error(.invalidArgs, "CloseNotification takes an id") }
            if notifications[id]?.isOpen == true {
                notifications[id]?.isOpen = false
                // The spec's reason 3: closed by a call to CloseNotification.
                emit(NotificationsBus.Member.notificationClosed, [.uint32(id), .uint32(3)])
            }
            return .values([])
        default:
            return .error(.unknownMethod, "the fake notification server does not answer \(call.member?.rawValue ?? "this")")
        }
    }

    /// Notify(app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout).
    private func notify(_ arguments: [DBusValue]) -> FakeAnswer {
        guard arguments.count == 8, case .uint32(let replaces) = arguments[1], case .string(let summary) = arguments[3],
              case .string(let body) = arguments[4], case .array(_, let actions) = arguments[5]
        else { return .error(.invalidArgs, "Notify takes (susssasa{sv}i)") }
        let strings = actions.compactMap { value -> String? in if case .string(let text) = value { text } else { nil } }
        // Keys and labels alternate.
        let keys = stride(from: 0, to: strings.count, by: 2).map { strings[$0] }
        if replaces != 0, let shown = notifications[replaces], shown.isOpen {
            notifications[replaces] = Notification(summary: summary, body: body, actionKeys: keys, draws: shown.draws + 1)
            return .values([.uint32(replaces)])
        }
        let id = nextID
        nextID += 1
        notifications[id] = Notification(summary: summary, body: body, actionKeys: keys)
        return .values([.uint32(id)])
    }

    private func emit(_ member: MemberName, _ values: [DBusValue]) {
        guard let uniqueName else { return }
        do {
            try bus.deliverSignal(from: uniqueName, path: NotificationsBus.path, interface: NotificationsBus.interface, member: member, values)
        } catch {
            Issue.record(error, "the fake notification server could not send \(member)")
        }
    }
}
