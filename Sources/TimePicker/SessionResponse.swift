internal import DBusKit
internal import TimePickerContract
internal import TimePickerCore

/// A session's `Response(u response, a{sv} results)` signal as the library takes it: sent by the
/// service just before Selected and before the answer to PickTimeRange, with the whole range
/// (xdg-desktop-portal's Request has the same shape). Only what is whole and consistent is
/// taken; the library falls back to the two times of the answer otherwise.
struct SessionResponse: Equatable {
    /// More values than a Response of ours holds are a peer's mistake or a flood, not read.
    private static let maximumValues = 64
    private static let maximumStringBytes = 4096

    /// `TimePickerBus.ResponseCode`: 0 chosen, 1 cancelled by the person, 2 ended otherwise.
    let code: UInt32
    /// The range the results describe; nil when they do not describe one completely.
    let times: TimePickerRange?

    /// Reads `message`, known to be the session's Response from the service; nil when its body
    /// is not `ua{sv}` within bounds.
    init?(_ message: DBusMessage) {
        guard message.signature == "ua{sv}",
              let arguments = try? message.arguments(maximumValues: Self.maximumValues, maximumStringBytes: Self.maximumStringBytes),
              arguments.count == 2, case .uint32(let code) = arguments[0], let entries = arguments[1].stringKeyedEntries
        else { return nil }
        var results: [String: DBusValue] = [:]
        for (key, value) in entries {
            if case .variant(let inner) = value { results[key] = inner }
        }
        self.code = code
        times = Self.times(in: results)
    }

    /// The range in `results`: `start`, `end`, `next_day` and `duration`, and, all four or none,
    /// `date`, `start_time`, `end_time` and `time_zone`.
    static func times(in results: [String: DBusValue]) -> TimePickerRange? {
        typealias Key = TimePickerBus.ResponseKey
        guard case .string(let start)? = results[Key.start], isClockText(start),
              case .string(let end)? = results[Key.end], isClockText(end),
              case .boolean(let nextDay)? = results[Key.nextDay], case .uint32(let duration)? = results[Key.duration]
        else { return nil }
        let datedKeys = [Key.date, Key.startTime, Key.endTime, Key.timeZone]
        guard datedKeys.contains(where: { results[$0] != nil }) else {
            return TimePickerRange(start: start, end: end, details: .init(nextDay: nextDay, durationSeconds: duration, dated: nil))
        }
        guard case .string(let dateText)? = results[Key.date], let date = CalendarDate(parsing: dateText),
              case .string(let startText)? = results[Key.startTime], let startInstant = ISOInstant(parsing: startText),
              case .string(let endText)? = results[Key.endTime], let endInstant = ISOInstant(parsing: endText),
              case .string(let zone)? = results[Key.timeZone], isZoneName(zone),
              // The start is on the day and at the time said; the instants are `duration` apart.
              startText.hasPrefix(dateText + "T" + start),
              endInstant.secondsSince1970 - startInstant.secondsSince1970 == Int64(duration)
        else { return nil }
        let dated = TimePickerRange.Dated(date: date, start: startInstant, end: endInstant, timeZone: zone)
        return TimePickerRange(start: start, end: end, details: .init(nextDay: nextDay, durationSeconds: duration, dated: dated))
    }

    /// Whether `text` is a time as Selected says it, `HH:MM` from 00:00 to 24:00.
    private static func isClockText(_ text: String) -> Bool {
        WallClockTime(parsing: text)?.clockText == text
    }

    /// Whether `text` has the shape of an IANA zone name (`America/Argentina/Buenos_Aires`,
    /// `Etc/GMT+5`): it reaches stdout in the JSON.
    private static func isZoneName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 255 && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "/_+-".unicodeScalars.contains(scalar))
        }
    }
}
