/// The times a typing can still become as more keys come: `173` becomes 17:30 to 17:39, `93`
/// 9:30 to 9:59 (and 21:30 to 21:59), `2` any time from 02:00 to 02:59, 20:00 to 23:59 and more.
///
/// Why: a column reads what is typed key by key, and most times pass through typing that is
/// no time yet (`173` on the way to `1730`) or not yet the time meant (`2` on the way to `22`).
/// A note that the typing is wrong is true only when no key can make it right, so
/// `TypedReading` asks this before it tells a person so (issue 39).
///
/// Worked out from the forms `TypedTime` reads, not by trying every key: at most four digits,
/// an hour of two digits before a colon or a mark, and the minutes after them.
struct TypedCompletions {
    /// One flag per minute of a day, 0 to 1440 (24:00): whether some typing that begins with
    /// the text (the text itself included) reads as that time.
    private(set) var times = [Bool](repeating: false, count: WallClockTime.minutesPerDay + 1)
    /// Whether any time is reachable at all.
    private(set) var isEmpty = true

    /// The times `typed` (as a column receives it) can still become.
    init(of typed: String) {
        guard let shape = TypedShape(typed.lowercased()) else { return }
        let marks: [Bool?] = shape.mark.map { [$0] } ?? [nil, false, true]
        switch shape.minutes {
        case .open:
            // Only digits so far: more digits (four at most), then a mark, or a colon or a
            // mark and minutes after an hour of one or two digits.
            let digits = shape.hourDigits
            for extra in 0...max(0, 4 - digits.count) {
                var power = 1
                for _ in 0..<extra { power *= 10 }
                for value in 0..<power {
                    let whole = digits + (extra == 0 ? "" : Self.padded(value, extra))
                    if whole.count <= 2 {
                        addHour(whole, minutes: 0...59, marks: marks)
                    } else {
                        addHour(String(whole.dropLast(2)), minutes: Self.minutes(String(whole.suffix(2))), marks: marks)
                    }
                }
            }
        case .partial(let range):
            addHour(shape.hourDigits, minutes: range, marks: marks)
        }
    }

    /// Marks every reading of `hourDigits` at each of `minutes` with each of `marks`.
    private mutating func addHour(_ hourDigits: String, minutes: ClosedRange<Int>, marks: [Bool?]) {
        guard (1...2).contains(hourDigits.count), let hour = Int(hourDigits) else { return }
        // An hour written the 24-hour way (`03`, `17`) takes no mark a person would add: "0300"
        // is 03:00, not on its way to "0300p".
        let twentyFourHour = hourDigits.first == "0" || hour > 12
        for minute in minutes where minute < 60 {
            for mark in marks where mark == nil || !twentyFourHour || marks.count == 1 {
                let face = ClockFace(
                    hour: hour, minute: minute, afternoon: mark,
                    twentyFourHour: mark == nil && (hourDigits.first == "0" || hour > 12))
                for time in face.readings ?? [] {
                    times[time.minutes] = true
                    isEmpty = false
                }
            }
        }
    }

    /// `value` as `width` digits, leading zeros kept (`05`).
    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Two written minute digits as the one minute they are.
    private static func minutes(_ digits: String) -> ClosedRange<Int> {
        let value = Int(digits) ?? 60
        return value...value
    }
}

/// What a typing is so far: its hour digits, its mark if it has one, and how far its minutes
/// are written; nil when no key can make it a time any more (`99`, `p5`, `9::`).
private struct TypedShape {
    /// The digits before a colon or a mark (all of them when there is neither).
    var hourDigits: String
    /// true for PM, false for AM, nil while there is none.
    var mark: Bool?
    var minutes: Minutes

    /// How far the minutes are written.
    enum Minutes {
        /// Only digits, no colon or mark yet.
        case open
        /// After a colon or a mark: the minutes the digits so far can still become.
        case partial(ClosedRange<Int>)
    }

    init?(_ text: String) {
        let digits = String(text.prefix { $0.isNumber && $0.isASCII })
        var rest = Substring(text.dropFirst(digits.count))
        guard (1...4).contains(digits.count) else { return nil }
        hourDigits = digits
        if rest.isEmpty {
            minutes = .open
            return
        }
        var separated = false
        var minuteDigits = Substring("")
        if rest.first == ":" {
            guard digits.count <= 2 else { return nil }
            rest = rest.dropFirst()
            minuteDigits = rest.prefix { $0.isNumber && $0.isASCII }
            rest = rest.dropFirst(minuteDigits.count)
            separated = true
        }
        for (written, value) in [("am", false), ("pm", true), ("a", false), ("p", true)] where rest.hasPrefix(written) {
            mark = value
            rest = rest.dropFirst(written.count)
            break
        }
        // "5p30": minutes after a mark, for an hour of one or two digits without a colon.
        if !separated, mark != nil, digits.count <= 2 {
            minuteDigits = rest.prefix { $0.isNumber && $0.isASCII }
            rest = rest.dropFirst(minuteDigits.count)
            separated = !minuteDigits.isEmpty
        }
        // "5a" may still take its "m"; anything else left over can become no time.
        guard rest.isEmpty || (rest == "m" && mark != nil && minuteDigits.isEmpty), minuteDigits.count <= 2 else { return nil }
        guard separated else {
            // Digits and a mark: HMM and HHMM are whole; an hour may still take its minutes
            // (`5p`: 17:00 now, 17:00 to 17:59 as minutes follow).
            if digits.count > 2 {
                let value = Int(digits.suffix(2)) ?? 60
                hourDigits = String(digits.dropLast(2))
                minutes = .partial(value...value)
            } else {
                minutes = .partial(0...59)
            }
            return
        }
        let tens = Int(minuteDigits) ?? 0
        // A mark after one minute digit ends the minutes there (`9:3a`: 9:30).
        switch (minuteDigits.count, mark != nil && text.first(where: { $0 == ":" }) != nil) {
        case (0, _): minutes = .partial(0...59)
        case (1, true): minutes = .partial(tens * 10...tens * 10)
        case (1, false): minutes = .partial(tens * 10...tens * 10 + 9)
        default: minutes = .partial(tens...tens)
        }
    }
}
