import Foundation
import Glibc
@testable import Localization
import Testing

/// Which locale a name a caller sends means: one the system has, in UTF-8, spelled one way
/// (the Makefile installs locales-all, every locale glibc has, as directories under
/// /usr/lib/locale; the archive and LOCPATH's directories are made here with localedef).
@Suite("The locales the system has")
struct SystemLocalesTests {
    @Test("A name's parts, its codeset in glibc's one spelling", arguments: [
        ("de_DE.UTF-8", "de_DE.utf8"), ("de_DE.utf8", "de_DE.utf8"), ("de_DE.Utf_8@x", "de_DE.utf8@x"),
        ("ja_JP.eucJP", "ja_JP.eucjp"), ("en_US.8859-1", "en_US.iso88591"), ("sr_RS@latin", "sr_RS@latin"), ("eo", "eo"),
        ("C.UTF-8", "C.utf8"),
    ])
    func normalized(name: String, expected: String) {
        #expect(LocaleName(parsing: name)?.normalized == expected)
    }

    @Test("No language, or an empty part, is no name", arguments: ["", "_DE", "de_", "de_DE.", "de_DE@", "de_DE.-@x", ".utf8"])
    func malformed(name: String) {
        #expect(LocaleName(parsing: name) == nil)
    }

    @Test("Each spelling of a locale the system has gives its one name in UTF-8; unknown modifiers are dropped, other codesets give the UTF-8 variant", arguments: [
        ("de_DE.UTF-8", "de_DE.utf8"), ("de_DE.utf8", "de_DE.utf8"), ("de_DE.UTF8", "de_DE.utf8"), ("de_DE", "de_DE.utf8"),
        ("de_DE.UTF-8@m1", "de_DE.utf8"), ("de_DE@euro", "de_DE.utf8"), ("de_DE.ISO-8859-1", "de_DE.utf8"),
        ("ja_JP.eucjp", "ja_JP.utf8"), ("ja_JP.EUC-JP", "ja_JP.utf8"), ("ja_JP", "ja_JP.utf8"),
        ("sr_RS@latin", "sr_RS@latin"), ("sr_RS.UTF-8@latin", "sr_RS@latin"), ("sr_RS", "sr_RS"),
        ("ca_ES.UTF-8@valencia", "ca_ES@valencia"), ("C", "C.utf8"), ("C.UTF-8", "C.utf8"), ("POSIX", "POSIX"),
    ])
    func systemLocale(name: String, expected: String) {
        #expect(SystemLocales.shared.utf8Locale(for: name) == expected)
    }

    @Test("A locale the system does not have, in any spelling, is none", arguments: ["xx_YY.UTF-8", "de", "de.UTF-8", "de_de.UTF-8", "german", "de_DE/../x"])
    func missing(name: String) {
        #expect(SystemLocales.shared.utf8Locale(for: name) == nil)
    }

    @Test("The locale archive's names, as localedef lists them; a locale added to a LOCPATH directory later is found")
    func archiveAndDirectories() throws {
        let directory = try TemporaryLocales()
        let archive = directory.path + "/usr/lib/locale"
        try FileManager.default.createDirectory(atPath: archive, withIntermediateDirectories: true)
        try directory.localedef(["--prefix=" + directory.path, "-i", "de_DE", "-f", "UTF-8", "de_DE.UTF-8"])
        try directory.localedef(["--prefix=" + directory.path, "-i", "ja_JP", "-f", "EUC-JP", "ja_JP.EUC-JP"])
        #expect(LocaleArchive.names(atPath: archive + "/locale-archive").sorted() == ["de_DE.utf8", "ja_JP.eucjp"])
        let archived = SystemLocales(archive: archive + "/locale-archive", directories: [])
        #expect(archived.utf8Locale(for: "de_DE.UTF-8@m2") == "de_DE.utf8")
        #expect(archived.utf8Locale(for: "fr_FR.UTF-8") == nil)
        #expect(LocaleArchive.names(atPath: "/nonexistent").isEmpty)
        #expect(LocaleArchive.names(atPath: "/proc/self/status").isEmpty, "not an archive")

        let compiled = directory.path + "/compiled"
        try FileManager.default.createDirectory(atPath: compiled, withIntermediateDirectories: true)
        let inPath = SystemLocales(archive: nil, directories: [compiled])
        #expect(inPath.utf8Locale(for: "xx_YY.UTF-8") == nil)
        try directory.localedef(["-i", "de_DE", "-f", "UTF-8", compiled + "/xx_YY.UTF-8"])
        #expect(inPath.utf8Locale(for: "xx_YY.utf8@m1") == "xx_YY.UTF-8", "the directory as it is spelled")
        #expect(inPath.utf8Locale(for: "de_DE.UTF-8") == nil, "LOCPATH's directories only")
    }

    /// A directory of locales made with localedef, removed at the end.
    final class TemporaryLocales {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("locales-\(getpid())-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// Runs localedef with `arguments`; throws when it fails.
        func localedef(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
            process.arguments = arguments
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw LocaledefFailed(arguments: arguments, status: process.terminationStatus) }
        }
    }

    struct LocaledefFailed: Error {
        let arguments: [String]
        let status: Int32
    }
}
