/// One time a picker offers: a wall-clock time on the picker's day or, for an overnight
/// picker, the next day, and on a dated picker the UTC offset it is at (which tells apart
/// the two 02:30s of a day the clocks go back).
public struct Slot: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since the midnight that begins the picker's day: below 1440 on that day,
    /// 1440 its end (24:00, the next day's 00:00), above it the next day; at most 2880.
    public let minutes: Int
    /// Seconds east of UTC the time is at, on a dated picker; nil on an undated one.
    public let utcOffset: Int?

    /// The latest minutes a slot may have: the end of the next day.
    public static let latestMinutes = 2 * WallClockTime.minutesPerDay

    /// A slot at `minutes` (0...2880), at `utcOffset` when dated.
    public init(minutes: Int, utcOffset: Int? = nil) {
        precondition((0...Self.latestMinutes).contains(minutes), "slot minutes \(minutes) outside 0...\(Self.latestMinutes)")
        self.minutes = minutes
        self.utcOffset = utcOffset
    }

    /// The slot of an undated picker at `time` on its day.
    public init(_ time: WallClockTime) {
        self.init(minutes: time.minutes)
    }

    /// Whether the time is on the day after the picker's (24:00 is not: it ends the picker's day).
    public var isNextDay: Bool { minutes > WallClockTime.minutesPerDay }

    /// The time of day the clock shows: 24:00 for the day's end, the next day's times as they are.
    public var time: WallClockTime {
        WallClockTime(uncheckedMinutes: isNextDay ? minutes - WallClockTime.minutesPerDay : minutes)
    }

    /// The clock text: "HH:MM", whichever day, as the service's interface writes a time
    /// (`Selected`, the `Start` and `End` properties). The backend's form is `wireText`.
    public var clockText: String { time.clockText }

    /// The time as a person reads it in `clock`, without a word of its day: the front ends add
    /// their translated mark for the next day (`isNextDay`).
    public func label(_ clock: ClockStyle) -> String { time.label(clock) }

    /// The time in `clock` with a language's words (`WallClockTime.label`), without its day.
    public func label(
        _ clock: ClockStyle, am: String, pm: String, midnight: String, periodFirst: Bool = false, separator: String = " "
    ) -> String {
        time.label(clock, am: am, pm: pm, midnight: midnight, periodFirst: periodFirst, separator: separator)
    }

    /// The wire text: the slot as the dialog backend's interface writes it, exact enough to be
    /// read back (`Slot(wireText:)`): the minutes as
    /// `HH:MM` counting on past 24 ("30:00" is 06:00 the next day), and the offset after it
    /// when dated ("02:30+01:00").
    public var wireText: String {
        let clock = twoDigitPair(minutes / 60, UInt8(ascii: ":"), minutes % 60)
        guard let utcOffset else { return clock }
        return clock + Self.offsetText(seconds: utcOffset)
    }

    /// Reads `wireText`; nil for anything else (a peer's text is untrusted).
    public init?(wireText text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5 || bytes.count == 11, bytes[2] == UInt8(ascii: ":"),
              let hours = asciiNumber(bytes[0..<2]), let minutes = asciiNumber(bytes[3..<5]), minutes < 60,
              hours * 60 + minutes <= Self.latestMinutes
        else { return nil }
        var offset: Int?
        if bytes.count == 11 {
            guard bytes[5] == UInt8(ascii: "+") || bytes[5] == UInt8(ascii: "-"), bytes[8] == UInt8(ascii: ":"),
                  let offsetHours = asciiNumber(bytes[6..<8]), let offsetMinutes = asciiNumber(bytes[9..<11]),
                  offsetHours < 24, offsetMinutes < 60
            else { return nil }
            let magnitude = (offsetHours * 60 + offsetMinutes) * 60
            offset = bytes[5] == UInt8(ascii: "-") ? -magnitude : magnitude
        }
        self.init(minutes: hours * 60 + minutes, utcOffset: offset)
    }

    public var description: String { wireText }

    /// In the order the slots of one picker happen: by minutes, then (the hour the clocks go
    /// back) the greater offset first, as it is the earlier instant.
    public static func < (lhs: Slot, rhs: Slot) -> Bool {
        (lhs.minutes * 60 - (lhs.utcOffset ?? 0)) < (rhs.minutes * 60 - (rhs.utcOffset ?? 0))
    }

    /// ISO 8601's offset, `+01:00`, `-05:00`, `+05:45` (seconds, which no zone has used since
    /// 1972, are dropped).
    public static func offsetText(seconds: Int) -> String {
        let magnitude = abs(seconds) / 60
        return twoDigitPair(magnitude / 60, UInt8(ascii: ":"), magnitude % 60, after: UInt8(ascii: seconds < 0 ? "-" : "+"))
    }

}
