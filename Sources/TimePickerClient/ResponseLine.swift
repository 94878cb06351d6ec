internal import TimePickerContract
internal import TimePickerCore

/// A session's Response signal as `timepickerctl monitor` prints it, after the path: the
/// member, the code, then each result as key=value, the documented keys first in their order
/// and any others (a newer service's) by name, strings made safe to print:
/// `Response 0 start=22:00 end=06:00 next_day=true duration=28800`.
enum ResponseLine {
    /// The documented keys, in the order the interface lists them.
    private static let knownKeys = [
        TimePickerBus.ResponseKey.start, TimePickerBus.ResponseKey.end, TimePickerBus.ResponseKey.nextDay,
        TimePickerBus.ResponseKey.duration, TimePickerBus.ResponseKey.date, TimePickerBus.ResponseKey.startTime,
        TimePickerBus.ResponseKey.endTime, TimePickerBus.ResponseKey.timeZone, TimePickerBus.ResponseKey.reason,
    ]

    /// The line for a Response with `code` and `results` (each value as text), without its newline.
    static func text(code: UInt32, results: [String: String]) -> String {
        var values = results
        let known = knownKeys.compactMap { key in values.removeValue(forKey: key).map { "\(key)=\(displaySafe($0))" } }
        let others = values.sorted { $0.key < $1.key }.map { "\(displaySafe($0.key))=\(displaySafe($0.value))" }
        return ([TimePickerBus.Member.response.rawValue, "\(code)"] + known + others).joined(separator: " ")
    }
}
