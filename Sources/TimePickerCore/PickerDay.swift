/// The day a dated picker is on as a caller writes it (the `date` option, `timepickerctl
/// --date`): a day of the calendar, or today or tomorrow on the clocks of the range's zone.
public enum PickerDay: Equatable, Sendable {
    case day(CalendarDate)
    case today
    case tomorrow

    /// Reads `YYYY-MM-DD`, `today` or `tomorrow` (in any case); nil for anything else, or a
    /// day the calendar does not have.
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "today": self = .today
        case "tomorrow": self = .tomorrow
        default:
            guard let day = CalendarDate(parsing: text) else { return nil }
            self = .day(day)
        }
    }

    /// The day this is at the instant `now` (seconds since 1970) on the clocks of `zone`; nil
    /// only when that day is outside the calendar's years.
    public func resolved(now: Int64, zone: ZoneRules) -> CalendarDate? {
        let today = CalendarDate(daysSinceEpoch: Int(zone.wallClock(at: now).daysSinceEpoch))
        switch self {
        case .day(let day): return day
        case .today: return today
        case .tomorrow: return today?.next
        }
    }
}
