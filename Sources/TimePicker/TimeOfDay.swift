/// A time on the picker's clock, hour and minute, for `TimePickerAlert`'s `first`, `last`,
/// `start` and `end`; `start` may also be `.now` (the time the picker opens, on the grid; the
/// service refuses it as an `end`). 24:00, the end of the day, is a `last` or an `end`.
///
/// Nothing is checked here: the service checks each option and refuses one it cannot take with
/// a `TimePickerError` of code `.invalidArgs` naming it (`"option 'start': …"`), as it does for
/// every caller, so the rules live in one place.
public struct TimeOfDay: Hashable, Sendable, CustomStringConvertible {
    /// A clock time, or the moment the picker opens.
    private enum Value: Hashable, Sendable {
        case clock(hour: Int, minute: Int)
        case now
    }

    private let value: Value

    /// `hour` 0…24 and `minute` 0…59 (24:00 only as the end of the day).
    public init(hour: Int, minute: Int = 0) {
        value = .clock(hour: hour, minute: minute)
    }

    private init(_ value: Value) {
        self.value = value
    }

    /// The time the picker opens, rounded onto its grid by the service (`start` and `end` only).
    public static let now = TimeOfDay(.now)
    /// 00:00, the start of the day.
    public static let midnight = TimeOfDay(hour: 0)
    /// 24:00, the end of the day (`last` or `end`).
    public static let endOfDay = TimeOfDay(hour: 24)

    /// The hour; nil for `.now`.
    public var hour: Int? {
        if case .clock(let hour, _) = value { hour } else { nil }
    }

    /// The minute; nil for `.now`.
    public var minute: Int? {
        if case .clock(_, let minute) = value { minute } else { nil }
    }

    /// As the service takes it: `HH:MM` ("09:30"), or "now".
    public var description: String {
        switch value {
        case .now: "now"
        case .clock(let hour, let minute): "\(Self.twoDigits(hour)):\(Self.twoDigits(minute))"
        }
    }

    /// `9` as "09"; a number out of range as it is, for the service to refuse by name.
    private static func twoDigits(_ number: Int) -> String {
        (0...9).contains(number) ? "0\(number)" : "\(number)"
    }
}
