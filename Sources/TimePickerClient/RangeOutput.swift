internal import TimePicker
internal import TimePickerContract

extension TimePickerRange {
    /// The line stdout gets in `format`; nil when the format needs instants this range lacks.
    func line(_ format: OutputFormat) -> String? {
        switch format {
        case .hm:
            return "\(start) \(end)\n"
        case .iso8601:
            guard let startTime, let endTime else { return nil }
            return "\(startTime) \(endTime)\n"
        case .epoch:
            guard let startSecondsSince1970, let endSecondsSince1970 else { return nil }
            return "\(startSecondsSince1970) \(endSecondsSince1970)\n"
        }
    }

    /// The line `--json` prints: `start` and `end` as always, then what is known beyond them,
    /// with the Response signal's keys.
    var json: String {
        typealias Key = TimePickerBus.ResponseKey
        var fields = [(Key.start, jsonString(start)), (Key.end, jsonString(end))]
        if let isNextDay, let durationSeconds {
            fields += [(Key.nextDay, isNextDay ? "true" : "false"), (Key.duration, String(durationSeconds))]
            if let date, let startTime, let endTime, let timeZone = timeZoneIdentifier {
                fields += [
                    (Key.date, jsonString(date)), (Key.startTime, jsonString(startTime)),
                    (Key.endTime, jsonString(endTime)), (Key.timeZone, jsonString(timeZone)),
                ]
            }
        }
        return "{" + fields.map { "\(jsonString($0.0)):\($0.1)" }.joined(separator: ",") + "}\n"
    }
}
