internal import Glibc
internal import DBusKit
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
    var clock: String?
    /// Print the range as a JSON object instead of "START END".
    var json = false
    /// Pass stdin to the service as the terminal to show the picker in, when it is one.
    var useTerminal = true
    /// The service's user interface to show the picker in (`--ui`: the `ui` option), instead
    /// of this terminal.
    var userInterface: String?
    /// Say on stderr how the picker is shown when that is not the usual way (no session bus).
    var verbose = false

    init() {}

    /// The options as the service's `a{sv}` keys, without handle_token and terminal, which the
    /// pick adds. Times go as typed: validating them is the service's job, so its message,
    /// naming the key, is the one the person reads. The person's own locale goes with them
    /// (`locale`), so that the picker speaks their language and uses their clock whatever the
    /// service's own locale is.
    var serviceOptions: [String: DBusValue] {
        var values = options.mapValues { value -> DBusValue in
            switch value {
            case .string(let text): .string(text)
            case .uint32(let number): .uint32(number)
            }
        }
        if let locale = Self.callerLocale { values["locale"] = .string(locale) }
        return values
    }

    /// The locale this process's environment names for messages (LC_ALL, LC_MESSAGES, LANG),
    /// when the system has it.
    static var callerLocale: String? {
        guard let name = setlocale(LC_MESSAGES, "").map({ String(cString: $0) }), !name.isEmpty else { return nil }
        return name
    }

    /// The options as the core validates them, for the picker the client shows itself.
    var coreOptions: [String: OptionValue] {
        options.mapValues { value in
            switch value {
            case .string(let text): .string(text)
            case .uint32(let number): .uint32(number)
            }
        }
    }

    /// One value of the options given, by its service key.
    private enum Value {
        case string(String)
        case uint32(UInt32)
    }

    /// The options given, by their service keys.
    private var options: [String: Value] {
        var options: [String: Value] = [:]
        let texts: [(String, String?)] = [
            ("title", title), ("first", first), ("last", last), ("start", start), ("end", end), ("clock", clock),
            ("ui", userInterface),
        ]
        for case (let key, let value?) in texts { options[key] = .string(value) }
        let numbers: [(String, UInt32?)] = [("step", step), ("min_duration", minDuration), ("timeout", timeout)]
        for case (let key, let value?) in numbers { options[key] = .uint32(value) }
        return options
    }
}

extension PickOptions {
    /// The command-line flag for each option key the service names in its errors.
    static let flags: [String: String] = [
        "title": "--title", "step": "--step", "first": "--first", "last": "--last", "start": "--start",
        "end": "--end", "min_duration": "--min-duration", "timeout": "--timeout", "clock": "--clock", "ui": "--ui",
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
