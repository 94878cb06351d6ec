import TimePickerCore

/// A POSIX TZ rule ("CET-1CEST,M3.5.0,M10.5.0/3", "<+14>-14", "EST5EDT,M3.2.0,M11.1.0"): a
/// standard offset and, for a zone with daylight saving time, its offset and the local times it
/// starts and ends each year. A TZif file's footer is one (RFC 8536, section 3.3, with its
/// extensions: rule times from -167 to 167 hours), and so may be the `TZ` variable.
///
/// Parsed from strings anyone may write (`TZ`, a file's footer): every number is bounded, so
/// nothing overflows.
struct PosixZoneRule: Equatable, Sendable {
    /// A day of a year, in one of POSIX's three forms.
    enum Day: Equatable, Sendable {
        /// `Jn`: day 1…365, 29 February never counted (J60 is always 1 March).
        case julianSkippingLeapDay(Int)
        /// `n`: day 0…365 from 1 January, 29 February counted.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `weekday` (0 Sunday) of week `week` (1…5, 5 the last) of `month`.
        case weekdayOfMonth(month: Int, week: Int, weekday: Int)
    }

    /// When daylight saving time starts or ends: a day, and the local time on it (which may
    /// run before the day or past its end).
    struct Moment: Equatable, Sendable {
        let day: Day
        /// Seconds after the day's local midnight, in the time in force until then.
        let secondsIntoDay: Int
    }

    /// Daylight saving time: its offset and when it starts and ends each year.
    struct Daylight: Equatable, Sendable {
        let offset: ZoneOffset
        let start: Moment
        let end: Moment
    }

    /// The offset outside daylight saving time.
    let standard: ZoneOffset
    /// Daylight saving time, for a zone that has it.
    let daylight: Daylight?

    /// The rule `text` spells; nil when it is not one.
    init?(_ text: some Sequence<UInt8>) {
        var reader = RuleReader(Array(text))
        guard let rule = reader.rule(), reader.isAtEnd else { return nil }
        self = rule
    }

    init(standard: ZoneOffset, daylight: Daylight?) {
        self.standard = standard
        self.daylight = daylight
    }

    /// The changes of offset the rule makes in the years `firstYear` through `lastYear` (by UTC),
    /// in order; none when the zone has no daylight saving time. When two changes fall at one
    /// instant (daylight time all year: "EST5EDT,0/0,J365/25") the later one in the rule holds.
    func changes(fromYear firstYear: Int, throughYear lastYear: Int) -> [ZoneChange] {
        guard let daylight, firstYear <= lastYear else { return [] }
        var changes: [ZoneChange] = []
        changes.reserveCapacity(2 * (lastYear - firstYear + 2))
        // A year past the last, so that a change late in it by local time but early in the next
        // by UTC is not lost, nor one made void by an equal instant in the next year.
        for year in firstYear...(lastYear + 1) {
            let start = Self.instant(of: daylight.start, in: year, offsetBefore: standard.seconds)
            let end = Self.instant(of: daylight.end, in: year, offsetBefore: daylight.offset.seconds)
            changes.append(ZoneChange(instant: start, offset: daylight.offset))
            changes.append(ZoneChange(instant: end, offset: standard))
        }
        // Sorted by instant, equal instants keeping the rule's order (the index breaks ties).
        let ordered = changes.enumerated().sorted { ($0.element.instant, $0.offset) < ($1.element.instant, $1.offset) }
        var result: [ZoneChange] = []
        result.reserveCapacity(ordered.count)
        for (_, change) in ordered where CivilCalendar.year(ofInstant: change.instant) <= lastYear {
            if result.last?.instant == change.instant { result.removeLast() }
            result.append(change)
        }
        return result.filter { CivilCalendar.year(ofInstant: $0.instant) >= firstYear }
    }

    /// The instant `moment` falls on in `year`, reading its local time in `offsetBefore`.
    static func instant(of moment: Moment, in year: Int, offsetBefore: Int) -> Int64 {
        let day = CivilCalendar.days(year: year, month: 1, day: 1) + Int64(dayOfYear(moment.day, in: year))
        return day * CivilCalendar.secondsPerDay + Int64(moment.secondsIntoDay) - Int64(offsetBefore)
    }

    /// The day `day` means in `year`, as days after 1 January (0 for 1 January).
    static func dayOfYear(_ day: Day, in year: Int) -> Int {
        switch day {
        case .julianSkippingLeapDay(let number):
            // 1 March is day 60 in every year: after February, a leap year's days are one later.
            return number - 1 + (number >= 60 && CivilCalendar.isLeapYear(year) ? 1 : 0)
        case .zeroBased(let number):
            return number
        case .weekdayOfMonth(let month, let week, let weekday):
            let first = CivilCalendar.days(year: year, month: month, day: 1)
            let firstMatching = 1 + (weekday - CivilCalendar.weekday(ofDay: first) + 7) % 7
            var dayOfMonth = firstMatching + (week - 1) * 7
            // Week 5 is the month's last such weekday, which may be its fourth.
            while dayOfMonth > CivilCalendar.daysInMonth(month, of: year) { dayOfMonth -= 7 }
            return Int(first - CivilCalendar.days(year: year, month: 1, day: 1)) + dayOfMonth - 1
        }
    }
}

/// Reads a POSIX TZ rule from its bytes, left to right.
private struct RuleReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    /// `std offset [dst [offset] [,start[/time],end[/time]]]`.
    mutating func rule() -> PosixZoneRule? {
        guard let standardName = name(), let standardWest = signedTime(maximumHours: 24) else { return nil }
        let standard = ZoneOffset(seconds: -standardWest, abbreviation: standardName)
        if isAtEnd { return PosixZoneRule(standard: standard, daylight: nil) }
        guard let daylightName = name() else { return nil }
        // Without an offset, daylight time is an hour ahead of standard time.
        var daylightSeconds = standard.seconds + 3600
        if !isAtEnd, peek != UInt8(ascii: ",") {
            guard let daylightWest = signedTime(maximumHours: 24) else { return nil }
            daylightSeconds = -daylightWest
        }
        let daylightOffset = ZoneOffset(seconds: daylightSeconds, abbreviation: daylightName)
        // Without dates, the United States' rule, as glibc takes it when it has no posixrules file.
        let start: PosixZoneRule.Moment
        let end: PosixZoneRule.Moment
        if isAtEnd {
            start = .init(day: .weekdayOfMonth(month: 3, week: 2, weekday: 0), secondsIntoDay: 7200)
            end = .init(day: .weekdayOfMonth(month: 11, week: 1, weekday: 0), secondsIntoDay: 7200)
        } else {
            guard take(","), let first = moment(), take(","), let second = moment() else { return nil }
            start = first
            end = second
        }
        return PosixZoneRule(standard: standard, daylight: .init(offset: daylightOffset, start: start, end: end))
    }

    /// An abbreviation: three or more letters, or `<…>` around three or more letters, digits,
    /// '+' and '-' (given back without the brackets).
    private mutating func name() -> String? {
        let quoted = take("<")
        let begin = position
        while let byte = peek, quoted ? Self.isQuotedNameByte(byte) : Self.isLetter(byte) { position += 1 }
        let name = bytes[begin..<position]
        guard name.count >= 3, !quoted || take(">") else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// A day and an optional time (02:00 when none is given): `Jn`, `n` or `Mm.w.d`, then `/time`.
    private mutating func moment() -> PosixZoneRule.Moment? {
        let day: PosixZoneRule.Day
        if take("J") {
            guard let number = number(maximumDigits: 3), (1...365).contains(number) else { return nil }
            day = .julianSkippingLeapDay(number)
        } else if take("M") {
            guard let month = number(maximumDigits: 2), (1...12).contains(month), take("."),
                let week = number(maximumDigits: 1), (1...5).contains(week), take("."),
                let weekday = number(maximumDigits: 1), (0...6).contains(weekday)
            else { return nil }
            day = .weekdayOfMonth(month: month, week: week, weekday: weekday)
        } else {
            guard let number = number(maximumDigits: 3), (0...365).contains(number) else { return nil }
            day = .zeroBased(number)
        }
        var seconds = 7200
        if take("/") {
            guard let time = signedTime(maximumHours: 167) else { return nil }
            seconds = time
        }
        return PosixZoneRule.Moment(day: day, secondsIntoDay: seconds)
    }

    /// `[+|-]hh[:mm[:ss]]` in seconds, hours at most `maximumHours`.
    private mutating func signedTime(maximumHours: Int) -> Int? {
        let sign = take("-") ? -1 : 1
        if sign == 1 { _ = take("+") }
        guard let hours = number(maximumDigits: 3), hours <= maximumHours else { return nil }
        var seconds = hours * 3600
        if take(":") {
            guard let minutes = number(maximumDigits: 2), minutes < 60 else { return nil }
            seconds += minutes * 60
            if take(":") {
                guard let extra = number(maximumDigits: 2), extra < 60 else { return nil }
                seconds += extra
            }
        }
        return sign * seconds
    }

    /// A decimal number of one to `maximumDigits` digits.
    private mutating func number(maximumDigits: Int) -> Int? {
        var value = 0
        var digits = 0
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            guard digits < maximumDigits else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            position += 1
        }
        return digits > 0 ? value : nil
    }

    /// Moves past `character` when it comes next.
    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isQuotedNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-")
    }
}
