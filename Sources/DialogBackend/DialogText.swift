public import TimePickerCore

/// The words the dialog shows besides the slot labels, as pure functions.
public enum DialogText {
    /// The longest heading, in Characters (the daemon's own limit for a title).
    public static let maxTitleCharacters = PickerOptions.maxTitleLength

    /// A caller's title made safe to show: control and bidi formatting characters neutralised,
    /// on one line, clipped to `maxTitleCharacters` with an ellipsis. Plain text, never markup.
    public static func heading(_ title: String) -> String {
        // Bound the work before counting Characters: a title may be megabytes long.
        let head = title.unicodeScalars.prefix(PickerOptions.maxTitleScalars + 1)
        let cut = head.count > PickerOptions.maxTitleScalars
        let safe = displaySafe(cut ? String(String.UnicodeScalarView(head.dropLast())) : title)
        guard cut || safe.count > maxTitleCharacters else { return safe }
        return String(safe.prefix(maxTitleCharacters - 1)) + "…"
    }

    /// The line under the columns, the range in words as the terminal says it: "09:00 – 17:30
    /// · 8 h 30 min", with the minimum when there is one.
    public static func rangeLine(_ state: PickerState) -> String {
        let clock = state.options.clock
        return state.start.label(clock) + " – " + state.end.label(clock) + " · " + state.durationLine
    }

    /// What is being typed, with why it selected something else: "Typed 25_ (25 is not a
    /// time)"; "" when nothing is.
    public static func typedLine(_ state: PickerState, typed: String) -> String {
        guard !typed.isEmpty else { return "" }
        let note = state.typedNote(for: typed).map { " (" + $0.text(state.options.clock) + ")" } ?? ""
        return "Typed " + typed + "_" + note
    }

    /// The countdown: "Closes in 42 s", "Closes in 2 min 5 s", "Closes in 1 h 10 min".
    public static func countdown(seconds: UInt32) -> String {
        let seconds = Int(seconds)
        switch seconds {
        case ..<60:
            return "Closes in \(seconds) s"
        case ..<3600:
            let rest = seconds % 60
            return "Closes in \(seconds / 60) min" + (rest == 0 ? "" : " \(rest) s")
        default:
            return "Closes in " + durationText(minutes: seconds / 60)
        }
    }
}
