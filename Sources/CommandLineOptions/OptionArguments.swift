/// A command line's options read one at a time, the way timepickerd, timepickerd-gtk and
/// timepickerctl take them: `--name value` or `--name=value`, and flags that take no value.
/// Parsed by hand: no packages beyond the toolchain.
public struct OptionArguments {
    /// A command line that cannot be understood: what is wrong, which each program says in
    /// its own words (`message` is the English line; timepickerctl translates).
    public struct UsageError: Error, Equatable {
        /// What is wrong with the command line.
        public enum Problem: Equatable, Sendable {
            /// The option takes a value and none followed; `what` says what it takes.
            case needsValue(option: String, what: String)
            /// A flag was given a value (`--verbose=yes`).
            case takesNoValue(option: String)
            /// An option no command takes.
            case unknownOption(String)
            /// A word where an option was expected.
            case unexpectedArgument(String)
            /// Anything a program found wrong with a value, in its own words.
            case invalid(String)
        }

        public let problem: Problem

        public init(_ problem: Problem) {
            self.problem = problem
        }

        /// A program's own message about a value.
        public init(message: String) {
            problem = .invalid(message)
        }

        /// The problem in one English line.
        public var message: String {
            switch problem {
            case .needsValue(let option, let what): "option '\(option)' needs \(what)"
            case .takesNoValue(let option): "option '\(option)' takes no value"
            case .unknownOption(let option): "unknown option '\(option)'"
            case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
            case .invalid(let message): message
            }
        }
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
    public mutating func value(of name: String, after inlineValue: String?, needing what: String = "a value") throws(UsageError) -> String {
        guard let value = inlineValue ?? remaining.popFirst() else {
            throw UsageError(.needsValue(option: name, what: what))
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
        if inlineValue != nil { throw UsageError(.takesNoValue(option: name)) }
    }

    /// The error for an argument no option matches: an unknown option (its name, without any
    /// '=value'), or an unexpected word.
    public static func unexpected(_ argument: String) -> UsageError {
        argument.hasPrefix("-") ? UsageError(.unknownOption(split(argument).name)) : UsageError(.unexpectedArgument(argument))
    }
}
