internal import LocalSettings
internal import TimePickerCore

/// What `timepickerctl pick` was asked for: the service's options plus the client's own.
struct PickOptions: Equatable, Sendable {
    var title: String?
    var step: UInt32?
    var first: String?
    var last: String?
    var start: String?
    var end: String?
    var minDuration: UInt32?
    var timeout: UInt32?
    /// How many times the person may extend the timeout (`--timeout-extensions`).
    var timeoutExtensions: UInt32?
    var clock: String?
    /// The end may fall on the next day (`--overnight`).
    var overnight = false
    /// The day the range starts on: `--date` resolved when the command line was read, or today
    /// when `format` needs a day and none was given.
    var date: CalendarDate?
    /// Whether `date` is today's because `format` needs a day, rather than one the person gave.
    var dateImpliedByFormat = false
    /// The zone the range's times are in (`--time-zone`); nil for the client's own.
    var timeZone: ZoneRules?
    /// How the range is printed (`--format`).
    var format = OutputFormat.hm
    /// Print the range as a JSON object instead of a line in `format`.
    var json = false
    /// Pass stdin to the service as the terminal to show the picker in, when it is one.
    var useTerminal = true
    /// The service's user interface to show the picker in (`--ui`: the `ui` option), instead
    /// of this terminal.
    var userInterface: String?
    /// Say on stderr how the picker is shown when that is not the usual way (no session bus).
    var verbose = false

    init() {}

    /// The IANA name of the client's own zone (TZ, else /etc/localtime); nil when it has none
    /// (a POSIX rule in TZ), and then the service's zone is the session's.
    static var callerZoneName: String? { ZoneDatabase.localName() }

    /// The options as the core validates them, by their service keys, for the picker the
    /// client shows itself.
    var coreOptions: [String: OptionValue] {
        var options: [String: OptionValue] = [:]
        let texts: [(String, String?)] = [
            ("title", title), ("first", first), ("last", last), ("start", start), ("end", end), ("clock", clock),
            ("ui", userInterface), ("date", date?.isoText), ("time_zone", timeZone?.name ?? Self.callerZoneName),
        ]
        for case (let key, let value?) in texts { options[key] = .string(value) }
        let numbers: [(String, UInt32?)] = [("step", step), ("min_duration", minDuration), ("timeout", timeout), ("timeout_extensions", timeoutExtensions)]
        for case (let key, let value?) in numbers { options[key] = .uint32(value) }
        if overnight { options["overnight"] = .boolean(true) }
        return options
    }
}

extension PickOptions {
    /// The command-line flag for each option key the service names in its errors.
    static let flags: [String: String] = [
        "title": "--title", "step": "--step", "first": "--first", "last": "--last", "start": "--start",
        "end": "--end", "min_duration": "--min-duration", "timeout": "--timeout", "timeout_extensions": "--timeout-extensions", "clock": "--clock", "ui": "--ui",
        "overnight": "--overnight", "date": "--date", "time_zone": "--time-zone",
    ]

    /// The service's message with its option keys ("option 'min_duration'") written as the
    /// flags the person typed ("option '--min-duration'").
    static func namingFlags(_ message: String) -> String {
        var result = message
        for (key, flag) in flags {
            result = result.replacing("option '\(key)'", with: "option '\(flag)'")
        }
        return result.replacing("plus min_duration", with: "plus --min-duration")
    }
}

/// What `timepickerctl monitor` was asked for.
struct MonitorOptions: Equatable, Sendable {
    /// Say on stderr when the subscription is in place.
    var verbose = false

    init() {}
}
