internal import TimePickerCore

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

/// What one notification shows for a session's view: pure, so layouts can be tested without a server.
public struct NotificationContent: Sendable, Equatable {
    public var summary: String
    public var body: String
    public var actions: [NotificationAction]

    /// The notification for `view` in `layout` at `now` (monotonic milliseconds, for the
    /// countdown); with `bodyMarkup` the body is escaped for servers that read it as markup.
    /// Caller text is neutralised either way.
    public static func render(_ view: NotificationView, layout: NotificationLayout, bodyMarkup: Bool, now: Int) -> NotificationContent {
        var lines: [String]
        let actions: [NotificationAction]
        switch layout {
        case .stepper:
            (lines, actions) = stepper(view.state)
        case .list:
            let menu = ListMenu(view)
            (lines, actions) = (menu.bodyLines, menu.actions)
        }
        if let left = view.state.secondsLeft(at: now) { lines.append(Countdown.text(secondsLeft: left)) }
        lines.append("Dismiss this notification to cancel.")
        let body = lines.map { bodyMarkup ? escapedForMarkup(displaySafe($0)) : displaySafe($0) }.joined(separator: "\n")
        return NotificationContent(summary: displaySafe(view.state.options.title), body: body, actions: actions)
    }

    /// The stepper's body and actions: each action once. The click on the body (the default
    /// action, which GNOME Shell and others show as no button) is Next, then OK; servers that
    /// list the default action (dunst's menu) show it under that label.
    private static func stepper(_ state: PickerState) -> (lines: [String], actions: [NotificationAction]) {
        let clock = state.options.clock
        let choosingStart = state.focus == .start
        let lines = [
            "Start: \(state.start.label(clock))" + (choosingStart ? "  ◀" : ""),
            "End: \(state.end.label(clock))" + (choosingStart ? "" : "  ◀"),
            "Duration: \(state.durationLine)",
            choosingStart
                ? "Earlier and Later move the start; click this notification to go on to the end."
                : "Earlier and Later move the end; click this notification to accept.",
        ]
        let actions = [
            NotificationAction(.default, label: choosingStart ? "Next" : "OK"),
            NotificationAction(.earlier, label: "Earlier"),
            NotificationAction(.later, label: "Later"),
        ]
        return (lines, actions)
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
