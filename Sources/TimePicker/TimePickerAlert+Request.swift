internal import DBusKit
internal import FoundationEssentials
internal import Glibc
internal import LocalSettings
internal import TimePickerCore

extension TimePickerAlert {
    /// The options as the service takes them, with this program's locale and zone unless set:
    /// the extra options, then the typed ones over them, then `rawOptions` over those. Throws
    /// `.invalidArgs` naming an option whose value has no form on the bus (a step of 90 s).
    func makeRequest() throws(TimePickerError) -> ServicePick.Request {
        var options: [String: DBusValue] = extraOptions.mapValues(\.dbusValue)
        let texts: [(String, String?)] = [
            ("title", title), ("first", first?.description), ("last", last?.description), ("start", start?.description),
            ("end", end?.description), ("clock", clock?.wireValue), ("ui", userInterface?.wireValue),
            ("time_zone", timeZone?.identifier), ("date", date.map { Self.day(of: $0, in: timeZone) }),
            ("parent_window", parentWindow), ("activation_token", activationToken), ("locale", locale),
        ]
        for case (let key, let value?) in texts { options[key] = .string(value) }
        let numbers: [(String, UInt32?)] = try [
            ("step", Self.whole(step, seconds: 60, option: "step", unit: "minutes")),
            ("min_duration", Self.whole(minDuration, seconds: 60, option: "min_duration", unit: "minutes")),
            ("timeout", Self.whole(timeout, seconds: 1, option: "timeout", unit: "seconds")),
            ("timeout_extensions", Self.count(timeoutExtensions, option: "timeout_extensions")),
        ]
        for case (let key, let value?) in numbers { options[key] = .uint32(value) }
        // Sent only when asked for, so that a service older than it still takes the rest.
        if overnight { options["overnight"] = .boolean(true) }
        for (key, value) in rawOptions { options[key] = .string(value) }
        var request = ServicePick.Request(options: options, usesCallerTerminal: usesCallerTerminal, cancelsOnInterrupt: cancelsOnInterrupt)
        request.busAddress = busAddress
        if options["locale"] == nil, let own = Self.ownLocale {
            request.options["locale"] = .string(own)
            request.sendsOwnLocale = true
        }
        if options["time_zone"] == nil, let own = ZoneDatabase.localName() {
            request.options["time_zone"] = .string(own)
            request.sendsOwnZone = true
        }
        return request
    }

    /// `duration` in whole `seconds`-long units for the bus; nil when unset.
    private static func whole(_ duration: Duration?, seconds unit: Int64, option: String, unit name: String) throws(TimePickerError) -> UInt32? {
        guard let duration else { return nil }
        let (seconds, attoseconds) = duration.components
        guard attoseconds == 0, seconds >= 0, seconds % unit == 0, let units = UInt32(exactly: seconds / unit) else {
            throw TimePickerError(.invalidOption(message: "option '\(option)': must be a whole number of \(name), not \(duration)"))
        }
        return units
    }

    /// A count for the bus; nil when unset.
    private static func count(_ value: Int?, option: String) throws(TimePickerError) -> UInt32? {
        guard let value else { return nil }
        guard let count = UInt32(exactly: value) else {
            throw TimePickerError(.invalidOption(message: "option '\(option)': must not be negative, not \(value)"))
        }
        return count
    }

    /// The day `instant` falls on in `zone` (else this program's zone), `YYYY-MM-DD`: read with
    /// the zone database the service reads too, or Foundation's rules for a zone it lacks.
    static func day(of instant: Date, in zone: TimeZone?) -> String {
        let seconds = Int64((instant.timeIntervalSince1970).rounded(.down))
        let offset: Int
        if let zone {
            offset = ZoneDatabase.rules(named: zone.identifier)?.offset(at: seconds).seconds ?? zone.secondsFromGMT(for: instant)
        } else {
            offset = ZoneDatabase.local().offset(at: seconds).seconds
        }
        let local = seconds + Int64(offset)
        // Floor division: an instant before 1970 is on the day before.
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return CalendarDate(daysSinceEpoch: Int(days))?.isoText ?? ""
    }

    /// The locale this process's environment names for messages (LC_ALL, else LC_MESSAGES, else
    /// LANG, as glibc reads them), when the system has it; asked without `setlocale`, which
    /// would change the program's own.
    package static var ownLocale: String? {
        // None named is the C locale, as for setlocale.
        let variables: [String] = ["LC_ALL", "LC_MESSAGES", "LANG"]
        let named = variables.lazy.compactMap { getenv($0).map { String(cString: $0) } }.first { !$0.isEmpty } ?? "C"
        guard let loaded = newlocale(LC_MESSAGES_MASK, named, nil) else { return nil }
        freelocale(loaded)
        return named
    }
}
