internal import Glibc
internal import TimePickerCore

/// The day a pick is on as the person wrote it (`--date`): a day of the calendar, or today or
/// tomorrow in the zone of the range (`--time-zone`'s, else the client's own).
enum PickDate: Equatable, Sendable {
    case day(CalendarDate)
    case today
    case tomorrow

    /// Reads `YYYY-MM-DD`, `today` or `tomorrow` (in any case); nil for anything else, or a
    /// day the calendar does not have.
    init?(parsing text: String) {
        switch text.lowercased() {
        case "today": self = .today
        case "tomorrow": self = .tomorrow
        default:
            guard let day = CalendarDate(parsing: text) else { return nil }
            self = .day(day)
        }
    }

    /// The day this is at the instant `now` (seconds since 1970) in `zone`, or in the process's
    /// own zone (TZ, else /etc/localtime, as glibc's `localtime_r` reads them) when nil. Nil only
    /// when the day is outside the calendar's years.
    func resolved(now: Int64, zone: ZoneRules?) -> CalendarDate? {
        switch self {
        case .day(let day): day
        case .today: Self.today(now: now, zone: zone)
        case .tomorrow: Self.today(now: now, zone: zone)?.next
        }
    }

    /// The date at `now` on the clocks of `zone`, or of the process's own zone.
    private static func today(now: Int64, zone: ZoneRules?) -> CalendarDate? {
        if let zone {
            let local = now + Int64(zone.offset(at: now).seconds)
            // Floor division: an instant before 1970 is on the day before, not after.
            let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
            return CalendarDate(daysSinceEpoch: Int(days))
        }
        var seconds = time_t(now)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return nil }
        return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }
}
