/// A day of the proleptic Gregorian calendar, as ISO 8601 writes it (`2026-03-28`): the day a
/// dated range starts on.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    /// 1...12.
    public let month: Int
    /// 1...31, a day the month has.
    public let day: Int

    /// The years a date may be in: the zone database's rules are expanded this far, and no
    /// one schedules a shift before 1970.
    public static let years = 1970...2099

    /// A date in `years`; nil for one the calendar does not have (2026-02-29) or outside them.
    public init?(year: Int, month: Int, day: Int) {
        guard Self.years.contains(year), (1...12).contains(month), (1...CivilCalendar.daysInMonth(month, of: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads exactly `YYYY-MM-DD` in ASCII digits; nil for anything else or a day the calendar lacks.
    public init?(parsing text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = asciiNumber(bytes[0..<4]), let month = asciiNumber(bytes[5..<7]), let day = asciiNumber(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date `days` after 1970-01-01 (before it when negative); nil outside `years`.
    public init?(daysSinceEpoch days: Int) {
        let date = CivilCalendar.date(ofDay: Int64(days))
        self.init(year: date.year, month: date.month, day: date.day)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int { Int(CivilCalendar.days(year: year, month: month, day: day)) }

    /// The next day; nil past the last of `years`.
    public var next: CalendarDate? { CalendarDate(daysSinceEpoch: daysSinceEpoch + 1) }

    /// 0 for Sunday … 6 for Saturday, as `tm_wday` counts.
    public var weekday: Int { CivilCalendar.weekday(ofDay: Int64(daysSinceEpoch)) }

    /// `2026-03-28`.
    public var isoText: String { CivilCalendar.isoText(year: year, month: month, day: day) }

    public var description: String { isoText }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

}
