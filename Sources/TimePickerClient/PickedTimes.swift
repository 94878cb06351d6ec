internal import TimePickerContract
internal import TimePickerCore

/// The chosen range as `timepickerctl pick` prints it: always the two HH:MM times; what else
/// the session says of it (`Response`, or the client's own picker): whether the end is on the
/// next day, the real length and, on a dated picker, the day, both instants and the zone.
struct PickedTimes: Equatable, Sendable {
    /// HH:MM, 24-hour, as Selected says them (an end the next day too: "06:00").
    let start: String
    let end: String
    /// Nil from a service older than the Response signal, which says only the two times.
    let details: Details?

    /// What a service with the Response signal, or the core, says beyond the two times.
    struct Details: Equatable, Sendable {
        /// Whether the end is on the day after the start's (24:00 is not).
        let nextDay: Bool
        /// Real elapsed seconds from start to end.
        let durationSeconds: UInt32
        /// Nil for a picker without a date.
        let dated: Dated?
    }

    /// A dated range: its day, its instants with their offsets, its zone.
    struct Dated: Equatable, Sendable {
        let date: CalendarDate
        let start: ISOInstant
        let end: ISOInstant
        /// The IANA name of the zone ("Europe/Berlin").
        let timeZone: String
    }

    /// Only the two times, as an older service answers.
    init(start: String, end: String) {
        self.start = start
        self.end = end
        details = nil
    }

    init(start: String, end: String, details: Details) {
        self.start = start
        self.end = end
        self.details = details
    }

    /// The range the core settled on, in the client's own picker.
    init(_ range: PickedRange) {
        start = range.start.busText
        end = range.end.busText
        var dated: Dated?
        if let date = range.date, let zone = range.zoneName, let startText = range.startTime, let endText = range.endTime,
           let startInstant = ISOInstant(parsing: startText), let endInstant = ISOInstant(parsing: endText) {
            dated = Dated(date: date, start: startInstant, end: endInstant, timeZone: zone)
        }
        details = Details(nextDay: range.nextDay, durationSeconds: UInt32(clamping: range.durationSeconds), dated: dated)
    }

    /// The line stdout gets in `format`; nil when the format needs instants this range lacks.
    func line(_ format: OutputFormat) -> String? {
        switch format {
        case .hm:
            return "\(start) \(end)\n"
        case .iso8601:
            guard let dated = details?.dated else { return nil }
            return "\(dated.start.text) \(dated.end.text)\n"
        case .epoch:
            guard let dated = details?.dated else { return nil }
            return "\(dated.start.secondsSince1970) \(dated.end.secondsSince1970)\n"
        }
    }

    /// The line `--json` prints: `start` and `end` as always, then what is known beyond them,
    /// with the Response signal's keys.
    var json: String {
        typealias Key = TimePickerBus.ResponseKey
        var fields = [(Key.start, jsonString(start)), (Key.end, jsonString(end))]
        if let details {
            fields += [(Key.nextDay, details.nextDay ? "true" : "false"), (Key.duration, String(details.durationSeconds))]
            if let dated = details.dated {
                fields += [
                    (Key.date, jsonString(dated.date.isoText)), (Key.startTime, jsonString(dated.start.text)),
                    (Key.endTime, jsonString(dated.end.text)), (Key.timeZone, jsonString(dated.timeZone)),
                ]
            }
        }
        return "{" + fields.map { "\(jsonString($0.0)):\($0.1)" }.joined(separator: ",") + "}\n"
    }
}
