internal import DBusKit
internal import TimePickerCore

/// Turns the `a{sv}` argument of ShowTimePicker and PickTimeRange into the core's raw options.
enum OptionDecoding {
    /// The options of a call whose body must be exactly one `a{sv}`; `method` names it in errors.
    static func options(of arguments: [DBusValue], method: String) throws(ServiceError) -> [String: OptionValue] {
        let signature = arguments.map(\.signature).joined()
        guard signature == "a{sv}", let entries = arguments.first?.stringKeyedEntries else {
            throw .invalidArgs("\(method) takes one argument of type a{sv} (the options), got '\(signature)'")
        }
        var options: [String: OptionValue] = [:]
        for (key, value) in entries {
            guard options[key] == nil else { throw .invalidArgs("option '\(key)' is given more than once") }
            options[key] = optionValue(value)
        }
        return options
    }

    private static func optionValue(_ value: DBusValue) -> OptionValue {
        guard case .variant(let inner) = value else { return .other(signature: value.signature) }
        switch inner {
        case .string(let text): return .string(text)
        case .uint32(let number): return .uint32(number)
        default: return .other(signature: inner.signature)
        }
    }
}
