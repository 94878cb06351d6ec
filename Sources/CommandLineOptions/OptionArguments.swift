/// A command line's options read one at a time, the way timepickerd, timepickerd-gtk and
/// timepickerctl take them: `--name value` or `--name=value`, and flags that take no value.
/// Parsed by hand: no packages beyond the toolchain.
public struct OptionArguments {
    /// A command line that cannot be understood; the message says why in one line.
    public struct UsageError: Error, Equatable {
        public let message: String
        public init(message: String) { self.message = message }
    }

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

    /// The value of the option `name` just read: the part after '=', else the next argument,
    /// whatever it looks like (a title may start with a dash). Without one, the error says the
    /// option needs `what` ("a value: stepper or list").
    public mutating func value(of name: String, after inlineValue: String?, needing what: String) throws(UsageError) -> String {
        guard let value = inlineValue ?? remaining.popFirst() else {
            throw UsageError(message: "option '\(name)' needs \(what)")
        }
        return value
    }

    /// "--ui=terminal" becomes ("--ui", "terminal"); anything else stays whole.
    public static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// Refuses a value given to a flag ("--verbose=yes").
    public static func flag(_ name: String, _ inlineValue: String?) throws(UsageError) {
        if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
    }

    /// The error for an argument no option matches.
    public static func unexpected(_ argument: String) -> UsageError {
        UsageError(message: argument.hasPrefix("-") ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'")
    }
}
