internal import Localization
internal import TimePickerCore

/// How the list menu writes a picker's times so that its entries sort in time order as text,
/// byte by byte and by a locale's collation (`ListMenu` says why), and still read as the
/// person's clock and every other interface write them.
///
/// Each time leads with a sortable form made of digits and ASCII letters only, since a
/// collation ignores punctuation and symbols at its first level:
/// - a time of the picker's day is its 24-hour `HH:MM`, `24:00` its end;
/// - a time of the next day (an overnight picker's ends) counts the hours on past 24, as
///   timetables that run past midnight do: `30:00` is 06:00 the next day, and sorts after
///   every time of the first day;
/// - a time the clock shows twice (the hour a dated picker's clocks go back) has the time
///   round's letter after the hour, `02A:30` then `02B:30`, as that hour is called 2A and 2B
///   in Germany: a letter sorts after every `02:` and before `03`, so the two rounds do not
///   interleave.
/// The reading every interface uses (`PickerWords`) follows the lead after a dot when it says
/// more than the lead does: `30:00 · 06:00 (next day)`, `02B:30 · 02:30 (CET)`,
/// `13:00 · 1:00 PM` in 12-hour style.
struct SortableTimes {
    let grid: SlotGrid
    let clock: ClockStyle
    let text: NotificationText
    /// Which time round each slot of a repeated hour is, by index (none on an undated grid).
    private let passes: [Int: Int]

    init(_ options: PickerOptions, text: NotificationText) {
        grid = options.grid
        clock = options.clock
        self.text = text
        var passes: [Int: Int] = [:]
        if grid.date != nil {
            var seen: [Int: Int] = [:]
            for index in grid.indices where grid.isRepeated(at: index) {
                let minutes = grid[index].minutes
                passes[index] = seen[minutes, default: 0]
                seen[minutes, default: 0] += 1
            }
        }
        self.passes = passes
    }

    /// The menu page the slot at `index` is on.
    func hour(at index: Int) -> MenuHour {
        MenuHour(grid[index].minutes / 60, pass: passes[index])
    }

    /// The sortable lead alone: `09:00`, `30:00`, `02A:30`.
    func lead(at index: Int) -> String {
        let minute = grid[index].minutes % 60
        return hour(at: index).description + ":" + (minute < 10 ? "0\(minute)" : "\(minute)")
    }

    /// The slot at `index` as a menu writes it: `09:00`; `13:00 · 1:00 PM`; `30:00 · 06:00 (next day)`.
    func label(at index: Int) -> String {
        guard saysMore(at: index) else { return lead(at: index) }
        return lead(at: index) + " · " + text.words.label(grid, index, clock)
    }

    /// The slots from `first` to `last` (one page's, of one time round) as a menu writes them:
    /// `09:00–09:55`; `13:00–13:55 · 1:00–1:55 PM`; `30:00–30:45 · 06:00–06:45 (next day)`;
    /// `02B:00–02B:45 · 02:00–02:45 (CET)`.
    func range(from first: Int, to last: Int) -> String {
        let leads = lead(at: first) + "–" + lead(at: last)
        guard saysMore(at: first) || saysMore(at: last) else { return leads }
        let times = text.words.range(grid[first], grid[last], clock)
        guard grid.isRepeated(at: first) else { return leads + " · " + times }
        return leads + " · " + text.inZone(times, text.words.offsetName(grid, first))
    }

    /// Whether the person's reading of the slot says more than its lead: a 12-hour time, a
    /// next day's, or one the clock shows twice.
    private func saysMore(at index: Int) -> Bool {
        clock == .twelveHour || grid[index].isNextDay || passes[index] != nil
    }
}
