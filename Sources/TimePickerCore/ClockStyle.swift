/// How times are labelled for a person.
public enum ClockStyle: String, Sendable, CaseIterable {
    /// "9:00 AM", "12:00 PM".
    case twelveHour = "12h"
    /// "09:00", "24:00".
    case twentyFourHour = "24h"
}
