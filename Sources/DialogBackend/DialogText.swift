package import Localization
package import TimePickerCore

/// The words the dialog shows besides the slot labels, as pure functions.
package enum DialogText {
    /// The longest heading, in Characters (the daemon's own limit for a title).
    package static let maxTitleCharacters = PickerOptions.maxTitleLength

    /// A caller's title made safe to show: control and bidi formatting characters neutralised,
    /// on one line, clipped to `maxTitleCharacters` with an ellipsis. Plain text, never markup.
    package static func heading(_ title: String) -> String {
        // Bound the work before counting Characters: a title may be megabytes long.
        let head = title.unicodeScalars.prefix(PickerOptions.maxTitleScalars + 1)
        let cut = head.count > PickerOptions.maxTitleScalars
        let safe = displaySafe(cut ? String(String.UnicodeScalarView(head.dropLast())) : title)
        guard cut || safe.count > maxTitleCharacters else { return safe }
        return String(safe.prefix(maxTitleCharacters - 1)) + "…"
    }

    /// The line under the columns, the range in words as the terminal says it: "09:00 – 17:30
    /// · 8 h 30 min", with the minimum when there is one. Each time as its row reads: an end on
    /// the next day marked ("22:00 – 06:00 (next day) · 8 h"), a time of the hour the clocks go
    /// back with its zone ("02:30 (CEST) – 02:30 (CET) · 1 h"); the length is real elapsed time.
    package static func rangeLine(_ state: PickerState, _ words: PickerWords = PickerWords(.environment)) -> String {
        let grid = state.options.grid
        let clock = state.options.clock
        return words.label(grid, state.startIndex, clock) + " – " + words.label(grid, state.endIndex, clock) + " · " + words.durationLine(state)
    }

    /// The line under the heading of a dated picker: its day, "Sat 28 Mar"; nil undated.
    package static func dayLine(_ options: PickerOptions, _ words: PickerWords = PickerWords(.environment)) -> String? {
        options.grid.date.map(words.day)
    }

    /// What is being typed, with why it selected something else: "Typed 25_ (25 is not a
    /// time)"; "" when nothing is.
    package static func typedLine(_ state: PickerState, typed: String, _ words: PickerWords = PickerWords(.environment)) -> String {
        guard !typed.isEmpty else { return "" }
        let note = state.typedNote(for: typed).map { " (" + words.note($0, state.options.clock) + ")" } ?? ""
        // TRANSLATORS: what is being typed in the dialog, with a cursor after it: "Typed 93_".
        return filled(tr("Typed %s", words.language), typed + "_") + note
    }

    /// The countdown: "Closes in 42 s", "Closes in 2 min 5 s", "Closes in 1 h 10 min".
    package static func countdown(seconds: UInt32, _ words: PickerWords = PickerWords(.environment)) -> String {
        let seconds = Int(seconds)
        let language = words.language
        switch seconds {
        case ..<60:
            // TRANSLATORS: %s is a number of seconds left.
            return filled(tr("Closes in %s s", language), String(seconds))
        case ..<3600 where seconds % 60 != 0:
            // TRANSLATORS: %1$s minutes and %2$s seconds left.
            return filled(tr("Closes in %1$s min %2$s s", language), String(seconds / 60), String(seconds % 60))
        default:
            // TRANSLATORS: %s is the time left, such as 5 min or 1 h 30 min.
            return filled(tr("Closes in %s", language), words.duration(minutes: seconds / 60))
        }
    }

    /// The buttons' labels, with their mnemonics (GTK's own words in GNOME's catalogs).
    package static func buttons(_ language: Language) -> (cancel: String, ok: String) {
        // TRANSLATORS: the dialog's button; the underscore marks its access key.
        let cancel = tr("_Cancel", language)
        // TRANSLATORS: the dialog's button; the underscore marks its access key.
        let ok = tr("_OK", language)
        return (cancel, ok)
    }

    /// `message` in `language` (the extraction's keyword: `tr`).
    private static func tr(_ message: String, _ language: Language) -> String { language.text(message) }
}
