internal import LocalSettings
package import Localization
package import TimePickerCore

/// A ShowPicker call's options, checked: the picker's grid and clock, the heading to show, the
/// first state to draw and the activation token.
///
/// The checks are the daemon's own (`PickerOptions(validating:context:)`, with the same zone
/// database), so a value the daemon would refuse is refused here with the same message, and
/// the grid is the one the daemon's session has; keys the backend does not know are ignored,
/// so a newer daemon can send more. `start` and `end` are slots of that grid as
/// `Slot.wireText` writes them (the next day's times, the repeated hour's offsets), checked as
/// an Update's. The title is the exception: the daemon bounds it, but the backend takes any
/// length its calls may carry (`BackendCall.maximumStringBytes`) and clips it, since a caller
/// of the backend is untrusted too.
package struct DialogRequest: Sendable, Equatable {
    package static func == (lhs: DialogRequest, rhs: DialogRequest) -> Bool {
        lhs.heading == rhs.heading && lhs.options == rhs.options && lhs.state == rhs.state
            && lhs.activationToken == rhs.activationToken && lhs.language.name == rhs.language.name
    }

    /// The option keys the core checks; `title`, `start`, `end`, `focus`, `activation_token`,
    /// `locale`, `requester`, `requester_kind`, `timeout_ms` (the countdown's end, to the
    /// millisecond) and `timeout_extensions` (the extensions left, which the core's
    /// option of that name is not: it is read as Update's) are read here.
    static let checkedByCore = ["step", "first", "last", "min_duration", "timeout", "clock", "overnight", "date", "time_zone"]

    /// The heading and window title: plain, display-safe text, at most `DialogText.maxTitleCharacters`.
    package let heading: String
    /// The grid, minimum duration and clock; `start`/`end` are the first state's.
    package let options: PickerOptions
    /// What the dialog draws first.
    package private(set) var state: DialogState
    /// Handed to the window for focus (XDG activation, startup notification); nil when not sent.
    package let activationToken: String?
    /// The language the dialog speaks (`locale`): the backend's own when not sent, or when this
    /// system has no such locale (the daemon checked it against its own).
    package let language: Language

    /// The longest activation token taken (real ones are a few dozen bytes).
    static let maxActivationTokenBytes = 4096

    /// Checks `raw`; throws the first problem, naming its key.
    package init(options raw: [String: OptionValue], defaultClock: ClockStyle) throws(OptionError) {
        var options = try PickerOptions(
            validating: raw.filter { Self.checkedByCore.contains($0.key) }, context: Self.context(defaultClock: defaultClock))
        let locale = try StateValue.string(raw, "locale")
        language = locale.flatMap { name in
            (try? PickerOptions(validating: ["locale": .string(name)], defaultClock: defaultClock)) != nil ? Language(named: name) : nil
        } ?? .environment
        let title = try StateValue.string(raw, "title")
        if let title { options.title = title }
        heading = DialogText.heading(PickerWords(language).title(options))
        options.title = heading
        // Who asked, as the daemon found it from the caller's process; bounded again here.
        options.requester = Requester(wireName: try StateValue.string(raw, "requester"), kind: try StateValue.string(raw, "requester_kind"))
        self.options = options
        let focus = try StateValue.column(raw, "focus") ?? .start
        var first = PickerState(options: options, start: options.start, end: options.end, focus: focus)
        if let start = try StateValue.slot(raw, "start", grid: options.grid), raw["end"] == nil {
            // A start alone takes the end along, keeping the default length, as the daemon's
            // options do (the daemon itself always sends both).
            guard let moved = first.selecting(.start, start) else {
                throw OptionError(key: "start", reason: "\(start) leaves no room for an end: the last start is \(first.validStarts.last ?? options.grid.last)")
            }
            first = moved.focusing(focus)
        }
        state = try DialogState(model: first, secondsLeft: options.timeoutSeconds)
            .updated(with: raw.filter { ["start", "end", "timeout", "timeout_ms", "timeout_extensions"].contains($0.key) })
        let token = try StateValue.string(raw, "activation_token")
        if let token, token.utf8.count > Self.maxActivationTokenBytes {
            throw OptionError(
                key: "activation_token",
                reason: "must be at most \(Self.maxActivationTokenBytes) bytes (got \(token.utf8.count))")
        }
        activationToken = token.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// What the core is told when it checks a ShowPicker: no present (the daemon sends slots,
    /// never "now"), and the zone database the daemon reads. A zone the daemon knew only as its
    /// own (read from a file that is not the database's: "localtime"; a POSIX rule in `TZ`) is
    /// the backend's own when that has the same name, as it has for the same user's session.
    static func context(defaultClock: ClockStyle) -> PickerContext {
        PickerContext(
            defaultClock: defaultClock, now: nil, localZone: { ZoneDatabase.local() },
            zoneNamed: { name in
                if let zone = ZoneDatabase.rules(named: name) { return zone }
                let local = ZoneDatabase.local()
                return local.name == name ? local : nil
            })
    }

    /// The same request drawing `state` first: an Update that came before the dialog was built.
    func replacingState(with state: DialogState) -> DialogRequest {
        var request = self
        request.state = state
        return request
    }
}
