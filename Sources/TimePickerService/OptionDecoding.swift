package import DBusKit
package import TimePickerCore

/// Turns the `a{sv}` argument of ShowTimePicker and PickTimeRange into the core's raw options
/// and the caller's terminal descriptor, which the core only type-checks.
package enum OptionDecoding {
    /// The options as the core validates them, and the `terminal` descriptor if one came.
    package struct Decoded {
        package var options: [String: OptionValue] = [:]
        /// Owned by the call's arguments, which close it after the call is handled.
        package var terminal: Int32?
    }

    /// The options of a call whose body must be exactly one `a{sv}`; `method` names it in errors.
    package static func options(of arguments: [DBusValue], method: MemberName) throws(ServiceError) -> Decoded {
        let signature = arguments.map(\.signature).joined()
        guard signature == "a{sv}", let entries = arguments.first?.stringKeyedEntries else {
            throw .invalidArgs("\(method) takes one argument of type a{sv} (the options), got '\(signature)'")
        }
        var decoded = Decoded()
        for (key, value) in entries {
            guard decoded.options[key] == nil else { throw .invalidArgs("option \(quotedForMessage(key)) is given more than once") }
            decoded.options[key] = optionValue(value)
            if key == "terminal", case .variant(.unixFD(let descriptor)) = value { decoded.terminal = descriptor }
        }
        return decoded
    }

    private static func optionValue(_ value: DBusValue) -> OptionValue {
        guard case .variant(let inner) = value else { return .other(signature: value.signature) }
        switch inner {
        case .string(let text): return .string(text)
        case .uint32(let number): return .uint32(number)
        case .boolean(let value): return .boolean(value)
        default: return .other(signature: inner.signature)
        }
    }
}
