internal import CommandLineOptions
internal import TimePickerCore

/// The command line of `timepickerctl`, parsed by hand (no packages beyond the toolchain).
public enum ClientCommand: Equatable, Sendable {
    case help(HelpTopic)
    case version
    case pick(PickOptions)
    case monitor(MonitorOptions)
    case status

    /// A command line that cannot be understood; the message says why in one line, and
    /// `topic` is the help that would have helped.
    public struct UsageError: Error, Sendable {
        public let message: String
        public var topic: HelpTopic = .general
    }

    /// Parses `arguments` (without the program name).
    ///
    /// `-h`/`--help` and `-V`/`--version` count anywhere on the line, whatever else it holds
    /// (but not as an option's value: `--title -h` is a title), as in git and systemctl.
    public init(parsing arguments: [String]) throws(UsageError) {
        if let early = Self.helpOrVersion(in: arguments) {
            self = early
            return
        }
        var remaining = arguments[...]
        guard let first = remaining.popFirst() else {
            throw UsageError(message: ClientText.noCommand)
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
                throw UsageError(message: ClientText.noHelp(on: topic) + Self.suggestion(for: topic, among: Self.commands))
            }
            self = .help(command)
        default:
            throw first.hasPrefix("-")
                ? UsageError(message: ClientText.unknownOption(first) + Self.suggestion(for: first, among: Self.generalOptions))
                : UsageError(message: ClientText.unknownCommand(first) + Self.suggestion(for: first, among: Self.commands))
        }
    }

    // MARK: What each command takes

    static let commands = ["pick", "monitor", "status", "help"]
    static let generalOptions = ["--help", "--version"]
    /// Options of `pick` that take a value (after '=' or as the next argument).
    static let pickValueOptions = [
        "--title", "--step", "--first", "--last", "--start", "--end", "--min-duration", "--timeout", "--clock", "--ui",
    ]
    static let pickOptions = pickValueOptions + ["--json", "--no-terminal", "--verbose"] + generalOptions
    static let monitorOptions = ["--verbose"] + generalOptions
    static let statusOptions = generalOptions

    /// `.help` or `.version` when `-h`/`--help` or `-V`/`--version` stands anywhere as an
    /// option (the first of them wins); nil otherwise.
    private static func helpOrVersion(in arguments: [String]) -> ClientCommand? {
        let topic = arguments.first.flatMap(HelpTopic.init(rawValue:)) ?? .general
        let takesValue = topic == .pick ? pickValueOptions : []
        var skipNext = false
        for argument in arguments {
            if skipNext {
                skipNext = false
                continue
            }
            switch argument {
            case "-h", "--help": return .help(topic)
            case "-V", "--version": return .version
            default: skipNext = takesValue.contains(argument)
            }
        }
        return nil
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
            case "--ui":
                options.userInterface = try value(of: name, inline, &remaining)
                options.useTerminal = false
            case "--step": options.step = try number(of: name, inline, &remaining)
            case "--min-duration": options.minDuration = try number(of: name, inline, &remaining)
            case "--timeout": options.timeout = try number(of: name, inline, &remaining)
            case "--json": try flag(name, inline); options.json = true
            case "--no-terminal": try flag(name, inline); options.useTerminal = false
            case "--verbose", "-v": try flag(name, inline); options.verbose = true
            default: throw unexpected(argument, among: pickOptions, topic: .pick)
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
            default: throw unexpected(argument, among: monitorOptions, topic: .monitor)
            }
        }
        return .monitor(options)
    }

    private static func parseStatus(_ remaining: inout ArraySlice<String>) throws(UsageError) -> ClientCommand {
        if let argument = remaining.popFirst() { throw unexpected(argument, among: statusOptions, topic: .status) }
        return .status
    }

    // MARK: Values

    /// "--title=Lunch" becomes ("--title", "Lunch").
    private static func split(_ argument: String) -> (String, String?) {
        OptionArguments.split(argument)
    }

    /// The option's value: after '=' or the next argument, whatever it looks like (a title may
    /// start with a dash).
    private static func value(
        of name: String, _ inline: String?, _ remaining: inout ArraySlice<String>
    ) throws(UsageError) -> String {
        guard let value = inline ?? remaining.popFirst() else {
            throw UsageError(message: ClientText.needsValue(name), topic: .pick)
        }
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
            throw UsageError(message: ClientText.needsTime(name, typed: text, allowingNow: allowingNow), topic: .pick)
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
            throw UsageError(message: ClientText.needsNumber(name, typed: text, largest: UInt32.max), topic: .pick)
        }
        return number
    }

    private static func flag(_ name: String, _ inline: String?) throws(UsageError) {
        if inline != nil { throw UsageError(message: ClientText.takesNoValue(name), topic: .pick) }
    }

    /// An argument the command does not take, with the nearest option it does take.
    private static func unexpected(_ argument: String, among options: [String], topic: HelpTopic) -> UsageError {
        guard argument.hasPrefix("-") else { return UsageError(message: ClientText.unexpectedArgument(argument), topic: topic) }
        let name = split(argument).0
        return UsageError(message: ClientText.unknownOption(name) + suggestion(for: name, among: options), topic: topic)
    }

    /// "; did you mean --title?" for the candidate nearest `typed`, when one is near enough:
    /// the only one `typed` begins (`--min`), or one a typo or two away (`--titel`).
    static func suggestion(for typed: String, among candidates: [String]) -> String {
        guard let nearest = nearest(to: typed, among: candidates) else { return "" }
        return ClientText.didYouMean(nearest)
    }

    /// The candidate nearest `typed`, or nil when none is near enough.
    static func nearest(to typed: String, among candidates: [String]) -> String? {
        let prefixed = candidates.filter { $0.hasPrefix(typed) && typed.count >= 3 }
        if prefixed.count == 1 { return prefixed[0] }
        let bare = Array(typed.drop { $0 == "-" })
        // A typo per three letters or so, at most two: 'titel', 'verbos', 'stauts'.
        let allowed = min(2, max(1, bare.count / 3))
        let scored = candidates.map { (candidate: $0, distance: editDistance(bare, Array($0.drop { $0 == "-" }))) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= allowed else { return nil }
        // Two candidates equally near: no guess.
        return scored.filter { $0.distance == best.distance }.count == 1 ? best.candidate : nil
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps
    /// of neighbours ('titel' is one from 'title') each count one.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

/// Which help text to print.
public enum HelpTopic: String, Sendable {
    case general, pick, monitor, status
}
