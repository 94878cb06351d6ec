public import TimePickerCore

/// The words every user interface shows the same way, in one session's language: the columns'
/// names, times in 12-hour style (the locale's own AM and PM), lengths of time, and why a typed
/// time did not select itself. Each front end's own words are in its file of messages
/// (`TerminalText`, `NotificationText`); po/POTFILES lists them all.
public struct PickerWords: Sendable {
    public let language: Language
    /// The column of start times, and of end times (the noun).
    public let start: String
    public let end: String
    /// 12-hour labels' words for the two halves of the day and for 24:00.
    public let am: String
    public let pm: String
    public let midnight: String
    /// Where the locale writes the AM/PM word, and what joins it to the time.
    private let periodFirst: Bool
    private let periodSeparator: String
    /// Whether the language is written right to left (its times are then isolated runs).
    public let isRightToLeft: Bool
    /// "Asked by %s" (a name the system vouches for), "Asked by “%s”, as the program calls
    /// itself" (a name the program chose) and "Asked by an unknown app", translated once: every
    /// session shows one.
    private let askedByTemplates: (vouched: String, claimed: String, unknown: String)

    public init(_ language: Language) {
        self.language = language
        func tr(_ message: String) -> String { language.text(message) }
        func trc(_ context: String, _ message: String) -> String { language.text(context: context, message) }
        // TRANSLATORS: the heading of the column of start times.
        start = trc("column", "Start")
        // TRANSLATORS: the heading of the column of end times (the noun: when it ends).
        end = trc("column", "End")
        let periods = language.dayPeriods
        am = periods?.am ?? "AM"
        pm = periods?.pm ?? "PM"
        // TRANSLATORS: 24:00 in a 12-hour clock, the end of the day.
        midnight = tr("midnight")
        isRightToLeft = language.isRightToLeft
        askedByTemplates = (
            // TRANSLATORS: %s is the name of the sandboxed application that asked for the
            // picker ("Firefox", "org.example.App"), a name the system vouches for; shown with
            // the picker's title.
            trc("requester", "Asked by %s"),
            // TRANSLATORS: %s is the name a program that asked for the picker gives itself (its
            // executable's name, "python3", or the app it says it is, "Firefox"), which nothing
            // vouches for: say that it is the program's own word, quoted as your language quotes,
            // the name early in the line (a narrow terminal cuts the end).
            trc("requester", "Asked by “%s”, as the program calls itself"),
            // TRANSLATORS: shown with the picker's title when nothing can be said of who asked
            // for it (the program is gone, or the system does not say).
            trc("requester", "Asked by an unknown app"))
        (periodFirst, periodSeparator) = language.dayPeriodPlacement
    }

    /// The session's title: the caller's, or the default one in this language when the caller
    /// gave none (the core fills in the English `PickerOptions.defaultTitle`).
    public func title(_ options: PickerOptions) -> String {
        options.title == PickerOptions.defaultTitle ? defaultTitle : options.title
    }

    /// The picker's title when the caller gives none.
    public var defaultTitle: String {
        // TRANSLATORS: the picker's title when the application gives none.
        tr("Select start and end time")
    }

    /// A time as the person reads it in `clock`, with this language's day periods. In a
    /// right-to-left language it is a run of its own (first-strong isolate … pop directional
    /// isolate), so that "1:00 ص" keeps its order and a range "1:00 – 2:00" reads start first
    /// in the line around it, whatever the neighbouring words' direction. Isolates take no
    /// column and, unlike the older embedding controls, cannot reorder the text after them.
    public func label(_ time: WallClockTime, _ clock: ClockStyle) -> String {
        isolated(time.label(clock, am: am, pm: pm, midnight: midnight, periodFirst: periodFirst, separator: periodSeparator))
    }

    /// A slot's time as the person reads it, marked when it is on the next day ("06:00 (next
    /// day)"), so that no one has to guess whether 06:00 is today's.
    public func label(_ slot: Slot, _ clock: ClockStyle) -> String {
        let time = label(slot.time, clock)
        guard slot.isNextDay else { return time }
        // TRANSLATORS: %s is a time on the day after the picker's (an overnight range's end).
        return filled(tr("%s (next day)"), time)
    }

    /// The slot at `index` of `grid` as the person reads it: its time, the next-day mark, and
    /// on the hour the clocks go back the zone's name for its offset ("02:30 (CEST)"), which
    /// tells the two 02:30s apart.
    public func label(_ grid: SlotGrid, _ index: Int, _ clock: ClockStyle) -> String {
        let time = label(grid[index], clock)
        guard grid.isRepeated(at: index) else { return time }
        return inZone(time, offsetName(grid, index))
    }

    /// "Asked by Firefox", "Asked by “firefox”, as the program calls itself", "Asked by an
    /// unknown app": who asked for the picker, as far as the system can vouch for it
    /// (`PickerOptions.requester`), in words that tell the system's name from the program's own.
    public func askedBy(_ requester: Requester) -> String {
        switch requester {
        case .vouched(let name): filled(askedByTemplates.vouched, isolated(name))
        case .claimed(let name): filled(askedByTemplates.claimed, isolated(name))
        case .unknown: askedByTemplates.unknown
        }
    }

    /// "02:30 (CEST)": a time or range of the hour the clocks go back, with the zone's name for
    /// its offset, which tells it from the other time round.
    public func inZone(_ times: String, _ zone: String) -> String {
        // TRANSLATORS: %1$s is a time or a range of times the clocks show twice on the day they
        // go back, %2$s the zone's abbreviation or UTC offset at it ("CEST", "UTC+02:00"), which
        // tells the two apart.
        filled(trc("zone", "%1$s (%2$s)"), times, zone)
    }

    /// The zone's name at the slot (`SlotGrid.zoneName`): "CEST", or "UTC+02:00".
    public func offsetName(_ grid: SlotGrid, _ index: Int) -> String {
        grid.zoneName(at: index) ?? "UTC" + Slot.offsetText(seconds: 0)
    }

    /// The picker's day as the person reads it: "Sat 28 Mar".
    public func day(_ date: CalendarDate) -> String {
        // TRANSLATORS: how a day is written in the picker's title line, as strftime writes it:
        // %a the weekday's short name, %-d the day of the month, %b the month's short name.
        // Reorder as your language writes dates ("%a %-d. %b" in German, "%-m月%-d日(%a)" in Japanese).
        language.written(date, format: tr("%a %-d %b"))
    }

    /// Two times as one range, "1:00–1:55 PM" (the AM/PM word once, where the locale writes
    /// it: "午前1:00–1:55"), "09:00–09:55" in 24-hour style; one isolated run.
    public func range(_ first: Slot, _ last: Slot, _ clock: ClockStyle) -> String {
        let times = range(first.time, last.time, clock)
        guard last.isNextDay else { return times }
        return filled(tr("%s (next day)"), times)
    }

    /// Two times of one day as one range (`range` of slots, without a day's mark).
    public func range(_ first: WallClockTime, _ last: WallClockTime, _ clock: ClockStyle) -> String {
        func bare(_ time: WallClockTime) -> String { time.label(clock, am: "", pm: "", midnight: midnight, separator: "") }
        func plain(_ time: WallClockTime) -> String {
            time.label(clock, am: am, pm: pm, midnight: midnight, periodFirst: periodFirst, separator: periodSeparator)
        }
        let noon = WallClockTime.minutesPerDay / 2
        let sameHalf = (first.minutes < noon) == (last.minutes < noon) && last != .endOfDay && first != .endOfDay
        guard clock == .twelveHour, sameHalf else { return isolated(plain(first) + "–" + plain(last)) }
        let period = first.minutes < noon ? am : pm
        let times = bare(first) + "–" + bare(last)
        return isolated(periodFirst ? period + periodSeparator + times : times + periodSeparator + period)
    }

    /// `text` as a run of its own in a right-to-left language (first-strong isolate … pop
    /// directional isolate); itself otherwise.
    private func isolated(_ text: String) -> String {
        isRightToLeft ? "\u{2068}" + text + "\u{2069}" : text
    }

    /// "45 min", "1 h", "8 h 30 min".
    public func duration(minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        switch (hours, rest) {
        // TRANSLATORS: a length of time in minutes, abbreviated.
        case (0, _): return filled(tr("%s min"), String(rest))
        // TRANSLATORS: a length of time in hours, abbreviated.
        case (_, 0): return filled(tr("%s h"), String(hours))
        // TRANSLATORS: a length of time in hours and minutes, abbreviated.
        default: return filled(tr("%1$s h %2$s min"), String(hours), String(rest))
        }
    }

    /// The selection's length, with the minimum when one is set: "2 h (at least 1 h)".
    public func durationLine(_ state: PickerState) -> String {
        let length = duration(minutes: state.durationMinutes)
        guard state.options.minDuration > 0 else { return length }
        // TRANSLATORS: %1$s is the range's length, %2$s the shortest allowed.
        return filled(tr("%1$s (at least %2$s)"), length, duration(minutes: state.options.minDuration))
    }

    /// Why a typed time did not select itself: "25 is not a time".
    public func note(_ note: TypedNote, _ clock: ClockStyle) -> String {
        switch note {
        case .notATime(let typed):
            // What was typed may come from a notification server's reply field: anything.
            // TRANSLATORS: %s is what the person typed, such as 25.
            return filled(tr("%s is not a time"), displaySafe(typed))
        case .offGrid(let time, let nearest, let step):
            // TRANSLATORS: %1$s is the time typed, %2$s the minutes between slots, %3$s the nearest slot.
            return filled(tr("%1$s is not on the %2$s-min grid: %3$s"), label(time, clock), String(step), label(nearest, clock))
        case .beforeEarliest(let time, let earliest):
            // TRANSLATORS: %1$s is the time typed, %2$s the earliest the column can take.
            return filled(tr("%1$s is before %2$s"), label(time, clock), label(earliest, clock))
        case .afterLatest(let time, let latest):
            // TRANSLATORS: %1$s is the time typed, %2$s the latest the column can take.
            return filled(tr("%1$s is after %2$s"), label(time, clock), label(latest, clock))
        case .laterReading(let typed, let time):
            // TRANSLATORS: %1$s is an hour the person typed without AM or PM, such as 9 after a
            // start of 17:30; %2$s the later of its two times, which was taken, such as 21:00.
            return filled(tr("%1$s read as %2$s"), displaySafe(typed), label(time, clock))
        case .skipped, .repeated:
            return clockNote(note, clock)
        }
    }

    /// `message` in the session's language.
    private func tr(_ message: String) -> String { language.text(message) }

    /// `message` in the session's language, as meant in `context`.
    private func trc(_ context: String, _ message: String) -> String { language.text(context: context, message) }
}
