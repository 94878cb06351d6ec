internal import TimePickerCore

/// An instant as ISO 8601 writes it with its UTC offset, `2026-03-28T22:00:00+01:00`: how the
/// service's Response says `start_time` and `end_time`, read strictly, since what a peer sends
/// reaches a script's stdout.
struct ISOInstant: Equatable, Sendable {
    /// The text as it came, known to be of the form above.
    let text: String
    /// The instant, in seconds since 1970-01-01T00:00:00Z.
    let secondsSince1970: Int64

    /// Reads `YYYY-MM-DDTHH:MM:SS` followed by `±HH:MM` or `Z`, in ASCII digits, a day of the
    /// calendar and a time of day (no 24:00, no leap second); nil for anything else.
    init?(parsing text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 25, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
              bytes[16] == UInt8(ascii: ":"),
              let date = CalendarDate(parsing: String(decoding: bytes[0..<10], as: UTF8.self)),
              let hours = asciiNumber(bytes[11..<13]), hours < 24,
              let minutes = asciiNumber(bytes[14..<16]), minutes < 60,
              let seconds = asciiNumber(bytes[17..<19]), seconds < 60,
              let offset = Self.offsetSeconds(bytes[19...])
        else { return nil }
        self.text = text
        secondsSince1970 = Int64(date.daysSinceEpoch) * 86_400 + Int64(hours * 3600 + minutes * 60 + seconds) - Int64(offset)
    }

    /// `Z` (0) or `±HH:MM` in seconds east of UTC; nil for anything else.
    private static func offsetSeconds(_ bytes: ArraySlice<UInt8>) -> Int? {
        let bytes = Array(bytes)
        if bytes == [UInt8(ascii: "Z")] { return 0 }
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: ":"),
              let hours = asciiNumber(bytes[1..<3]), hours < 24, let minutes = asciiNumber(bytes[4..<6]), minutes < 60
        else { return nil }
        let magnitude = hours * 3600 + minutes * 60
        return bytes[0] == UInt8(ascii: "-") ? -magnitude : magnitude
    }

}
