/// Times as people write them, beyond the bus's strict `HH:MM`.
///
/// Three readers, from strict to free:
/// - `WallClockTime(parsing:)`: the bus's `HH:MM` (what the service sends back, always);
/// - `WallClockTime(parsingOption:)`: what the service accepts in an option, `HH:MM` or `H:MM`;
/// - `TimeText.parse(_:)`: what a person types on a command line: `9`, `9:30`, `17:00`,
///   `9am`, `5:30 pm`, `noon`, `midnight`.
public enum TimeText {
    /// A time a person wrote, or midnight, which means the start or the end of the day
    /// depending on where it is used.
    public enum Parsed: Equatable, Sendable {
        case time(WallClockTime)
        /// "midnight": 00:00 as a start, 24:00 as an end.
        case midnight

        /// The time, taking midnight as the end of the day when `asEnd`.
        public func resolved(asEnd: Bool) -> WallClockTime {
            switch self {
            case .time(let time): time
            case .midnight: asEnd ? .endOfDay : .midnight
            }
        }
    }

    /// Reads a time as a person writes it; nil for anything else. Case and spaces before the
    /// AM/PM mark do not matter; 12-hour times take `am`, `a`, `pm` or `p`.
    public static func parse(_ text: String) -> Parsed? {
        let lowered = String(text.lowercased().filter { $0 != " " })
        switch lowered {
        case "noon": return .time(WallClockTime(uncheckedMinutes: 720))
        case "midnight": return .midnight
        default: break
        }
        guard let clock = ClockFace(lowered), let time = clock.time else { return nil }
        return .time(time)
    }
}

/// Typing a time into a picker's column, key by key, as gum and fzf filter as you type: the
/// column goes to what the text so far means (`TypedReading`), and says so when it means none.
public enum TypedTime {
    /// The longest typing that can still mean a time ("12:30 am" without its space).
    public static let maximumLength = 7
    /// How long a pause in typing ends the typed time (`PickerEvent.finishTyping`), as a move
    /// key does: long enough to look up at the screen between digits.
    public static let pauseMilliseconds = 1500

    /// Whether `character` can be part of a typed time.
    public static func accepts(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ascii)
            || [UInt8(ascii: ":"), UInt8(ascii: "a"), UInt8(ascii: "p"), UInt8(ascii: "m"),
                UInt8(ascii: "A"), UInt8(ascii: "P"), UInt8(ascii: "M")].contains(ascii)
    }

    /// The times `typed` can mean, in the order a column tries them: one for a 24-hour time or
    /// one with am/pm (`17`, `0930`, `5p30`), two for an hour of 1 to 12 without a mark (`5`:
    /// 05:00, then 17:00; `12`: 12:00, then 24:00); nil while it means none (`25`, `93`, `13p`).
    public static func readings(of typed: String) -> [WallClockTime]? {
        ClockFace(typing: typed.lowercased())?.readings
    }

    /// Whether `typed` is a time written the 24-hour way, without a mark: its hour above 12 or
    /// with a leading zero (`17:30`, `0930`), which a person who writes hours 1 to 12 for the
    /// afternoon does not write.
    public static func isTwentyFourHour(_ typed: String) -> Bool {
        ClockFace(typing: typed.lowercased()).map { $0.twentyFourHour && $0.readings != nil } ?? false
    }
}

/// The parts of a written time: hour and minute digits, and an AM/PM mark.
struct ClockFace {
    var hour: Int
    var minute: Int
    /// true for PM, false for AM, nil for a time without a mark.
    var afternoon: Bool?
    /// Whether the hour was written the 24-hour way: with a leading zero (`09`, `0930`) or
    /// above 12, so that it means one time only.
    var twentyFourHour: Bool

    /// The parts as they are (`TypedCompletions` makes the times a typing can still become).
    init(hour: Int, minute: Int, afternoon: Bool?, twentyFourHour: Bool) {
        self.hour = hour
        self.minute = minute
        self.afternoon = afternoon
        self.twentyFourHour = twentyFourHour
    }

    /// Reads a command line's time (lowercased, no spaces): `H`, `HH`, `HMM`, `HHMM`, `H:MM`,
    /// `HH:MM`, each with an optional `am`, `a`, `pm` or `p` after it.
    init?(_ text: String) {
        self.init(text, typing: false)
    }

    /// Reads a typed time (lowercased) as far as it goes: besides the command line's forms,
    /// the mark may come before the minutes (`5p30`), and minutes after a colon or a mark may
    /// have one digit so far (`9:3`, `5p3`: tens).
    init?(typing text: String) {
        self.init(text, typing: true)
    }

    private init?(_ text: String, typing: Bool) {
        var rest = Substring(text)
        let leadingDigits = rest.prefix { $0.isASCIIDigit }
        rest = rest.dropFirst(leadingDigits.count)
        var hourDigits = leadingDigits
        var minuteDigits = Substring("")
        var separated = false
        if rest.first == ":" {
            rest = rest.dropFirst()
            minuteDigits = rest.prefix { $0.isASCIIDigit }
            rest = rest.dropFirst(minuteDigits.count)
            separated = true
        } else if leadingDigits.count > 2 {
            // HMM, HHMM: the last two digits are the minutes.
            hourDigits = leadingDigits.dropLast(2)
            minuteDigits = leadingDigits.suffix(2)
        }
        var mark: Bool?
        for (written, value) in [("am", false), ("pm", true), ("a", false), ("p", true)] where rest.hasPrefix(written) {
            mark = value
            rest = rest.dropFirst(written.count)
            break
        }
        if typing, mark != nil, !separated, minuteDigits.isEmpty, rest.first?.isASCIIDigit == true {
            minuteDigits = rest.prefix { $0.isASCIIDigit }
            rest = rest.dropFirst(minuteDigits.count)
            separated = true
        }
        guard rest.isEmpty, (1...2).contains(hourDigits.count), minuteDigits.count <= 2, let hour = Int(hourDigits) else { return nil }
        // "9:" and "9:3" while typing: the minutes so far, tens first; a command line says all.
        guard !separated || minuteDigits.count == 2 || typing else { return nil }
        self.hour = hour
        minute = minuteDigits.count == 1 ? (Int(minuteDigits) ?? 0) * 10 : Int(minuteDigits) ?? 0
        afternoon = mark
        twentyFourHour = mark == nil && (hourDigits.first == "0" || hour > 12)
    }

    /// The time the parts name as written (an hour without a mark on the 24-hour clock), or
    /// nil when they name none (25:00, 13 pm, 9:75).
    var time: WallClockTime? { readings?.first }

    /// Every time the parts can name, the one as written first; nil when they name none.
    var readings: [WallClockTime]? {
        guard minute < 60 else { return nil }
        if let afternoon {
            guard (1...12).contains(hour), let time = Self.time(hour % 12 + (afternoon ? 12 : 0), minute) else { return nil }
            return [time]
        }
        guard let written = Self.time(hour, minute) else { return nil }
        guard !twentyFourHour, (1...12).contains(hour), let later = Self.time(hour + 12, minute) else { return [written] }
        return [written, later]
    }

    /// hour:minute of one day, 24:00 included; nil past it.
    private static func time(_ hour: Int, _ minute: Int) -> WallClockTime? {
        guard hour < 24 || (hour == 24 && minute == 0) else { return nil }
        return WallClockTime(minutes: hour * 60 + minute)
    }
}

extension Character {
    /// An ASCII digit, 0 to 9 (not the other scripts' digits `isNumber` accepts).
    fileprivate var isASCIIDigit: Bool { asciiValue.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
}

extension WallClockTime {
    /// Reads a time option: the bus's `HH:MM`, or `H:MM` with one hour digit (`9:30`). Nothing
    /// else: an error tells a caller with a bug sooner than a guess would.
    public init?(parsingOption text: String) {
        if let strict = WallClockTime(parsing: text) {
            self = strict
            return
        }
        guard text.utf8.count == 4 else { return nil }
        guard let padded = WallClockTime(parsing: "0" + text) else { return nil }
        self = padded
    }
}
