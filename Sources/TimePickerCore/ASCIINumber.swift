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
