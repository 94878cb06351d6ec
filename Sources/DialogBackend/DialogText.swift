package import Localization
package import TimePickerCore

/// The words the dialog shows besides the slot labels, as pure functions.
package enum DialogText {
    /// The longest heading, in Characters (the daemon's own limit for a title).
    package static let maxTitleCharacters = PickerOptions.maxTitleLength

    /// A caller's title made safe to show: control and bidi formatting characters neutralised,
    /// on one line, clipped to `PickerOptions.maxTitleScalars` scalars and `maxTitleCharacters`
    /// with an ellipsis. Plain text, never markup.
    package static func heading(_ title: String) -> String {
        // Scalars first (`displayBounded`): a title may be megabytes long, or one Character of
        // thousands of marks; counting Characters then reads at most the bounded text.
        let safe = displayBounded(title, maxScalars: PickerOptions.maxTitleScalars)
        guard safe.count > maxTitleCharacters else { return safe }
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

    /// Who asked ("Asked by Firefox"), under the heading; nil when the daemon did not say.
    package static func requesterLine(_ options: PickerOptions, _ words: PickerWords = PickerWords(.environment)) -> String? {
        options.requester.map(words.askedBy)
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

    /// The button that extends the time limit, with its mnemonic.
    package static func moreTimeButton(_ language: Language) -> String {
        // TRANSLATORS: the dialog's button that gives the person the whole time limit again; the underscore marks its access key (Alt and that letter).
        tr("_More time", language)
    }

    /// The access key `label`'s mnemonic gives, as printed on the keyboard ("M" for
    /// "_More time"); nil when it has none.
    package static func accessKey(of label: String) -> String? {
        var characters = label.makeIterator()
        while let character = characters.next() {
            guard character == "_" else { continue }
            guard let key = characters.next() else { return nil }
            if key != "_" { return key.uppercased() }
        }
        return nil
    }

    /// The shown countdown's end: the dialog closes as soon as the daemon says so.
    package static func timeIsUp(_ language: Language) -> String {
        // TRANSLATORS: shown, and said by a screen reader, when the dialog's time limit has run out, just before it closes.
        tr("Time is up", language)
    }

    // MARK: - What a screen reader says

    // The dialog's accessible names and descriptions: the words of the lines on screen, spelled
    // out for a speech synthesizer ("8 hours 30 minutes", not "8 h 30 min") and without the
    // isolates that keep a right-to-left line in order (Orca reads them out as characters).

    /// A length of time in full words: "8 hours 30 minutes", "45 minutes", "1 hour".
    package static func spokenDuration(minutes: Int, _ words: PickerWords = PickerWords(.environment)) -> String {
        let language = words.language
        let hours = minutes / 60
        let rest = minutes % 60
        // TRANSLATORS: a length of time as a screen reader says it: a number of hours.
        let hoursText = filled(trn("%s hour", "%s hours", hours, language), String(hours))
        // TRANSLATORS: a length of time as a screen reader says it: a number of minutes.
        let minutesText = filled(trn("%s minute", "%s minutes", rest, language), String(rest))
        switch (hours, rest) {
        case (0, _): return minutesText
        case (_, 0): return hoursText
        // TRANSLATORS: %1$s a number of hours, %2$s of minutes, as a screen reader says a length: "8 hours 30 minutes".
        default: return filled(tr("%1$s %2$s", language), hoursText, minutesText)
        }
    }

    /// The range and its length as a screen reader says them: "9:00 AM to 5:30 PM, 8 hours 30
    /// minutes"; each time as its row reads (next day, zone).
    package static func spokenRange(_ state: PickerState, _ words: PickerWords = PickerWords(.environment)) -> String {
        let grid = state.options.grid
        let clock = state.options.clock
        // TRANSLATORS: the range a person picked, as a screen reader says it: %1$s the start,
        // %2$s the end, %3$s its length ("9:00 AM to 5:30 PM, 8 hours 30 minutes").
        let template = tr("%1$s to %2$s, %3$s", words.language)
        let length = spokenDuration(minutes: state.durationMinutes, words)
        return spoken(filled(template, words.label(grid, state.startIndex, clock), words.label(grid, state.endIndex, clock), length))
    }

    /// The accessible name of a row of Start: its time as it reads ("9:00 AM", "02:30 (CEST)").
    package static func startRowName(_ grid: SlotGrid, _ index: Int, _ clock: ClockStyle, _ words: PickerWords = PickerWords(.environment)) -> String {
        spoken(words.label(grid, index, clock))
    }

    /// The accessible name of a row of End: its time and the length it gives from `start`
    /// (grid indices): "5:30 PM, 8 hours 30 minutes", "6:00 AM (next day), 8 hours".
    package static func endRowName(
        _ grid: SlotGrid, _ index: Int, from start: Int, _ clock: ClockStyle, _ words: PickerWords = PickerWords(.environment)
    ) -> String {
        let minutes = (grid.elapsedSeconds(at: index) - grid.elapsedSeconds(at: start)) / 60
        // TRANSLATORS: a row of the End column as a screen reader says it: %1$s the end time,
        // %2$s the length it gives the range ("5:30 PM, 8 hours 30 minutes").
        return spoken(filled(tr("%1$s, %2$s", words.language), words.label(grid, index, clock), spokenDuration(minutes: minutes, words)))
    }

    /// What OK does, said with its name: "Returns 9:00 AM to 5:30 PM, 8 hours 30 minutes".
    package static func okDescription(_ state: PickerState, _ words: PickerWords = PickerWords(.environment)) -> String {
        // TRANSLATORS: what the dialog's OK button does, as a screen reader says it after the
        // button's name; %s is the range ("9:00 AM to 5:30 PM, 8 hours 30 minutes").
        filled(tr("Returns %s", words.language), spokenRange(state, words))
    }

    /// Why a typed time selected something else, as a screen reader says it: "25 is not a time".
    package static func spokenNote(_ state: PickerState, typed: String, _ words: PickerWords = PickerWords(.environment)) -> String? {
        state.typedNote(for: typed).map { spoken(words.note($0, state.options.clock)) }
    }

    /// The time limit as a screen reader says it, at the start and as a warning near its end:
    /// "Closes in 45 seconds", "Closes in 2 minutes"; over a minute, to the nearest minute.
    package static func spokenTimeLimit(seconds: UInt32, _ words: PickerWords = PickerWords(.environment)) -> String {
        let seconds = Int(seconds)
        let language = words.language
        guard seconds >= 60 else {
            // TRANSLATORS: the dialog's time limit as a screen reader says it; %s is a number of seconds.
            return filled(trn("Closes in %s second", "Closes in %s seconds", seconds, language), String(seconds))
        }
        // TRANSLATORS: the dialog's time limit as a screen reader says it; %s is a length such as "2 minutes".
        return filled(tr("Closes in %s", language), spokenDuration(minutes: (seconds + 30) / 60, words))
    }

    /// How to get more time, said after the warning near the time limit: "Press Alt+M for
    /// more time" with the button's access key, else "Choose More time for more time".
    package static func spokenMoreTime(_ language: Language) -> String {
        let button = moreTimeButton(language)
        guard let key = accessKey(of: button) else {
            // TRANSLATORS: said by a screen reader after the time-limit warning; %s is the name of the button that gives more time.
            return filled(tr("Choose %s for more time", language), spoken(button.replacing("_", with: "")))
        }
        // TRANSLATORS: said by a screen reader after the time-limit warning; %s is a letter on the keyboard (the More time button's access key).
        return filled(tr("Press Alt+%s for more time", language), key)
    }

    /// Two announcements said one after the other ("25 is not a time. 9:00 AM to 5:30 PM, …").
    package static func sentences(_ parts: [String], _ language: Language) -> String {
        // TRANSLATORS: joins two things a screen reader says one after the other; %1$s and %2$s are sentences.
        parts.filter { !$0.isEmpty }.reduce("") { $0.isEmpty ? $1 : filled(tr("%1$s. %2$s", language), $0, $1) }
    }

    /// `text` without the isolates (U+2066…U+2069) that keep a right-to-left line in order: a
    /// speech synthesizer names them.
    package static func spoken(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !(0x2066...0x2069).contains($0.value) }))
    }

    /// A dated picker's day as a screen reader says it when the dialog opens, in full words
    /// ("Saturday 28 March"): the line under the heading ("Sat 28 Mar") is a label Orca never
    /// reads, and its short names are read as words ("sat"). Nil for a picker without a day.
    package static func spokenDay(_ options: PickerOptions, _ words: PickerWords = PickerWords(.environment)) -> String? {
        options.grid.date.map { date in
            // TRANSLATORS: a dated picker's day as a screen reader says it when the dialog opens, as strftime writes it:
            // %A the weekday's full name, %-d the day of the month, %B the month's full name ("%A, %-d. %B" in German).
            spoken(words.language.written(date, format: tr("%A %-d %B", words.language)))
        }
    }

    /// `message` in `language` (the extraction's keyword: `tr`).
    private static func tr(_ message: String, _ language: Language) -> String { language.text(message) }

    /// The form of `singular`/`plural` for `count` in `language` (the extraction's keyword: `trn`).
    private static func trn(_ singular: String, _ plural: String, _ count: Int, _ language: Language) -> String {
        language.text(singular, plural, count: count)
    }
}
