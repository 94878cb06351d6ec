internal import DBusKit

/// A value for an option this library has no property for (`TimePickerAlert.extraOptions`): one
/// a later service adds, sent as it is given. Its case is the D-Bus type the option takes
/// (`man io.github.timepickerd.TimePicker1`).
public enum TimePickerOptionValue: Hashable, Sendable {
    case string(String)
    case boolean(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)

    /// The value as PickTimeRange's `a{sv}` carries it.
    var dbusValue: DBusValue {
        switch self {
        case .string(let value): .string(value)
        case .boolean(let value): .boolean(value)
        case .int32(let value): .int32(value)
        case .uint32(let value): .uint32(value)
        case .int64(let value): .int64(value)
        case .uint64(let value): .uint64(value)
        case .double(let value): .double(value)
        }
    }
}
