/// How the picker writes its times (the `clock` option); unset, the person's locale or
/// desktop decides.
public enum TimePickerClock: Hashable, Sendable {
    /// "9:00 AM".
    case twelveHour
    /// "09:00".
    case twentyFourHour

    /// The option's word on the bus.
    var wireValue: String {
        switch self {
        case .twelveHour: "12h"
        case .twentyFourHour: "24h"
        }
    }
}
