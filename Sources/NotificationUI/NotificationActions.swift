public import TimePickerCore

/// An action a picker's notification offers, as the key the server sends back when the person
/// invokes it: written here once, for both drawing the notification and reading the answer.
public enum NotificationActionKey: Equatable, Sendable {
    /// A click on the notification's body (the Notifications spec's "default" action).
    case `default`
    case earlier, later, next, ok
    /// A start slot, in the list layout.
    case start(WallClockTime)
    /// An end slot, in the list layout.
    case end(WallClockTime)

    /// The key on the bus: "default", "earlier", …, "start-09:00", "end-17:00".
    public var rawValue: String {
        switch self {
        case .default: "default"
        case .earlier: "earlier"
        case .later: "later"
        case .next: "next"
        case .ok: "ok"
        case .start(let time): "start-" + time.busText
        case .end(let time): "end-" + time.busText
        }
    }

    /// Reads a key the server sent; nil for one the daemon never offers.
    public init?(rawValue key: String) {
        switch key {
        case "default": self = .default
        case "earlier": self = .earlier
        case "later": self = .later
        case "next": self = .next
        case "ok": self = .ok
        default:
            if key.hasPrefix("start-"), let time = WallClockTime(parsing: String(key.dropFirst(6))) {
                self = .start(time)
            } else if key.hasPrefix("end-"), let time = WallClockTime(parsing: String(key.dropFirst(4))) {
                self = .end(time)
            } else {
                return nil
            }
        }
    }
}

/// The picker events an invoked notification action stands for, whatever the layout.
///
/// `default` is a click on the notification's body: Next while choosing the start, OK after.
public func pickerEvents(forAction key: String, in state: PickerState) -> [PickerEvent] {
    switch NotificationActionKey(rawValue: key) {
    case .earlier: [.move(by: -1)]
    case .later: [.move(by: 1)]
    case .next: [.focus(.end)]
    case .ok: [.confirm]
    case .default: state.focus == .start ? [.focus(.end)] : [.confirm]
    case .start(let time): [.set(.start, time), .focus(.end)]
    case .end(let time): [.set(.end, time), .confirm]
    case nil: []
    }
}
