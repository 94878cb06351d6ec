internal import CLinux
internal import Glibc
internal import SystemKit

/// The locales this system has, as `locale -a` lists them (the names in glibc's locale archive
/// and the directories of compiled locales beside it, or those in `LOCPATH`'s directories when
/// it is set, as glibc then reads nothing else), and which of them a name a caller sends means.
///
/// Only these names ever reach `newlocale` and gettext: glibc keeps an entry for every name it
/// was asked for, found or not, and searches them one by one for the life of the process, so a
/// caller sending names without end ("de_DE.UTF-8@m1", "@m2", …) would otherwise grow the
/// daemon and slow every later lookup. The list is read the first time it is needed and again
/// only when a name is not in it and the archive or a directory changed since (one `stat`
/// each), so a locale installed while the daemon runs is found; `locale` itself is never run.
final class SystemLocales: Sendable {
    /// The system's, as this process's `LOCPATH` says.
    static let shared: SystemLocales = {
        guard let path = getenv("LOCPATH"), path.pointee != 0 else {
            return SystemLocales(archive: LocaleArchive.defaultPath, directories: ["/usr/lib/locale"])
        }
        return SystemLocales(archive: nil, directories: String(cString: path).split(separator: ":").map(String.init))
    }()

    private let archive: String?
    private let directories: [String]

    /// What was read, and what the system said of the names asked about since.
    private struct Known {
        /// The archive's and the directories' stamps when they were read; nil before.
        var stamps: [FileStamp]?
        /// Every name, by its normalized spelling (`LocaleName.normalized`), as the system spells it.
        var names: [String: String] = [:]
        /// Whether a locale whose name says no codeset draws in UTF-8, by its name: asked of
        /// glibc once each (at most one entry per locale the system has).
        var drawsInUTF8: [String: Bool] = [:]
    }

    private let known = Locked(Known())

    /// The locales in the archive at `archive` (none when nil) and in `directories`.
    init(archive: String?, directories: [String]) {
        self.archive = archive
        self.directories = directories
    }

    /// The locale this system has for `name`, drawn in UTF-8, as the system spells it
    /// ("de_DE.utf8" for "de_DE.UTF-8", "de_DE.utf8@x1" or "de_DE@euro"; "ja_JP.utf8" for
    /// "ja_JP.eucjp"); nil when it has none of that language and territory in UTF-8.
    ///
    /// Codesets are compared as glibc spells them; a modifier the system has for the locale in
    /// UTF-8 is kept ("sr_RS@latin"), any other dropped; a non-UTF-8 locale gives its UTF-8
    /// variant, so that what glibc says of it (the AM/PM words) is never read in another
    /// codeset. "C" and "POSIX", which glibc always has, are ASCII, which is UTF-8 too.
    func utf8Locale(for name: String) -> String? {
        guard let wanted = LocaleName(parsing: name) else { return nil }
        return known.withLock { known in
            if known.stamps == nil { known = read() }
            if let found = Self.find(wanted, in: &known) { return found }
            guard known.stamps != stamps() else { return nil }
            known = read()
            return Self.find(wanted, in: &known)
        }
    }

    /// The first of `wanted`'s UTF-8 candidates the system has.
    private static func find(_ wanted: LocaleName, in known: inout Known) -> String? {
        for candidate in wanted.utf8Candidates {
            guard let spelled = known.names[candidate.normalized] else { continue }
            if candidate.codeset != nil { return spelled }
            let utf8 = known.drawsInUTF8[spelled] ?? drawsInUTF8(spelled)
            known.drawsInUTF8[spelled] = utf8
            if utf8 { return spelled }
        }
        return nil
    }

    /// Whether the system's locale `name` has UTF-8 (or ASCII, its subset) as its codeset.
    private static func drawsInUTF8(_ name: String) -> Bool {
        guard let locale = newlocale(LC_CTYPE_MASK, name, nil) else { return false }
        defer { freelocale(locale) }
        return drawsInUTF8(locale)
    }

    /// Whether `locale`'s codeset is UTF-8 or ASCII, its subset.
    static func drawsInUTF8(_ locale: locale_t) -> Bool {
        let codeset = nl_langinfo_l(nl_item(CODESET), locale).map { String(cString: $0) }
        return codeset == "UTF-8" || codeset == "ANSI_X3.4-1968"
    }

    /// The archive's and the directories' stamps now.
    private func stamps() -> [FileStamp] {
        (archive.map { [$0] } ?? []).map(FileStamp.init(ofPath:)) + directories.map(FileStamp.init(ofPath:))
    }

    /// Every name the system has, read now: glibc's own two, the archive's, and each directory
    /// entry that holds a compiled locale (its `LC_CTYPE`, as `locale -a` checks: a directory
    /// may hold translations only).
    private func read() -> Known {
        // Stamped first: a change while reading is seen next time.
        let stamps = stamps()
        var names = ["C", "POSIX"]
        if let archive { names += LocaleArchive.names(atPath: archive) }
        for directory in directories {
            for name in directoryEntryNames(atPath: directory) ?? [] where !name.hasPrefix(".") {
                var status = stat()
                if stat(directory + "/" + name + "/LC_CTYPE", &status) == 0, status.st_mode & S_IFMT == S_IFREG { names.append(name) }
            }
        }
        var known = Known(stamps: stamps)
        for name in names {
            guard let parsed = LocaleName(parsing: name), known.names[parsed.normalized] == nil else { continue }
            known.names[parsed.normalized] = name
        }
        return known
    }
}
