/// Days and years of the proleptic Gregorian calendar, counted from 1970-01-01, as a zone's rules
/// and a picker's date need them (Howard Hinnant's `days_from_civil` and `civil_from_days`).
///
/// Exact, with no overflow, for the day and year of every instant an `Int64` holds (about
/// ±2.9 × 10¹¹ years: a TZif file may name any), and for `days(year:…)` of years within about
/// ±2.5 × 10¹⁶, past which its day count would overflow (and trap); the core asks it of years
/// 1970 to 2100.
public enum CivilCalendar {
    /// Seconds in a day (zone rules know no leap seconds).
    public static let secondsPerDay: Int64 = 86_400

    /// The day `day` of `month` (1…12) of `year` (within ±2.5 × 10¹⁶), as days since 1970-01-01.
    public static func days(year: Int, month: Int, day: Int) -> Int64 {
        let shiftedYear = Int64(month <= 2 ? year - 1 : year)
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = Int64((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year the day `days` (since 1970-01-01) falls in.
    public static func year(ofDay days: Int64) -> Int {
        date(ofDay: days).year
    }

    /// The year, month (1…12) and day of the month of the day `days` (since 1970-01-01).
    public static func date(ofDay days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        return (Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0)), month, day)
    }

    /// The day `days` (since 1970-01-01) as ISO 8601 writes it, `2026-03-28`, for any year (a
    /// range's end may be in 2100, past the years a picker may start in).
    public static func isoText(ofDay days: Int64) -> String {
        let (year, month, day) = date(ofDay: days)
        return isoText(year: year, month: month, day: day)
    }

    /// `day` of `month` of `year` as ISO 8601 writes it, `2026-03-28`.
    public static func isoText(year: Int, month: Int, day: Int) -> String {
        "\(year)-" + (month < 10 ? "0" : "") + "\(month)-" + (day < 10 ? "0" : "") + "\(day)"
    }

    /// The year the instant `instant` (seconds since 1970-01-01T00:00:00Z) falls in, in UTC.
    public static func year(ofInstant instant: Int64) -> Int {
        let days = instant >= 0 ? instant / secondsPerDay : (instant + 1) / secondsPerDay - 1
        return year(ofDay: days)
    }

    /// Whether `year` has a 29 February.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1…12) of `year`.
    public static func daysInMonth(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The day of the week of the day `days` (since 1970-01-01): 0 Sunday … 6 Saturday.
    public static func weekday(ofDay days: Int64) -> Int {
        // 1970-01-01 was a Thursday.
        let remainder = (days + 4) % 7
        return Int(remainder < 0 ? remainder + 7 : remainder)
    }
}
