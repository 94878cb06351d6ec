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
        guard let clock = ClockFace(lowered, allowingBareDigits: false), let time = clock.time else { return nil }
        return .time(time)
    }
}

/// Typing a time into a picker's column, key by key, as gum and fzf filter as you type: the
/// column jumps to what the text so far means, so `9` is 09:00, `93` already 09:30, `930`
/// 09:30, `17` 17:00, `5p` 17:00 and `1230a` 00:30.
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

    /// The time `typed` means so far, or nil while it means none (empty, or not a time).
    public static func time(for typed: String) -> WallClockTime? {
        ClockFace(typed.lowercased(), allowingBareDigits: true)?.time
    }
}

/// The parts of a written time: hour and minute digits, and an AM/PM mark.
private struct ClockFace {
    var hour: Int
    var minute: Int
    /// true for PM, false for AM, nil for a 24-hour time.
    var afternoon: Bool?

    /// Splits `text` (lowercased, no spaces) into its parts. Digits alone read as `H`, `HH`,
    /// `HMM`, `HHMM`; with `allowingBareDigits`, two digits that make no hour (`93`) read as
    /// an hour and the tens of minutes, as they do while `930` is being typed.
    init?(_ text: String, allowingBareDigits: Bool) {
        var rest = Substring(text)
        var mark: Bool?
        for (suffix, value) in [("am", false), ("pm", true), ("a", false), ("p", true)] where rest.hasSuffix(suffix) {
            mark = value
            rest = rest.dropLast(suffix.count)
            break
        }
        afternoon = mark
        guard !rest.isEmpty, rest.allSatisfy({ $0 == ":" || $0.isASCIIDigit }), rest.filter({ $0 == ":" }).count <= 1 else { return nil }
        if let colon = rest.firstIndex(of: ":") {
            let hourDigits = rest[..<colon]
            let minuteDigits = rest[rest.index(after: colon)...]
            guard (1...2).contains(hourDigits.count), minuteDigits.count <= 2, let hour = Int(hourDigits) else { return nil }
            // "9:" and "9:3" while typing: the minutes so far, tens first.
            guard minuteDigits.count == 2 || allowingBareDigits else { return nil }
            let minuteValue = Int(minuteDigits) ?? 0
            self.hour = hour
            minute = minuteDigits.count == 1 ? minuteValue * 10 : minuteValue
        } else {
            let digits = Array(rest)
            switch digits.count {
            case 1, 2:
                guard let value = Int(String(digits)) else { return nil }
                if value <= 24 || !allowingBareDigits {
                    hour = value
                    minute = 0
                } else {
                    hour = Int(String(digits[0])) ?? 0
                    minute = (Int(String(digits[1])) ?? 0) * 10
                }
            case 3:
                hour = Int(String(digits[0])) ?? 0
                minute = Int(String(digits[1...])) ?? 0
            case 4:
                hour = Int(String(digits[..<2])) ?? 0
                minute = Int(String(digits[2...])) ?? 0
            default:
                return nil
            }
        }
    }

    /// The time the parts name, or nil when they name none (25:00, 13 pm, 9:75).
    var time: WallClockTime? {
        guard minute < 60 else { return nil }
        var hourOfDay = hour
        if let afternoon {
            guard (1...12).contains(hour) else { return nil }
            hourOfDay = hour % 12 + (afternoon ? 12 : 0)
        }
        guard hourOfDay < 24 || (hourOfDay == 24 && minute == 0) else { return nil }
        return WallClockTime(minutes: hourOfDay * 60 + minute)
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
