internal import TimePickerCore

/// The command line of `timepickerctl`, parsed by hand (no packages beyond the toolchain).
public enum ClientCommand: Equatable, Sendable {
    case help(HelpTopic)
    case version
    case pick(PickOptions)
    case monitor(MonitorOptions)
    case status

    /// A command line that cannot be understood; the message says why in one line.
    public struct UsageError: Error, Sendable {
        public let message: String
    }

    /// Parses `arguments` (without the program name).
    public init(parsing arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        guard let first = remaining.popFirst() else {
            throw UsageError(message: "no command given: pick, monitor or status")
        }
        switch first {
        case "pick": self = try Self.parsePick(&remaining)
        case "monitor": self = try Self.parseMonitor(&remaining)
        case "status": self = try Self.parseStatus(&remaining)
        case "help":
            // "timepickerctl help pick" is "timepickerctl pick --help".
            guard let topic = remaining.popFirst() else {
                self = .help(.general)
                return
            }
            guard let command = HelpTopic(rawValue: topic), command != .general, remaining.isEmpty else {
                throw UsageError(message: "no help on '\(topic)': pick, monitor or status")
            }
            self = .help(command)
        case "--help", "-h": try Self.noMore(remaining); self = .help(.general)
        case "--version": try Self.noMore(remaining); self = .version
        default:
            throw UsageError(message: first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'")
        }
    }

    private static func parsePick(_ remaining: inout ArraySlice<String>) throws(UsageError) -> ClientCommand {
        var options = PickOptions()
        while let argument = remaining.popFirst() {
            let (name, inline) = split(argument)
            switch name {
            case "--title": options.title = try value(of: name, inline, &remaining)
            case "--first": options.first = try time(of: name, inline, &remaining, asEnd: false)
            case "--last": options.last = try time(of: name, inline, &remaining, asEnd: true)
            case "--start": options.start = try time(of: name, inline, &remaining, asEnd: false, allowingNow: true)
            case "--end": options.end = try time(of: name, inline, &remaining, asEnd: true)
            case "--clock": options.clock = try value(of: name, inline, &remaining)
            case "--step": options.step = try number(of: name, inline, &remaining)
            case "--min-duration": options.minDuration = try number(of: name, inline, &remaining)
            case "--timeout": options.timeout = try number(of: name, inline, &remaining)
            case "--json": try flag(name, inline); options.json = true
            case "--no-terminal": try flag(name, inline); options.useTerminal = false
            case "--help", "-h": try flag(name, inline); return .help(.pick)
            default: throw unexpected(argument)
            }
        }
        return .pick(options)
    }

    private static func parseMonitor(_ remaining: inout ArraySlice<String>) throws(UsageError) -> ClientCommand {
        var options = MonitorOptions()
        while let argument = remaining.popFirst() {
            let (name, inline) = split(argument)
            switch name {
            case "--verbose", "-v": try flag(name, inline); options.verbose = true
            case "--help", "-h": try flag(name, inline); return .help(.monitor)
            default: throw unexpected(argument)
            }
        }
        return .monitor(options)
    }

    private static func parseStatus(_ remaining: inout ArraySlice<String>) throws(UsageError) -> ClientCommand {
        while let argument = remaining.popFirst() {
            let (name, inline) = split(argument)
            switch name {
            case "--help", "-h": try flag(name, inline); return .help(.status)
            default: throw unexpected(argument)
            }
        }
        return .status
    }

    /// "--title=Lunch" becomes ("--title", "Lunch").
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The option's value: after '=' or the next argument, whatever it looks like (a title may
    /// start with a dash).
    private static func value(
        of name: String, _ inline: String?, _ remaining: inout ArraySlice<String>
    ) throws(UsageError) -> String {
        guard let value = inline ?? remaining.popFirst() else { throw UsageError(message: "option '\(name)' needs a value") }
        return value
    }

    /// A time as a person writes it (`9`, `9:30`, `17:00`, `9am`, `5:30pm`, `noon`, `midnight`,
    /// and `now` where allowed), in the service's HH:MM. Midnight is 24:00 as an end.
    private static func time(
        of name: String, _ inline: String?, _ remaining: inout ArraySlice<String>, asEnd: Bool, allowingNow: Bool = false
    ) throws(UsageError) -> String {
        let text = try value(of: name, inline, &remaining)
        if allowingNow, text.lowercased() == "now" { return "now" }
        guard let parsed = TimeText.parse(text) else {
            let examples = "9:30, 17:00, 9am, 5:30pm, noon or midnight" + (allowingNow ? ", or now" : "")
            throw UsageError(message: "option '\(name)' needs a time such as \(examples), not '\(text)'")
        }
        return parsed.resolved(asEnd: asEnd).busText
    }

    /// A non-negative whole number that fits the service's `u` options.
    private static func number(
        of name: String, _ inline: String?, _ remaining: inout ArraySlice<String>
    ) throws(UsageError) -> UInt32 {
        let text = try value(of: name, inline, &remaining)
        // UInt32("+5") would pass; only plain digits are a number here.
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let number = UInt32(text)
        else {
            throw UsageError(message: "option '\(name)' needs a whole number from 0 to \(UInt32.max), not '\(text)'")
        }
        return number
    }

    private static func flag(_ name: String, _ inline: String?) throws(UsageError) {
        if inline != nil { throw UsageError(message: "option '\(name)' takes no value") }
    }

    private static func noMore(_ remaining: ArraySlice<String>) throws(UsageError) {
        if let extra = remaining.first { throw unexpected(extra) }
    }

    private static func unexpected(_ argument: String) -> UsageError {
        UsageError(message: argument.hasPrefix("-") ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'")
    }
}

/// Which help text to print.
public enum HelpTopic: String, Sendable {
    case general, pick, monitor, status
}
