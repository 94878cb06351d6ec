/// The value of a run of ASCII digits (`2026`, `09`); nil if any byte is not one, or there are
/// none. The readers of the bus's strict forms (dates, slots, ISO 8601 instants) share it.
public func asciiNumber(_ digits: ArraySlice<UInt8>) -> Int? {
    guard !digits.isEmpty, digits.count <= 18 else { return nil }
    var value = 0
    for byte in digits {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
}

/// `first` and `second` (each 0...99) as two zero-padded digits each, `separator` between them,
/// after `prefix` when there is one: "09:05", "+01:00". Written as bytes into a string that
/// fits inline (no allocation): a session's times are written several times each (its
/// Response, its log lines), where interpolating and concatenating them cost about a thousand
/// instructions a time.
public func twoDigitPair(_ first: Int, _ separator: UInt8, _ second: Int, after prefix: UInt8? = nil) -> String {
    let digit = { (value: Int) in UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value) }
    return String(unsafeUninitializedCapacity: 6) { buffer in
        var index = 0
        if let prefix {
            buffer[0] = prefix
            index = 1
        }
        buffer[index] = digit(first / 10 % 10)
        buffer[index + 1] = digit(first % 10)
        buffer[index + 2] = separator
        buffer[index + 3] = digit(second / 10 % 10)
        buffer[index + 4] = digit(second % 10)
        return index + 5
    }
}
