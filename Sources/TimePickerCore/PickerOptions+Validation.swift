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

    /// Builds the grid; without `last`, the grid runs as far towards 24:00 as whole steps go.
    static func validatedGrid(first: WallClockTime, last lastText: String?, step: Int) throws(OptionError) -> SlotGrid {
        let last: WallClockTime
        if let given = try validatedTime(lastText, key: "last") {
            guard given >= first else {
                throw OptionError(
                    key: "last", reason: "must not be earlier than first (\(first)), got \(quotedForMessage(given.busText))")
            }
            guard (given.minutes - first.minutes) % step == 0 else {
                throw OptionError(
                    key: "last",
                    reason: "\(quotedForMessage(given.busText)) is not a slot: "
                        + "slots run every \(minutesPhrase(step)) from \(first)")
            }
            last = given
        } else {
            let wholeSteps = (WallClockTime.minutesPerDay - first.minutes) / step
            last = WallClockTime(uncheckedMinutes: first.minutes + wholeSteps * step)
        }
        guard let grid = SlotGrid(first: first, last: last, step: step) else {
            // Unreachable: the checks above establish every SlotGrid invariant.
            throw OptionError(key: "last", reason: "does not form a grid with first \(first) and step \(step)")
        }
        return grid
    }

    static func validatedMinDuration(_ minDuration: UInt32?, grid: SlotGrid) throws(OptionError) -> Int {
        guard let minDuration else { return 0 }
        let span = grid.last.minutes - grid.first.minutes
        guard minDuration <= UInt32(span) else {
            throw OptionError(
                key: "min_duration",
                reason: "must not exceed the span from first to last (\(minutesPhrase(span))), got \(minDuration)")
        }
        return Int(minDuration)
    }

    /// The start slot; it must leave room for an end at least `minDuration` later. "now" is
    /// the first slot at or after `now`, the caller's present local time.
    static func validatedStart(
        _ text: String?, grid: SlotGrid, minDuration: Int, blameMinDuration: Bool, now: WallClockTime?
    ) throws(OptionError) -> WallClockTime {
        if text == "now" { return try startNow(now, grid: grid, minDuration: minDuration) }
        guard let start = try validatedSlot(text, key: "start", grid: grid) else { return grid.first }
        guard start.minutes + minDuration <= grid.last.minutes else {
            let problem = "\(start) plus \(minutesPhrase(minDuration)) is past the last slot (\(grid.last))"
            if blameMinDuration {
                throw OptionError(key: "min_duration", reason: "too long for start: \(problem)")
            }
            throw OptionError(key: "start", reason: "leaves no room for an end: \(problem)")
        }
        return start
    }

    /// The first slot at or after `now` that leaves room for an end.
    private static func startNow(_ now: WallClockTime?, grid: SlotGrid, minDuration: Int) throws(OptionError) -> WallClockTime {
        guard let now else { throw OptionError(key: "start", reason: "'now' needs the present time, which is not known here") }
        let lastStart = grid.last.minutes - minDuration
        guard let index = grid.indexOfFirstSlot(atOrAfter: now.minutes), grid[index].minutes <= lastStart else {
            throw OptionError(
                key: "start",
                reason: "'now' is \(now), and no slot at or after it leaves room for an end (slots run every "
                    + "\(minutesPhrase(grid.step)) from \(grid.first) to \(grid.last))")
        }
        return grid[index]
    }

    /// The end slot; by default the slot after start, pushed later to honour `minDuration`.
    static func validatedEnd(
        _ text: String?, start: WallClockTime, grid: SlotGrid, minDuration: Int
    ) throws(OptionError) -> WallClockTime {
        let earliest = start.minutes + minDuration
        guard let end = try validatedSlot(text, key: "end", grid: grid) else {
            let next = min(start.minutes + grid.step, grid.last.minutes)
            let earliestSlot = grid.indexOfFirstSlot(atOrAfter: earliest).map { grid[$0].minutes } ?? grid.last.minutes
            return WallClockTime(uncheckedMinutes: max(next, earliestSlot))
        }
        guard end.minutes >= earliest else {
            let bound = minDuration == 0
                ? "start (\(start))"
                : "start (\(start)) plus min_duration (\(minutesPhrase(minDuration)))"
            throw OptionError(
                key: "end", reason: "must not be earlier than \(bound), got \(quotedForMessage(end.busText))")
        }
        return end
    }

    /// Parses a time option that must be one of the grid's slots; nil when not sent.
    static func validatedSlot(_ text: String?, key: String, grid: SlotGrid) throws(OptionError) -> WallClockTime? {
        guard let time = try validatedTime(text, key: key) else { return nil }
        guard grid.contains(time) else {
            throw OptionError(
                key: key,
                reason: "\(quotedForMessage(time.busText)) is not a slot: "
                    + "slots run every \(minutesPhrase(grid.step)) from \(grid.first) to \(grid.last)")
        }
        return time
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
