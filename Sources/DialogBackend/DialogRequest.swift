package import Localization
package import TimePickerCore

/// A ShowPicker call's options, checked: the picker's grid and clock, the heading to show, the
/// first state to draw and the activation token.
///
/// The checks are the daemon's own (`PickerOptions(validating:)`), so a value the daemon would
/// refuse is refused here with the same message; keys the backend does not know are ignored,
/// so a newer daemon can send more. The title is the exception: the daemon bounds it, but the
/// backend takes any length its calls may carry (`BackendCall.maximumStringBytes`) and clips
/// it, since a caller of the backend is untrusted too.
package struct DialogRequest: Sendable, Equatable {
    package static func == (lhs: DialogRequest, rhs: DialogRequest) -> Bool {
        lhs.heading == rhs.heading && lhs.options == rhs.options && lhs.state == rhs.state
            && lhs.activationToken == rhs.activationToken && lhs.language.name == rhs.language.name
    }

    /// The option keys the core checks; `title`, `focus`, `activation_token` and `locale` are read here.
    static let checkedByCore = ["step", "first", "last", "min_duration", "start", "end", "timeout", "clock"]

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
            validating: raw.filter { Self.checkedByCore.contains($0.key) }, defaultClock: defaultClock)
        let locale = try StateValue.string(raw, "locale")
        language = locale.flatMap { name in
            (try? PickerOptions(validating: ["locale": .string(name)], defaultClock: defaultClock)) != nil ? Language(named: name) : nil
        } ?? .environment
        let title = try StateValue.string(raw, "title")
        if let title { options.title = title }
        heading = DialogText.heading(PickerWords(language).title(options))
        options.title = heading
        self.options = options
        let focus = try StateValue.column(raw, "focus") ?? .start
        state = DialogState(
            model: PickerState(options: options, start: options.start, end: options.end, focus: focus),
            secondsLeft: options.timeoutSeconds)
        let token = try StateValue.string(raw, "activation_token")
        if let token, token.utf8.count > Self.maxActivationTokenBytes {
            throw OptionError(
                key: "activation_token",
                reason: "must be at most \(Self.maxActivationTokenBytes) bytes (got \(token.utf8.count))")
        }
        activationToken = token.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The same request drawing `state` first: an Update that came before the dialog was built.
    func replacingState(with state: DialogState) -> DialogRequest {
        var request = self
        request.state = state
        return request
    }
}
