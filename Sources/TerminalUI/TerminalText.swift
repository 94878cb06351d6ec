internal import Localization
internal import TimePickerCore

/// Every word the terminal picker shows, in the session's language: written here once, each
/// message through gettext (po/POTFILES lists this file, whose `tr`, `trc` and `trn` calls
/// `scripts/extract-messages.sh` reads). Placeholders are C's `%s` and `%1$s`, which `msgfmt
/// --check` checks in every translation.
struct TerminalText {
    let language: Language
    /// The words every user interface shares.
    let words: PickerWords

    /// The column headings.
    var start: String { words.start }
    var end: String { words.end }
    /// Before the range on the selection's line.
    let selectedPrefix: String
    /// Said instead of a picker on a terminal that cannot hold one.
    let tooSmall: [String]
    /// The help line's forms, longest first.
    let keyLines: [String]
    /// The same with "+ more time", for while the person may extend the time limit; the
    /// shortest forms leave it out, so the line still fits where `keyLines` does.
    let extendKeyLines: [String]

    init(_ language: Language) {
        self.language = language
        words = PickerWords(language)
        func tr(_ message: String) -> String { language.text(message) }
        func trc(_ context: String, _ message: String) -> String { language.text(context: context, message) }
        // TRANSLATORS: before the range chosen, "Selected: 09:00 – 17:00 · 8 h".
        selectedPrefix = tr("Selected:")
        // TRANSLATORS: shown instead of the picker on a terminal too small to hold it; the second is the shortest form.
        tooSmall = [tr("terminal too small"), tr("too small")]
        // TRANSLATORS: names of keys on the keyboard, as printed on them.
        let (enter, escape, tab, pages) = (tr("Enter"), tr("Esc"), tr("Tab"), tr("PgUp/PgDn"))
        // TRANSLATORS: what the arrow keys do: move the selection.
        let move = tr("move")
        // TRANSLATORS: what Tab does: go to the other column.
        let column = tr("column")
        // TRANSLATORS: what Page Up and Page Down do: move by an hour.
        let hour = tr("hour")
        // TRANSLATORS: what the digit keys do.
        let type = tr("type a time")
        // TRANSLATORS: what Enter does: accept the range, as the button "OK" does (lower case where the language writes the help line so).
        let accept = trc("key help", "OK")
        // TRANSLATORS: what Escape does: close the picker without a range.
        let cancel = tr("cancel")
        keyLines = [
            ["↑↓ " + move, tab + " " + column, pages + " " + hour, "0-9 " + type, enter + " " + accept, escape + " " + cancel].joined(separator: "  "),
            ["↑↓ " + move, tab + " " + column, enter + " " + accept, escape + " " + cancel].joined(separator: "  "),
            ["↑↓ " + tab, enter + " " + accept, escape + " " + cancel].joined(separator: "  "),
            [enter + " " + accept, escape + " " + cancel].joined(separator: "  "),
            [enter + " " + accept, escape + " " + cancel].joined(separator: " "),
        ]
        // TRANSLATORS: what the + key does: extend the time limit by its whole length again.
        let more = "+ " + tr("more time")
        extendKeyLines = [
            ["↑↓ " + move, tab + " " + column, pages + " " + hour, "0-9 " + type, more, enter + " " + accept, escape + " " + cancel].joined(separator: "  "),
            ["↑↓ " + move, tab + " " + column, more, enter + " " + accept, escape + " " + cancel].joined(separator: "  "),
            ["↑↓ " + tab, more, enter + " " + accept, escape + " " + cancel].joined(separator: "  "),
            [more, enter + " " + accept, escape + " " + cancel].joined(separator: "  "),
        ] + keyLines.suffix(2)
    }

    /// "Closes in 0:42".
    func closesIn(_ clock: String) -> String {
        // TRANSLATORS: %s is the time left, such as 0:42 or 1:05:00.
        filled(tr("Closes in %s"), clock)
    }

    /// "closes in 0:42", among other details.
    func closesInDetail(_ clock: String) -> String {
        // TRANSLATORS: %s is the time left, such as 0:42; written among other details after " · ".
        filled(tr("closes in %s"), clock)
    }

    /// "2 waiting".
    func waitingCount(_ count: Int) -> String {
        // TRANSLATORS: how many other pickers wait behind this one.
        filled(trn("%s waiting", "%s waiting", count), String(count))
    }

    /// "1 more picker waiting: Lunch", "2 more pickers waiting: Lunch, Stand-up".
    func waitingLine(_ titles: [String]) -> String {
        // TRANSLATORS: %1$s is how many, %2$s their titles, separated by commas.
        filled(
            trn("%1$s more picker waiting: %2$s", "%1$s more pickers waiting: %2$s", titles.count),
            String(titles.count), titles.joined(separator: ", "))
    }

    func duration(minutes: Int) -> String { words.duration(minutes: minutes) }
    func durationLine(_ state: PickerState) -> String { words.durationLine(state) }
    func label(_ time: WallClockTime, _ clock: ClockStyle) -> String { words.label(time, clock) }
    /// The slot at `index` of `grid` with its day's and offset's marks (`PickerWords`).
    func label(_ grid: SlotGrid, _ index: Int, _ clock: ClockStyle) -> String { words.label(grid, index, clock) }

    /// The slot at `index` of `grid` in fewer columns, for a terminal too narrow for its
    /// `label` (20 columns, a 12-hour time on the next day): "6:00 AM +1 day".
    func shortLabel(_ grid: SlotGrid, _ index: Int, _ clock: ClockStyle) -> String {
        let slot = grid[index]
        var label = words.label(slot.time, clock)
        if slot.isNextDay {
            // TRANSLATORS: %s is a time on the day after the picker's, where a terminal has no room for
            // "%s (next day)": as short as your language can say it (a terminal 20 columns wide).
            label = filled(tr("%s +1 day"), label)
        }
        guard grid.isRepeated(at: index) else { return label }
        return words.inZone(label, words.offsetName(grid, index))
    }

    /// The picker's day on its title line: "Sat 28 Mar".
    func day(_ date: CalendarDate) -> String { words.day(date) }

    /// "End column": which column the keys move, on the cursor's line.
    func focusedColumn(_ column: PickerColumn) -> String {
        // TRANSLATORS: on the line a screen reader reads, which column the arrow keys and typing
        // act on; %s is the column's heading, "Start" or "End".
        filled(tr("%s column"), column == .start ? start : end)
    }

    /// "+ more time": that the + key extends the time limit, on the cursor's line.
    var moreTimeKey: String { "+ " + tr("more time") }

    /// "typed: 93_": what is typed so far, with no note (the cursor's line puts it last).
    func typedSoFar(_ state: PickerState) -> String {
        filled(tr("typed: %s"), state.typed + "_")
    }

    /// Why the typing did not select itself, for the cursor's line.
    func note(_ note: TypedNote, _ state: PickerState) -> String { words.note(note, state.options.clock) }

    /// "typed: 930_", with why it did not select that when it did not.
    func typed(_ state: PickerState) -> String {
        // TRANSLATORS: %s is what was typed so far, shown with a cursor after it: "typed: 93_".
        let typed = filled(tr("typed: %s"), state.typed + "_")
        guard let note = state.typedNote else { return typed }
        return typed + " (" + words.note(note, state.options.clock) + ")"
    }

    /// `message` in the session's language.
    private func tr(_ message: String) -> String { language.text(message) }

    /// The form of a message with a number that the session's language uses for `count`.
    private func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
        language.text(singular, plural, count: count)
    }
}
