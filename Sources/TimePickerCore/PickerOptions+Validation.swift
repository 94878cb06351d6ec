/// The per-key value checks behind `PickerOptions.init(validating:defaultClock:)`.
extension PickerOptions {
    static func validatedTitle(_ title: String?) throws(OptionError) -> String {
        guard let title else { return defaultTitle }
        // Bytes first: counting characters walks the whole text, which a peer may make huge.
        let bytes = title.utf8.count
        guard bytes <= maxTitleScalars * 4 else {
            throw OptionError(
                key: "title", reason: "must be at most \(maxTitleLength) characters (got \(bytes) bytes)")
        }
        guard title.count <= maxTitleLength else {
            throw OptionError(
                key: "title", reason: "must be at most \(maxTitleLength) characters (got \(title.count))")
        }
        // One Character can hold any number of combining marks: bound the code points too,
        // or a 200-"character" title could be megabytes on every screen and log line.
        let scalars = title.unicodeScalars.count
        guard scalars <= maxTitleScalars else {
            throw OptionError(
                key: "title",
                reason: "must be at most \(maxTitleLength) characters of at most \(maxTitleScalars) code points in all (got \(scalars) code points)")
        }
        return title
    }

    static func validatedStep(_ step: UInt32?) throws(OptionError) -> Int {
        guard let step else { return defaultStep }
        guard step > 0 else {
            throw OptionError(key: "step", reason: "must be greater than 0 (got 0)")
        }
        // Dividing the day keeps slots on the same times every day and bounds their number.
        guard step <= UInt32(WallClockTime.minutesPerDay), UInt32(WallClockTime.minutesPerDay) % step == 0 else {
            throw OptionError(key: "step", reason: "must divide \(WallClockTime.minutesPerDay) (got \(step))")
        }
        return Int(step)
    }

    /// Parses a time option; nil when the caller did not send it.
    static func validatedTime(_ text: String?, key: String) throws(OptionError) -> WallClockTime? {
        guard let text else { return nil }
        guard let time = WallClockTime(parsingOption: text) else {
            throw OptionError(
                key: key, reason: "must be a time as HH:MM or H:MM, 00:00 to 24:00, got \(quotedForMessage(text))")
        }
        return time
    }

    /// The day a dated picker is on as written (`date`: `YYYY-MM-DD`, `today`, `tomorrow`); nil
    /// when not sent.
    static func validatedDate(_ text: String?) throws(OptionError) -> PickerDay? {
        guard let text else { return nil }
        guard let date = PickerDay(parsing: text) else {
            let years = CalendarDate.years
            // Well formed, but not a day: say which part is wrong.
            let parts = text.split(separator: "-").compactMap { Int($0) }
            if text.utf8.count == 10, parts.count == 3, years.contains(parts[0]) {
                let month = parts[1]
                guard (1...12).contains(month) else {
                    throw OptionError(key: "date", reason: "\(quotedForMessage(text)) has no month \(month): months run from 01 to 12")
                }
                throw OptionError(
                    key: "date", reason: "\(quotedForMessage(text)) is not a day of the calendar: month \(month) of \(parts[0]) has \(CivilCalendar.daysInMonth(month, of: parts[0])) days")
            }
            throw OptionError(
                key: "date",
                reason: "must be a day of the calendar as YYYY-MM-DD, \(years.lowerBound)-01-01 to \(years.upperBound)-12-31, "
                    + "'today' or 'tomorrow', got \(quotedForMessage(text))")
        }
        return date
    }

    /// The day `date` names at the present on the clocks of `zone` (the session's).
    static func resolvedDate(_ date: PickerDay, now: Int64?, zone: ZoneRules) throws(OptionError) -> CalendarDate {
        if case .day(let day) = date { return day }
        guard let now else { throw OptionError(key: "date", reason: "'\(date == .today ? "today" : "tomorrow")' needs the present time, which is not known here") }
        guard let day = date.resolved(now: now, zone: zone) else {
            throw OptionError(key: "date", reason: "the day it names in \(zone.name) is after \(CalendarDate.years.upperBound)-12-31")
        }
        return day
    }

    /// The zone the session's times are in: `time_zone`'s, else the daemon's (read only if asked).
    static func validatedZone(_ name: String?, context: PickerContext) throws(OptionError) -> () -> ZoneRules {
        guard let name else { return context.localZone }
        guard let zone = context.zoneNamed(name) else {
            throw OptionError(
                key: "time_zone",
                reason: "must be a time zone the system's zone database has, such as 'Europe/Berlin' or 'UTC', got \(quotedForMessage(name))")
        }
        return { zone }
    }

    /// Builds the grid; without `last`, the grid runs as far towards 24:00 as whole steps go
    /// (overnight: to a day after the day's last start). Overnight, a `last` at or before
    /// `first` is on the next day. With a date, the clock's times are placed on that day.
    static func validatedGrid(
        first: WallClockTime, last lastText: String?, step: Int, overnight: Bool, date: (day: CalendarDate, zone: ZoneRules)?
    ) throws(OptionError) -> SlotGrid {
        let day = WallClockTime.minutesPerDay
        if overnight, first.minutes >= day {
            throw OptionError(key: "first", reason: "must be before 24:00 with overnight (a start is on the picker's day), got '24:00'")
        }
        var lastMinutes: Int
        if let given = try validatedTime(lastText, key: "last") {
            guard given >= first || overnight else {
                throw OptionError(
                    key: "last", reason: "must not be earlier than first (\(first)), got \(quotedForMessage(given.clockText)); with overnight it may be on the next day")
            }
            guard (given.minutes - first.minutes) % step == 0 else {
                throw OptionError(
                    key: "last",
                    reason: "\(quotedForMessage(given.clockText)) is not a slot: "
                        + "slots run every \(minutesPhrase(step)) from \(first)")
            }
            lastMinutes = overnight && given <= first ? given.minutes + day : given.minutes
        } else {
            let wholeSteps = (day - first.minutes) / step
            lastMinutes = first.minutes + wholeSteps * step
            // Overnight, the ends run a day past the day's last start (which is before 24:00).
            if overnight { lastMinutes = (lastMinutes == day ? lastMinutes - step : lastMinutes) + day }
        }
        guard let (date, zone) = date else {
            guard let grid = SlotGrid(firstMinutes: first.minutes, lastMinutes: lastMinutes, step: step) else {
                // Unreachable: the checks above establish every SlotGrid invariant.
                throw OptionError(key: "last", reason: "does not form a grid with first \(first) and step \(step)")
            }
            return grid
        }
        guard let grid = SlotGrid(date: date, zone: zone, firstMinutes: first.minutes, lastMinutes: lastMinutes, step: step) else {
            throw OptionError(key: "date", reason: "none of the times from \(first) on exists on \(date) in \(zone.name)")
        }
        // A day the clocks skip whole (Pacific/Apia, 2011-12-30) leaves only its end, 24:00 (the
        // next day's 00:00): no time on the day itself, and overnight no start before 24:00.
        if first.minutes < day, grid.first.minutes >= day {
            throw OptionError(key: "date", reason: "none of the times from \(first) to 24:00 exists on \(date) in \(zone.name): the clocks skip them")
        }
        return grid
    }

    static func validatedMinDuration(_ minDuration: UInt32?, grid: SlotGrid) throws(OptionError) -> Int {
        guard let minDuration else { return 0 }
        let span = grid.elapsedSeconds(at: grid.count - 1) / 60
        guard minDuration <= UInt32(span) else {
            throw OptionError(
                key: "min_duration",
                reason: "must not exceed the span from first to last (\(minutesPhrase(span))), got \(minDuration)")
        }
        return Int(minDuration)
    }

    /// How many times the time limit may be extended: only with a `timeout` (there is nothing
    /// to extend without one) and at most `maxTimeoutExtensions`. 0, the default, may be said
    /// anywhere: a caller spelling out every default is not refused.
    static func validatedTimeoutExtensions(_ extensions: UInt32?, timeoutSeconds: UInt32) throws(OptionError) -> UInt32 {
        guard let extensions, extensions > 0 else { return 0 }
        guard timeoutSeconds > 0 else {
            throw OptionError(key: "timeout_extensions", reason: "needs a timeout to extend, got \(extensions) without one")
        }
        guard extensions <= maxTimeoutExtensions else {
            throw OptionError(key: "timeout_extensions", reason: "must be at most \(maxTimeoutExtensions), got \(extensions)")
        }
        return extensions
    }

    /// The start slot's index; it must leave room for an end at least `minDuration` later (and,
    /// overnight, be on the picker's day). "now" is the first slot at or after the present in
    /// the session's zone.
    static func validatedStart(
        _ text: String?, limits: SlotLimits, blameMinDuration: Bool, now: Int64?, zone: () -> ZoneRules
    ) throws(OptionError) -> Int {
        let grid = limits.grid
        if text == "now" { return try startNow(now.map { ($0, zone()) }, limits: limits) }
        // A start is on the picker's day: its time is never looked for on the next, where a
        // time the clocks skip on the day (02:30 on a spring-forward night) would be found.
        guard let index = try validatedSlot(text, key: "start", grid: grid, from: 0, onNextDay: false) else { return 0 }
        guard limits.starts.contains(index) else {
            let start = grid[index]
            if limits.overnight, start.minutes >= WallClockTime.minutesPerDay {
                // Only 24:00 (the next day's 00:00) is on the day's clock and past it.
                throw OptionError(
                    key: "start", reason: "must be before 24:00 with overnight (a start is on the picker's day), got \(quotedForMessage(text ?? ""))")
            }
            let problem = "\(start.clockText) plus \(minutesPhrase(limits.minDurationSeconds / 60)) is past the last slot (\(grid.last.clockText)\(limits.overnight && grid.last.isNextDay ? " the next day" : ""))"
            if blameMinDuration {
                throw OptionError(key: "min_duration", reason: "too long for start: \(problem)")
            }
            throw OptionError(key: "start", reason: "leaves no room for an end: \(problem)")
        }
        return index
    }

    /// The first slot at or after the present that leaves room for an end: on a dated grid
    /// the first at or after the instant; undated, the first at or after the time of day in
    /// the session's zone.
    private static func startNow(_ now: (instant: Int64, zone: ZoneRules)?, limits: SlotLimits) throws(OptionError) -> Int {
        let grid = limits.grid
        guard let (instant, zone) = now else { throw OptionError(key: "start", reason: "'now' needs the present time, which is not known here") }
        let local = zone.wallClock(at: instant)
        let timeOfDay = local.secondsIntoDay / 60
        let index = grid.date == nil ? grid.indexOfFirstSlot(atOrAfter: timeOfDay) : grid.indexOfFirstSlot(atOrAfterInstant: instant)
        guard let index, limits.starts.contains(index) else {
            let nowText = WallClockTime(uncheckedMinutes: timeOfDay).clockText
            let when = grid.date.map { date in
                let today = CalendarDate(daysSinceEpoch: Int(local.daysSinceEpoch))
                return "\(nowText) on \(today.map(\.isoText) ?? "another day") in \(zone.name), and the picker is for \(date)"
            } ?? "\(nowText) in \(zone.name)"
            throw OptionError(
                key: "start",
                reason: "'now' is \(when), and no slot at or after it leaves room for an end (slots run every "
                    + "\(minutesPhrase(grid.step)) from \(grid.first.clockText) to \(grid.last.clockText)\(grid.last.isNextDay ? " the next day" : ""))")
        }
        return index
    }

    /// The end slot's index; by default the slot after the start, pushed later to honour the
    /// minimum duration. A time given reads forward from the start: overnight, "06:00" after
    /// a 22:00 start is 06:00 the next day.
    static func validatedEnd(_ text: String?, startIndex: Int, limits: SlotLimits) throws(OptionError) -> Int {
        let grid = limits.grid
        let ends = limits.ends(forStart: startIndex)
        guard let text else { return max(min(startIndex + 1, grid.count - 1), ends.lowerBound).clamped(to: ends) }
        guard let index = try validatedSlot(text, key: "end", grid: grid, from: ends.lowerBound) else { return ends.lowerBound }
        guard ends.contains(index) else {
            let start = grid[startIndex].clockText
            let minDuration = limits.minDurationSeconds / 60
            let bound = minDuration == 0 ? "start (\(start))" : "start (\(start)) plus min_duration (\(minutesPhrase(minDuration)))"
            let after = limits.overnight ? " and at most a day after the start" : ""
            throw OptionError(
                key: "end", reason: "must not be earlier than \(bound)\(after), got \(quotedForMessage(grid[index].clockText))")
        }
        return index
    }

    /// The index of the slot a time option names, the first at or after index `from` with that
    /// time on the clock (on its day or, overnight and `onNextDay`, the next: "00:00" there is
    /// 24:00); else the first anywhere. Nil when not sent; an error when no slot has that time,
    /// or when the clocks skip it where it would be read (at or after `from`).
    static func validatedSlot(_ text: String?, key: String, grid: SlotGrid, from: Int, onNextDay: Bool = true) throws(OptionError) -> Int? {
        guard let time = try validatedTime(text, key: key) else { return nil }
        let day = WallClockTime.minutesPerDay
        // The next day's times only where the grid reaches them (overnight).
        let clockTimes = onNextDay && grid.last.minutes > day ? [time.minutes, time.minutes + day] : [time.minutes]
        let matching = grid.indices.lazy.filter { clockTimes.contains(grid[$0].minutes) }
        if let index = matching.first(where: { $0 >= from }) { return index }
        let runs = "slots run every \(minutesPhrase(grid.step)) from \(grid.first.clockText) to \(grid.last.clockText)\(grid.last.isNextDay ? " the next day" : "")"
        // Times a whole number of steps from the first, up to the last, that no slot has: on a
        // dated grid, the clocks skip them.
        let skipped = clockTimes.filter { minutes in
            minutes >= grid.first.minutes && minutes <= grid.last.minutes && (minutes - grid.first.minutes) % grid.step == 0
                && !matching.contains { grid[$0].minutes == minutes }
        }
        /// The error for `minutes`, skipped on its day (the picker's or, past 24:00, the next).
        func skippedError(_ minutes: Int) -> OptionError? {
            guard let date = grid.date, let zone = grid.zone, let skippedDay = minutes >= day ? date.next : date else { return nil }
            return OptionError(
                key: key, reason: "\(quotedForMessage(time.clockText)) does not exist on \(skippedDay) in \(zone.name): the clocks skip it (\(runs))")
        }
        // Skipped where it would be read (an end's 02:30 on the morning the clocks go forward):
        // that, not the same time on the day before the start, is what is wrong.
        if let error = skipped.first(where: { $0 >= grid[from].minutes }).flatMap(skippedError) { throw error }
        if let index = matching.first { return index }
        if let error = skipped.first.flatMap(skippedError) { throw error }
        throw OptionError(key: key, reason: "\(quotedForMessage(time.clockText)) is not a slot: \(runs)")
    }

    static func validatedHandleToken(_ token: String?) throws(OptionError) -> String? {
        guard let token else { return nil }
        guard !token.isEmpty else {
            throw OptionError(key: "handle_token", reason: "must not be empty")
        }
        // It becomes an object path element, which allows only these.
        let allowed = token.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
        guard allowed else {
            throw OptionError(
                key: "handle_token",
                reason: "must contain only ASCII letters, digits and '_', got \(quotedForMessage(token))")
        }
        guard token.utf8.count <= maxHandleTokenLength else {
            throw OptionError(
                key: "handle_token",
                reason: "must be at most \(maxHandleTokenLength) characters (got \(token.utf8.count))")
        }
        return token
    }

    static func validatedClock(_ text: String?) throws(OptionError) -> ClockStyle? {
        try validatedChoice(text, key: "clock", choicesJoinedBy: " or ")
    }

    /// One of `Choice`'s values, by its raw text; the error lists them all, quoted.
    static func validatedChoice<Choice: RawRepresentable<String> & CaseIterable>(
        _ text: String?, key: String, choicesJoinedBy separator: String, introducedBy introduction: String = "must be"
    ) throws(OptionError) -> Choice? {
        guard let text else { return nil }
        guard let choice = Choice(rawValue: text) else {
            let choices = Choice.allCases.map { "'\($0.rawValue)'" }.joined(separator: separator)
            throw OptionError(key: key, reason: "\(introduction) \(choices), got \(quotedForMessage(text))")
        }
        return choice
    }

    /// "1 minute", "30 minutes".
    static func minutesPhrase(_ minutes: Int) -> String {
        minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }
}
