/// A wall-clock time of day, in minutes since midnight, 0...1440 (1440 is "24:00").
///
/// 24:00 exists because ISO 8601 uses it for the end of a day, and the last slot of the iOS
/// picker this service is modelled on (`MyTimePickerAlert`, "Create a custom Start-and-End Time
/// Picker Alert in Swift": "12:00 AM" at the bottom of its list) meant exactly that.
public struct WallClockTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since midnight, 0...1440.
    public let minutes: Int

    /// Minutes in one day; also the value of 24:00.
    public static let minutesPerDay = 1440

    /// 24:00, the end of the day.
    public static let endOfDay = WallClockTime(uncheckedMinutes: minutesPerDay)

    /// 00:00, the start of the day.
    public static let midnight = WallClockTime(uncheckedMinutes: 0)

    /// Creates a time from minutes since midnight; nil outside 0...1440.
    public init?(minutes: Int) {
        guard (0...Self.minutesPerDay).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// For callers inside the module that have already checked the range.
    init(uncheckedMinutes minutes: Int) {
        self.minutes = minutes
    }

    /// Parses the bus format strictly: exactly "HH:MM" in ASCII digits, 00:00...24:00.
    ///
    /// Strictness matters more than leniency here: a caller that sends "9:00" or
    /// " 09:00" has a bug, and an error tells them sooner than a silent guess.
    public init?(parsing text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
              let hourTens = Self.asciiDigit(bytes[0]), let hourOnes = Self.asciiDigit(bytes[1]),
              let minuteTens = Self.asciiDigit(bytes[3]), let minuteOnes = Self.asciiDigit(bytes[4])
        else { return nil }
        let hour = hourTens * 10 + hourOnes
        let minute = minuteTens * 10 + minuteOnes
        guard minute < 60, hour < 24 || (hour == 24 && minute == 0) else { return nil }
        self.minutes = hour * 60 + minute
    }

    /// The value of one ASCII digit byte, or nil for anything else.
    private static func asciiDigit(_ byte: UInt8) -> Int? {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        return Int(byte - UInt8(ascii: "0"))
    }

    /// The hour part, 0...24.
    public var hour: Int { minutes / 60 }

    /// The minute part, 0...59.
    public var minute: Int { minutes % 60 }

    /// The clock text, as the service's interface writes a time: "09:05", "24:00".
    public var clockText: String {
        twoDigitPair(hour, UInt8(ascii: ":"), minute)
    }

    /// The time as a person reads it in the given clock style.
    ///
    /// In 12-hour style 24:00 reads "midnight": `MyTimePickerAlert`'s "12:00 AM" at the bottom of the
    /// list made "11:00 AM – 12:00 AM" look like an end before its start. 00:00, the start of
    /// the day, stays "12:00 AM".
    public func label(_ clock: ClockStyle) -> String {
        label(clock, am: "AM", pm: "PM", midnight: "midnight")
    }

    /// The time in `clock` with a language's words for the day's halves and for 24:00
    /// ("9:00 AM" in English; a locale's own from `nl_langinfo(AM_STR)`), the word where the
    /// locale writes it: after the time ("9:00 AM"), or before it, joined by `separator`
    /// ("午前9:00" in Japanese, "上午 9:00" in Chinese).
    public func label(
        _ clock: ClockStyle, am: String, pm: String, midnight: String, periodFirst: Bool = false, separator: String = " "
    ) -> String {
        switch clock {
        case .twentyFourHour:
            return clockText
        case .twelveHour where minutes == Self.minutesPerDay:
            return midnight
        case .twelveHour:
            let hourOfDay = hour % 24
            let hourOnDial = hourOfDay % 12 == 0 ? 12 : hourOfDay % 12
            let period = hourOfDay < 12 ? am : pm
            let time = "\(hourOnDial):\(Self.twoDigits(minute))"
            return periodFirst ? period + separator + time : time + separator + period
        }
    }

    public var description: String { clockText }

    public static func < (lhs: WallClockTime, rhs: WallClockTime) -> Bool {
        lhs.minutes < rhs.minutes
    }

    /// Zero-pads a value in 0...99 to two digits.
    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
