public import Localization
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
    /// For a server with a reply field: the example it shows in the empty field ("9-17:30").
    public var replyPlaceholder: String?

    /// The notification for `view` on a server of `profile` at `now` (monotonic milliseconds,
    /// for the countdown); with `bodyMarkup` the body is escaped for servers that read it as
    /// markup. Caller text is neutralised either way.
    ///
    /// On a server where each step is a new notification (`updatesInPlace` false) the body says
    /// when the picker closes (`closesAt`) rather than counting down: a countdown redrawn there
    /// would pop up a new notification under the person's pointer every few seconds.
    /// With `inlineReply` (the server has a reply field) the person may also type the whole
    /// range there.
    public static func render(
        _ view: NotificationView, profile: NotificationServerProfile, bodyMarkup: Bool, inlineReply: Bool = false, now: Int,
        language: Language = .environment
    ) -> NotificationContent {
        render(view, profile: profile, bodyMarkup: bodyMarkup, inlineReply: inlineReply, now: now, text: NotificationText(language))
    }

    /// `render` with the session's words already made.
    static func render(
        _ view: NotificationView, profile: NotificationServerProfile, bodyMarkup: Bool, inlineReply: Bool = false, now: Int,
        text: NotificationText
    ) -> NotificationContent {
        var lines: [String]
        var actions: [NotificationAction]
        var hints: [String] = []
        var askedBy = view.state.options.requester.map { text.words.askedBy($0) }
        switch profile.layout {
        case .stepper:
            let stepper = StepperLayout(view.state, profile: profile, text: text, offersWindow: view.offersWindow)
            (lines, actions, hints) = (stepper.bodyLines, stepper.actions, stepper.hintLines)
            // A server that shows only the body's first lines (GNOME Shell: six, the instruction
            // taking two) would cut who asks from the end: it goes on the duration's line,
            // which those keep with the range ("Duration: 8 h · Asked by Firefox").
            if profile.shortensBody, let asked = askedBy {
                lines[stepper.durationLine] += " · " + asked
                askedBy = nil
            }
        case .list:
            let menu = ListMenu(view, text: text)
            (lines, actions) = (menu.bodyLines, menu.actions)
        }
        // What the last reply was read as, or why it was not: first, as the answer to it.
        if let note = view.replyNote { lines.insert(note, at: 0) }
        if inlineReply {
            lines.append(text.typeRangeHint)
            actions.append(NotificationAction(.inlineReply, label: text.replyLabel))
        }
        if profile.updatesInPlace {
            if let left = view.state.secondsLeft(at: now) { lines.append(Countdown.text(secondsLeft: left, text)) }
        } else if let closesAt = view.closesAt {
            lines.append(text.closesAt(text.words.label(closesAt, view.state.options.clock)))
        }
        lines += hints
        lines.append(text.dismissToCancel)
        // Who asked, as far as the system vouches for it, made display-safe and bounded by the
        // service (`Requester`): in the body, where the title (the summary) cannot reach it.
        // Last, as the body's first lines are the range and what to do; on a server known to
        // cut the body short it went up (above).
        if let askedBy { lines.append(askedBy) }
        // The body is the daemon's own words and times and that name, all display-safe already:
        // not neutralised again, which would turn the isolates around times in right-to-left
        // text into replacement marks.
        let body = lines.map { bodyMarkup ? escapedForMarkup($0) : $0 }.joined(separator: "\n")
        return NotificationContent(
            summary: displaySafe(text.words.title(view.state.options)), body: body, actions: actions,
            replyPlaceholder: inlineReply ? text.replyPlaceholder : nil)
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
