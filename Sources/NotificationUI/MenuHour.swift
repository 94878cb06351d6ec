internal import TimePickerCore

/// One page of the list menu's slots (`ListMenu`): an hour on the clock, counting on past 24 into
/// an overnight picker's next day (0...48, as `Slot.minutes / 60`), and, on an hour the clock
/// shows twice (a dated picker's day the clocks go back), which time round it is, so that no
/// page holds two hours' worth of slots.
public struct MenuHour: Hashable, Sendable, CustomStringConvertible {
    /// The hour, 0...48: `Slot.minutes / 60` of its slots.
    public let hour: Int
    /// Which time round an hour the clock shows twice is (0 the first, 1 the second); nil for
    /// an hour it shows once.
    public let pass: Int?

    /// The most passes an hour can have in a key: one letter each, A...Z.
    static let passLetters = 26

    public init(_ hour: Int, pass: Int? = nil) {
        self.hour = hour
        self.pass = pass
    }

    /// How the action key writes it: two digits, then the pass's letter if any ("09", "30",
    /// "02A", "02B"), which is also how the menu's sortable labels lead the hour.
    public var description: String {
        let digits = hour < 10 ? "0\(hour)" : "\(hour)"
        return digits + (pass.map(Self.letter) ?? "")
    }

    /// Reads `description` back; nil for anything else (a key comes from another process).
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 2 || bytes.count == 3,
              bytes[0..<2].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let hour = Int(String(decoding: bytes[0..<2], as: UTF8.self)), hour <= Slot.latestMinutes / 60
        else { return nil }
        guard bytes.count == 3 else {
            self.init(hour)
            return
        }
        guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[2]) else { return nil }
        self.init(hour, pass: Int(bytes[2] - UInt8(ascii: "A")))
    }

    /// "A" for the first pass, "B" for the second (as the hour a clock goes back is called 2A
    /// and 2B in Germany), up to "Z".
    static func letter(_ pass: Int) -> String {
        String(UnicodeScalar(UInt8(ascii: "A") + UInt8(min(max(pass, 0), passLetters - 1))))
    }
}
