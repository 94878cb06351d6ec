internal import DBusKit
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

    /// The line for a Response carrying `arguments`, without its newline; nil when they are not
    /// `(u, a{sv})`.
    static func text(of arguments: [DBusValue]) -> String? {
        guard arguments.count == 2, case .uint32(let code) = arguments[0], let entries = arguments[1].stringKeyedEntries else { return nil }
        var values: [String: String] = [:]
        for (key, value) in entries {
            guard case .variant(let inner) = value, let text = printable(inner) else { continue }
            values[key] = text
        }
        let known = knownKeys.compactMap { key in values.removeValue(forKey: key).map { "\(key)=\($0)" } }
        let others = values.sorted { $0.key < $1.key }.map { "\(displaySafe($0.key))=\($0.value)" }
        return ([TimePickerBus.Member.response.rawValue, "\(code)"] + known + others).joined(separator: " ")
    }

    /// A result's value as text; nil for a container, which no documented key holds.
    private static func printable(_ value: DBusValue) -> String? {
        switch value {
        case .string(let text): displaySafe(text)
        case .boolean(let flag): flag ? "true" : "false"
        case .byte(let number): "\(number)"
        case .int16(let number): "\(number)"
        case .uint16(let number): "\(number)"
        case .int32(let number): "\(number)"
        case .uint32(let number): "\(number)"
        case .int64(let number): "\(number)"
        case .uint64(let number): "\(number)"
        case .double(let number): "\(number)"
        default: nil
        }
    }
}
