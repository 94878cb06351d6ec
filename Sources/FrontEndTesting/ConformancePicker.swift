internal import TimePickerCore

/// The pickers the suite shows: plain hourly ones for most checks, and the two whose times a
/// front end must mark for the person to know which they are.
enum ConformancePicker: CustomStringConvertible {
    /// 24-hour, hourly slots; the `number`th session's selection is (8 + number):00, an hour.
    case hourly
    /// Overnight, its end on the next day: 20:00 to 02:00 (next day).
    case overnight
    /// On the night the clocks go back in Berlin (2026-10-25: 03:00 CEST is 02:00 CET), every
    /// half hour, its selection 02:00 to 02:30 of summer time, an hour before the same clock
    /// times come round again in winter time.
    case clocksBack

    /// The options of the `number`th session of this kind, but its title.
    func options(_ number: Int) -> [String: OptionValue] {
        switch self {
        case .hourly:
            ["start": .string(Self.hour(8 + number)), "end": .string(Self.hour(9 + number))]
        case .overnight:
            ["overnight": .boolean(true), "start": .string("20:00"), "end": .string("02:00")]
        case .clocksBack:
            [
                "date": .string("2026-10-25"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30), "first": .string("00:00"),
                "start": .string("02:00"), "end": .string("02:30"),
            ]
        }
    }

    var description: String {
        switch self {
        case .hourly: "hourly"
        case .overnight: "overnight"
        case .clocksBack: "the night the clocks go back"
        }
    }

    /// "HH:00".
    private static func hour(_ hour: Int) -> String {
        (hour < 10 ? "0" : "") + "\(hour):00"
    }
}
