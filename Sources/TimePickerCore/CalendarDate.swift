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
        guard Self.years.contains(year), (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads exactly `YYYY-MM-DD` in ASCII digits; nil for anything else or a day the calendar lacks.
    public init?(parsing text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]), let day = Self.number(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date `days` after 1970-01-01 (before it when negative); nil outside `years`.
    public init?(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days: eras of 400 years, March-based years.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// Days since 1970-01-01 (Hinnant's days_from_civil).
    public var daysSinceEpoch: Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The next day; nil past the last of `years`.
    public var next: CalendarDate? { CalendarDate(daysSinceEpoch: daysSinceEpoch + 1) }

    /// 0 for Sunday … 6 for Saturday, as `tm_wday` counts (1970-01-01 was a Thursday).
    public var weekday: Int { ((daysSinceEpoch % 7) + 11) % 7 }

    /// `2026-03-28`.
    public var isoText: String {
        "\(year)-" + (month < 10 ? "0" : "") + "\(month)-" + (day < 10 ? "0" : "") + "\(day)"
    }

    public var description: String { isoText }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// How many days `month` has in `year`.
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The value of ASCII digits; nil if any byte is not one.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
