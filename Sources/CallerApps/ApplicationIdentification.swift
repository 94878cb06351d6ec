/// Reading what the system says of a process's application, from the text of its files: pure,
/// so that each rule is tested on its own (`CallerApplicationLookup` reads the files).
public enum ApplicationIdentification {
    /// The app id in a sandbox's `.flatpak-info` (`[Application]` `name=`); nil when absent.
    public static func flatpakAppID(in info: String) -> String? {
        var section = ""
        for line in info.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.trimmingWhitespace
            if trimmed.hasPrefix("[") {
                section = String(trimmed)
            } else if section == "[Application]", trimmed.hasPrefix("name=") {
                let id = String(trimmed.dropFirst("name=".count))
                return isApplicationID(id) ? id : nil
            }
        }
        return nil
    }

    /// The snap name or desktop application id of the systemd unit in a process's
    /// `/proc/PID/cgroup` (the unified hierarchy's `0::` line first): `snap.NAME.APP-….scope`, or
    /// `app[-LAUNCHER]-ID-RANDOM.scope` and `app[-LAUNCHER]-ID[@RANDOM].service` as systemd's
    /// desktop-environment integration names them (`-` in ID escaped as `\x2d`).
    /// On a system with cgroup v1 for systemd (hybrid or legacy), its `name=systemd` line is read
    /// when the unified line names no unit.
    /// Whichever it is, the unit's name is the program's own choice (`systemd-run --user
    /// --scope --unit=…`); `isSnap` says only which desktop files to look in.
    public static func unitApplication(inCgroup text: String) -> (id: String, isSnap: Bool)? {
        let lines = text.split(separator: "\n")
        let paths = lines.compactMap { line -> Substring? in
            if line.hasPrefix("0::") { return line.dropFirst(3) }
            guard let range = line.firstRange(of: ":name=systemd:") else { return nil }
            return line[range.upperBound...]
        }
        for path in paths {
            // The innermost unit that names an application: a scope inside a service is the app's.
            for component in path.split(separator: "/").reversed() {
                if let found = application(ofUnit: String(component)) { return found }
            }
        }
        return nil
    }

    /// The application a unit's name names; nil for any other unit.
    static func application(ofUnit unit: String) -> (id: String, isSnap: Bool)? {
        if unit.hasPrefix("snap."), unit.hasSuffix(".scope") || unit.hasSuffix(".service") {
            let parts = unit.dropFirst("snap.".count).split(separator: ".")
            guard let name = parts.first, isSnapName(String(name)) else { return nil }
            return (String(name), true)
        }
        guard unit.hasPrefix("app-") else { return nil }
        var body: Substring
        if unit.hasSuffix(".scope") {
            body = unit.dropFirst("app-".count).dropLast(".scope".count)
            // A scope always ends in -RANDOM.
            guard let dash = body.lastIndex(of: "-") else { return nil }
            body = body[..<dash]
        } else if unit.hasSuffix(".service") {
            body = unit.dropFirst("app-".count).dropLast(".service".count)
            if let at = body.firstIndex(of: "@") { body = body[..<at] }
        } else {
            return nil
        }
        // [LAUNCHER-]ID: the ID's own dashes are escaped, so at most one dash is left.
        let parts = body.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count <= 2, let last = parts.last else { return nil }
        let id = String(last.replacing("\\x2d", with: "-"))
        return isApplicationID(id) ? (id, false) : nil
    }

    /// The snap's name in a process's AppArmor label (`/proc/PID/attr/current`: "snap.NAME.APP
    /// (enforce)", "snap.NAME.hook.configure (complain)"), which snapd's profiles give and a
    /// process cannot take for itself; nil for any other label.
    public static func snapName(inAppArmorLabel text: String) -> String? {
        let label = text.split(separator: " ").first.map(String.init) ?? ""
        guard label.hasPrefix("snap."), let name = label.dropFirst("snap.".count).split(separator: ".").first,
              label.dropFirst("snap.".count).contains(".")
        else { return nil }
        return isSnapName(String(name)) ? String(name) : nil
    }

    /// The `Name` of a desktop entry's `[Desktop Entry]` group in the first of `languages`
    /// (`de_DE.UTF-8`, tried as `de_DE`, then `de`) it has, else its untranslated `Name`.
    public static func desktopEntryName(in text: String, languages: [String]) -> String? {
        var inEntry = false
        var names: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.trimmingWhitespace
            if trimmed.hasPrefix("[") {
                inEntry = trimmed == "[Desktop Entry]"
                continue
            }
            guard inEntry, trimmed.hasPrefix("Name"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingWhitespace
            let value = String(trimmed[trimmed.index(after: equals)...].trimmingWhitespace)
            if key == "Name" {
                names[""] = value
            } else if key.hasPrefix("Name["), key.hasSuffix("]") {
                names[String(key.dropFirst(5).dropLast())] = value
            }
        }
        for language in languages {
            for candidate in localeCandidates(language) {
                if let name = names[candidate], !name.isEmpty { return name }
            }
        }
        return names[""].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `de_DE.UTF-8@euro` as the desktop entry spec matches it: `de_DE@euro`, `de_DE`, `de@euro`, `de`.
    static func localeCandidates(_ locale: String) -> [String] {
        var name = Substring(locale)
        var modifier: Substring?
        if let at = name.firstIndex(of: "@") {
            modifier = name[name.index(after: at)...]
            name = name[..<at]
        }
        if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
        let language = name.split(separator: "_").first ?? name
        let country = name.contains("_") ? name : nil
        var candidates: [String] = []
        if let country, let modifier { candidates.append("\(country)@\(modifier)") }
        if let country { candidates.append(String(country)) }
        if let modifier { candidates.append("\(language)@\(modifier)") }
        candidates.append(String(language))
        return candidates.filter { !$0.isEmpty && $0 != "C" && $0 != "POSIX" }
    }

    /// A reverse-DNS application id or desktop file name: letters, digits, `.`, `_`, `-`, at
    /// most 255 bytes; what may be used in a file name and shown.
    static func isApplicationID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 255 && !id.hasPrefix(".") && id.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
        }
    }

    /// A snap's name: lower-case letters, digits and dashes, at most 40.
    static func isSnapName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 40 && name.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "-")
        }
    }
}

extension StringProtocol {
    /// Without spaces and tabs at either end.
    var trimmingWhitespace: SubSequence {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return self[endIndex...] }
        return self[first...last]
    }
}
