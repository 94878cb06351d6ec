public import TimePickerCore

/// One action a notification offers: the key that comes back when it is invoked, and its label.
public struct NotificationAction: Sendable, Equatable {
    public let key: String
    public let label: String

    init(_ key: NotificationActionKey, label: String) {
        self.init(key: key.rawValue, label: label)
    }

    init(key: String, label: String) {
        self.key = key
        self.label = label
    }
}

/// What one notification shows for a picker's state: pure, so layouts can be tested without a server.
public struct NotificationContent: Sendable, Equatable {
    public var summary: String
    public var body: String
    public var actions: [NotificationAction]

    /// The notification for `state` in `layout`; with `bodyMarkup` the body is escaped for
    /// servers that read it as markup. Caller text is neutralised either way.
    public static func render(_ state: PickerState, layout: NotificationLayout, bodyMarkup: Bool) -> NotificationContent {
        let clock = state.options.clock
        let start = state.start.label(clock)
        let end = state.end.label(clock)
        let choosingStart = state.focus == .start
        var lines: [String]
        var actions: [NotificationAction]
        switch layout {
        case .stepper:
            lines = [
                "Start: \(start)" + (choosingStart ? "  ◀" : ""),
                "End: \(end)" + (choosingStart ? "" : "  ◀"),
                choosingStart ? "Move the start with Earlier and Later, then Next." : "Move the end with Earlier and Later, then OK.",
            ]
            actions = [
                NotificationAction(.default, label: choosingStart ? "Next" : "OK"),
                NotificationAction(.earlier, label: "Earlier"),
                NotificationAction(.later, label: "Later"),
                choosingStart ? NotificationAction(.next, label: "Next") : NotificationAction(.ok, label: "OK"),
            ]
        case .list:
            if choosingStart {
                lines = ["Choose the start time."]
                actions = state.validStarts.map { NotificationAction(.start($0), label: "Start \($0.label(clock))") }
            } else {
                lines = ["Start: \(start)", "Choose the end time."]
                actions = state.validEnds.map { NotificationAction(.end($0), label: "End \($0.label(clock))") }
            }
        }
        lines.append("Dismiss this notification to cancel.")
        let body = lines.map { bodyMarkup ? escapedForMarkup(displaySafe($0)) : displaySafe($0) }.joined(separator: "\n")
        return NotificationContent(summary: displaySafe(state.options.title), body: body, actions: actions)
    }

    /// `text` with the characters the Notifications body markup gives meaning to escaped.
    static func escapedForMarkup(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
