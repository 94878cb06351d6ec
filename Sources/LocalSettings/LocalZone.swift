internal import Glibc
internal import SystemKit
public import TimePickerCore

/// The process's own zone, found as glibc finds it: `TZ` (":Name" or "Name" of a zone file, an
/// absolute path to one, or a POSIX rule such as "EST5EDT,M3.2.0,M11.1.0"), else
/// /etc/localtime, else UTC (a minbase container has no /etc/localtime).
struct LocalZone: Equatable {
    /// What the zone's offsets are.
    let rules: ZoneRules
    /// Its IANA name, when it has one the database knows ("Europe/Berlin"; not a POSIX rule's).
    let name: String?

    /// The file glibc reads when `TZ` is unset.
    static let localTimePath = "/etc/localtime"
    /// The name of a zone read from a file that is not one of the database's.
    static let unnamed = "localtime"
    /// What holds when nothing says otherwise.
    static let utc = LocalZone(rules: ZoneRules(name: "UTC", fixed: ZoneOffset(seconds: 0, abbreviation: "UTC")), name: "UTC")
}

extension ZoneDatabase {
    /// The rules of the process's own zone (see `LocalZone`), read now: a change of
    /// /etc/localtime is seen by the next call.
    public static func local() -> ZoneRules {
        system.localZone(timeZoneVariable: environmentVariable("TZ")).rules
    }

    /// The IANA name of the process's own zone ("Europe/Berlin"), what `timepickerctl` tells
    /// the daemon as its `time_zone`; nil when it has none (a POSIX rule in `TZ`, an
    /// /etc/localtime that is a copy rather than a link into the database).
    public static func localName() -> String? {
        system.localZone(timeZoneVariable: environmentVariable("TZ")).name
    }

    /// The local zone `TZ` (`timeZoneVariable`, nil when unset) and the file at `localTimePath`
    /// give, read from this database.
    func localZone(timeZoneVariable: String?, localTimePath: String = LocalZone.localTimePath) -> LocalZone {
        guard var variable = timeZoneVariable else {
            // glibc's default: /etc/localtime, named by where it links to.
            let name = nameInDatabase(ofLink: localTimePath)
            return rules(atPath: localTimePath, named: name ?? LocalZone.unnamed).map { LocalZone(rules: $0, name: name) } ?? .utc
        }
        if variable.hasPrefix(":") { variable.removeFirst() }
        // An empty TZ is UTC, as glibc takes it; so is one that names nothing glibc can read.
        if variable.hasPrefix("/") {
            let name = nameInDatabase(path: variable) ?? nameInDatabase(ofLink: variable)
            return rules(atPath: variable, named: name ?? LocalZone.unnamed).map { LocalZone(rules: $0, name: name) } ?? .utc
        }
        if let rules = rules(named: variable) { return LocalZone(rules: rules, name: variable) }
        if let rule = PosixZoneRule(variable.utf8) { return LocalZone(rules: ZoneRules(name: variable, rule: rule), name: nil) }
        return .utc
    }

    /// The name of the zone the link at `path` leads to, when it leads into this database or
    /// the default one (following links out of it for a few steps, until one leads in).
    func nameInDatabase(ofLink path: String) -> String? {
        var current = path
        for _ in 0..<8 {
            guard let target = symbolicLinkTarget(atPath: current) else { return nil }
            current = target.hasPrefix("/") ? target : Self.directoryPart(of: current) + "/" + target
            if let name = nameInDatabase(path: current) { return name }
        }
        return nil
    }

    /// The zone name `path` spells inside this database's directory or the default one
    /// ("/usr/share/zoneinfo/Europe/Berlin" → "Europe/Berlin"), '.' and '..' taken as written.
    func nameInDatabase(path: String) -> String? {
        let components = Self.normalizedComponents(path)
        for directory in [directory, Self.defaultDirectory] {
            let prefix = Self.normalizedComponents(directory)
            guard components.count > prefix.count, components.starts(with: prefix) else { continue }
            let name = components[prefix.count...].joined(separator: "/")
            if ZoneName.isValid(name) { return name }
        }
        return nil
    }

    /// The components of the absolute path `path`, '.' and empty ones dropped and '..' taking
    /// the one before away.
    private static func normalizedComponents(_ path: String) -> [String] {
        var components: [String] = []
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(String(component))
            }
        }
        return components
    }

    /// The directory `path` is in ("/etc" for "/etc/localtime").
    private static func directoryPart(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

}
