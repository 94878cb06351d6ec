/// A command line's options read one at a time, the way timepickerd, timepickerd-gtk and
/// timepickerctl take them: `--name value` or `--name=value`, and flags that take no value.
/// Parsed by hand: no packages beyond the toolchain.
public struct OptionArguments {
    private var remaining: ArraySlice<String>

    /// The arguments without the program name.
    public init(_ arguments: [String]) {
        remaining = arguments[...]
    }

    /// The next argument as typed, with its option name and the value after '=' if any:
    /// "--ui=terminal" gives ("--ui=terminal", "--ui", "terminal"); nil when none is left.
    public mutating func next() -> (argument: String, name: String, inlineValue: String?)? {
        guard let argument = remaining.popFirst() else { return nil }
        let (name, value) = Self.split(argument)
        return (argument, name, value)
    }

    /// The value of the option just read: the part after '=', else the next argument, whatever
    /// it looks like (a title may start with a dash); nil when there is none.
    public mutating func value(after inlineValue: String?) -> String? {
        inlineValue ?? remaining.popFirst()
    }

    /// "--ui=terminal" becomes ("--ui", "terminal"); anything else stays whole.
    public static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The message for a flag given a value ("--verbose=yes"), or nil when it has none.
    public static func flagProblem(_ name: String, _ inlineValue: String?) -> String? {
        inlineValue == nil ? nil : "option '\(name)' takes no value"
    }

    /// The message for an argument no option matches.
    public static func unexpected(_ argument: String) -> String {
        argument.hasPrefix("-") ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'"
    }
}
