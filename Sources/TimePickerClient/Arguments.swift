internal import CommandLineOptions
internal import Glibc
internal import LocalSettings
internal import TimePickerCore

/// The command line of `timepickerctl`, parsed by hand (no packages beyond the toolchain).
enum ClientCommand: Equatable, Sendable {
    case help(HelpTopic)
    case version
    case pick(PickOptions)
    case monitor(MonitorOptions)
    case status

    /// A command line that cannot be understood; the message says why in one line, and
    /// `topic` is the help that would have helped.
    struct UsageError: Error, Sendable {
        let message: String
        var topic: HelpTopic = .general
    }

    /// Parses `arguments` (without the program name).
    ///
    /// `-h`/`--help` and `-V`/`--version` count anywhere on the line, whatever else it holds
    /// (but not as an option's value: `--title -h` is a title), as in git and systemctl.
    init(parsing arguments: [String]) throws(UsageError) {
        if let early = Self.helpOrVersion(in: arguments) {
            self = early
            return
        }
        var remaining = arguments[...]
        guard let first = remaining.popFirst() else {
            throw UsageError(message: ClientText.noCommand)
        }
        switch first {
        case "pick": self = try Self.parsePick(remaining)
        case "monitor": self = try Self.parseMonitor(remaining)
        case "status": self = try Self.parseStatus(remaining)
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
        "--title", "--step", "--first", "--last", "--start", "--end", "--min-duration", "--timeout", "--timeout-extensions", "--clock",
        "--ui", "--date", "--time-zone", "--format",
    ]
    static let pickOptions = pickValueOptions + ["--overnight", "--json", "--no-terminal", "--verbose"] + generalOptions
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

    private static func parsePick(_ remaining: ArraySlice<String>) throws(UsageError) -> ClientCommand {
        var arguments = OptionArguments(Array(remaining))
        var options = PickOptions()
        var date: PickerDay?
        while let (argument, name, inline) = arguments.next() {
            do throws(OptionArguments.UsageError) {
                switch name {
                case "--title": options.title = try arguments.value(of: name, after: inline)
                case "--overnight": try OptionArguments.flag(name, inline); options.overnight = true
                case "--date": date = try pickDate(try arguments.value(of: name, after: inline), of: name)
                case "--time-zone": options.timeZone = try timeZone(try arguments.value(of: name, after: inline), of: name)
                case "--format": options.format = try format(try arguments.value(of: name, after: inline), of: name)
                case "--first": options.first = try time(try arguments.value(of: name, after: inline), of: name, asEnd: false)
                case "--last": options.last = try time(try arguments.value(of: name, after: inline), of: name, asEnd: true)
                case "--start":
                    options.start = try time(try arguments.value(of: name, after: inline), of: name, asEnd: false, allowingNow: true)
                case "--end": options.end = try time(try arguments.value(of: name, after: inline), of: name, asEnd: true)
                case "--clock": options.clock = try arguments.value(of: name, after: inline)
                case "--ui":
                    options.userInterface = try arguments.value(of: name, after: inline)
                    options.useTerminal = false
                case "--step": options.step = try number(try arguments.value(of: name, after: inline), of: name)
                case "--min-duration": options.minDuration = try number(try arguments.value(of: name, after: inline), of: name)
                case "--timeout": options.timeout = try number(try arguments.value(of: name, after: inline), of: name)
                case "--timeout-extensions":
                    options.timeoutExtensions = try number(try arguments.value(of: name, after: inline), of: name)
                case "--json": try OptionArguments.flag(name, inline); options.json = true
                case "--no-terminal": try OptionArguments.flag(name, inline); options.useTerminal = false
                case "--verbose", "-v": try OptionArguments.flag(name, inline); options.verbose = true
                default: throw OptionArguments.unexpected(argument)
                }
            } catch {
                throw usageError(error, among: pickOptions, topic: .pick)
            }
        }
        // The day now, once: today's and tomorrow's are those of the moment the command began.
        // A format that prints instants needs one: today's, unless one was given.
        if let day = date ?? (options.format.needsDate ? .today : nil) {
            guard let resolved = day.resolved(now: Int64(Glibc.time(nil)), zone: options.timeZone ?? ZoneDatabase.local()) else {
                throw UsageError(message: ClientText.dateOutsideCalendar, topic: .pick)
            }
            options.date = resolved
            options.dateImpliedByFormat = date == nil
        }
        return .pick(options)
    }

    private static func parseMonitor(_ remaining: ArraySlice<String>) throws(UsageError) -> ClientCommand {
        var arguments = OptionArguments(Array(remaining))
        var options = MonitorOptions()
        while let (argument, name, inline) = arguments.next() {
            do throws(OptionArguments.UsageError) {
                switch name {
                case "--verbose", "-v": try OptionArguments.flag(name, inline); options.verbose = true
                default: throw OptionArguments.unexpected(argument)
                }
            } catch {
                throw usageError(error, among: monitorOptions, topic: .monitor)
            }
        }
        return .monitor(options)
    }

    private static func parseStatus(_ remaining: ArraySlice<String>) throws(UsageError) -> ClientCommand {
        if let argument = remaining.first { throw usageError(OptionArguments.unexpected(argument), among: statusOptions, topic: .status) }
        return .status
    }

    // MARK: Values

    /// A time as a person writes it (`9`, `9:30`, `17:00`, `9am`, `5:30pm`, `noon`, `midnight`,
    /// and `now` where allowed), in the service's HH:MM. Midnight is 24:00 as an end.
    private static func time(
        _ text: String, of name: String, asEnd: Bool, allowingNow: Bool = false
    ) throws(OptionArguments.UsageError) -> String {
        if allowingNow, text.lowercased() == "now" { return "now" }
        guard let parsed = TimeText.parse(text) else {
            throw OptionArguments.UsageError(message: ClientText.needsTime(name, typed: text, allowingNow: allowingNow))
        }
        return parsed.resolved(asEnd: asEnd).clockText
    }

    /// A day as `--date` takes it: `YYYY-MM-DD`, `today` or `tomorrow`.
    private static func pickDate(_ text: String, of name: String) throws(OptionArguments.UsageError) -> PickerDay {
        guard let date = PickerDay(parsing: text) else {
            throw OptionArguments.UsageError(message: ClientText.needsDate(name, typed: text))
        }
        return date
    }

    /// A zone of the system's zone database, by its IANA name; its rules say which day today
    /// is there.
    private static func timeZone(_ text: String, of name: String) throws(OptionArguments.UsageError) -> ZoneRules {
        guard let zone = ZoneDatabase.rules(named: text) else {
            throw OptionArguments.UsageError(message: ClientText.needsTimeZone(name, typed: text))
        }
        return zone
    }

    /// One of `--format`'s values, with the nearest one suggested for a typo (`iso`).
    private static func format(_ text: String, of name: String) throws(OptionArguments.UsageError) -> OutputFormat {
        guard let format = OutputFormat(rawValue: text.lowercased()) else {
            throw OptionArguments.UsageError(
                message: ClientText.needsFormat(name, typed: text) + suggestion(for: text.lowercased(), among: OutputFormat.names))
        }
        return format
    }

    /// A non-negative whole number that fits the service's `u` options.
    private static func number(_ text: String, of name: String) throws(OptionArguments.UsageError) -> UInt32 {
        // UInt32("+5") would pass; only plain digits are a number here.
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let number = UInt32(text)
        else {
            throw OptionArguments.UsageError(message: ClientText.needsNumber(name, typed: text, largest: UInt32.max))
        }
        return number
    }

    /// What was wrong with the command line, in the person's language, with the nearest option
    /// the command does take when an option was mistyped.
    private static func usageError(_ error: OptionArguments.UsageError, among options: [String], topic: HelpTopic) -> UsageError {
        switch error.problem {
        case .needsValue(let option, _): UsageError(message: ClientText.needsValue(option), topic: topic)
        case .takesNoValue(let option): UsageError(message: ClientText.takesNoValue(option), topic: topic)
        case .unknownOption(let option):
            UsageError(message: ClientText.unknownOption(option) + suggestion(for: option, among: options), topic: topic)
        case .unexpectedArgument(let argument): UsageError(message: ClientText.unexpectedArgument(argument), topic: topic)
        // The client's own checks of values, already in the person's words.
        case .invalid(let message): UsageError(message: message, topic: topic)
        }
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
enum HelpTopic: String, Sendable {
    case general, pick, monitor, status
}
