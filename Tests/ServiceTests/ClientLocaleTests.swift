import Foundation
import Glibc
import TestHarness
import Testing

/// `timepickerctl`'s own words in the person's language (issue 20): usage errors and their
/// hint, the help texts laid out at 79 columns whatever the script, how a pick ended, and the
/// picker it draws itself without a session bus.
@Suite("timepickerctl in the person's language")
struct ClientLocaleTests {
    /// The client's environment in `locale`, reading the catalogs compiled from po/.
    private static func environment(_ locale: String, _ catalogs: LocaleTests.CompiledCatalogs, on bus: PrivateBus) -> [String: String] {
        bus.environment.merging(catalogs.environment(locale)) { $1 }
    }

    /// The client run to its end in `locale`, stdin from /dev/null.
    private static func run(_ arguments: [String], locale: String, _ catalogs: LocaleTests.CompiledCatalogs) throws -> CapturedCommand.Result {
        let bus = try PrivateBus()
        return try CapturedCommand.run(
            ClientHarness.binary, arguments, environment: environment(locale, catalogs, on: bus), directory: bus.directory)
    }

    /// The columns `line` takes on a terminal: two for East Asian wide characters, none for
    /// combining marks and format characters, one for the rest (enough for these catalogs).
    static func columns(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return total
            default: break
            }
            let value = scalar.value
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
                || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value)
            return total + (wide ? 2 : 1)
        }
    }

    @Test("A usage error and its hint in German, exit 2")
    func germanUsageError() throws {
        let catalogs = try LocaleTests.CompiledCatalogs()
        let result = try Self.run(["pick", "--step", "x"], locale: "de_DE.UTF-8", catalogs)
        #expect(result.termination == .exited(2))
        #expect(result.stderr == """
            timepickerctl: Option »--step« erfordert eine ganze Zahl von 0 bis 4294967295, nicht »x«
            »timepickerctl pick --help« liefert weitere Informationen.

            """, "\(result.stderr)")
        let typo = try Self.run(["pik"], locale: "de_DE.UTF-8", catalogs)
        #expect(typo.stderr.hasPrefix("timepickerctl: unbekannter Befehl »pik«; meinten Sie pick?\n"), "\(typo.stderr)")
        // The same catalogs, a locale the person did not choose: English.
        let english = try Self.run(["pick", "--step", "x"], locale: "C.UTF-8", catalogs)
        #expect(english.stderr.hasPrefix("timepickerctl: option '--step' needs a whole number"), "\(english.stderr)")
    }

    @Test("Every help text in German, Japanese, Arabic and Russian: translated, its options as typed, no line over 79 columns",
          arguments: ["de_DE.UTF-8", "ja_JP.UTF-8", "ar_EG.UTF-8", "ru_RU.UTF-8"])
    func helpTexts(locale: String) throws {
        let catalogs = try LocaleTests.CompiledCatalogs()
        for command in [["--help"], ["pick", "--help"], ["monitor", "--help"], ["status", "--help"]] {
            let help = try Self.run(command, locale: locale, catalogs)
            #expect(help.termination == .exited(0))
            let english = try Self.run(command, locale: "C.UTF-8", catalogs)
            for line in help.stdout.split(separator: "\n") {
                #expect(Self.columns(line) <= 79, "\(locale) \(command): \(Self.columns(line)) columns: \(line)")
            }
            // No English left: the words of each English line (its description, after the
            // option's column) appear nowhere in the translation, unless they are a command
            // line or an example, which stay as typed.
            for line in english.stdout.split(separator: "\n") where !line.contains("timepickerctl pick") && !line.contains("/io/github") {
                let words = line.split(separator: "  ").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                guard words.split(separator: " ").filter({ $0.count >= 3 && $0.allSatisfy(\.isLetter) }).count >= 2 else { continue }
                #expect(!help.stdout.contains(words), "\(locale) \(command): English left: \(words)")
            }
        }
        let pick = try Self.run(["pick", "--help"], locale: locale, catalogs).stdout
        for option in ["--title TEXT", "--step MIN", "--min-duration MIN", "--clock 12h|24h", "--ui UI", "--no-terminal", "-V, --version"] {
            #expect(pick.contains(option), "\(locale): \(option)")
        }
        #expect(pick.contains("read -r start end < <(timepickerctl pick); wait $!; status=$?"))
    }

    @Test("Without a session bus the client's own picker speaks German, its default title too; Esc says why in German")
    func germanPickerWithoutBus() throws {
        let catalogs = try LocaleTests.CompiledCatalogs()
        let directory = try makeTemporaryDirectory(prefix: "nobus-de")
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = ProcessInfo.processInfo.environment.merging(catalogs.environment("de_DE.UTF-8")) { $1 }
        for name in ["DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY", "JOURNAL_STREAM"] {
            environment.removeValue(forKey: name)
        }
        environment["XDG_RUNTIME_DIR"] = directory.path
        environment["TERM"] = "xterm"
        let pty = try PseudoTerminal(columns: 80, rows: 24)
        defer { pty.close() }
        let client = try ClientOnTerminal(["pick"], environment: environment, directory: directory, screen: pty, asSessionLeader: true)
        let text = try pty.waitForScreen(containing: "Gewählt: 01:00 – 02:00 · 1 h")
        #expect(text.contains("Beginn und Ende wählen") && text.contains("Beginn") && text.contains("Ende"), "\(text)")
        #expect(LocaleTests.words(text).isDisjoint(with: LocaleTests.englishWords.union(["Select", "start", "and", "end", "time"])), "\(text)")
        pty.type("\u{1B}")
        #expect(try client.waitForExit() == .exited(1))
        #expect(try pty.waitForScreen(containing: "timepickerctl: abgebrochen").contains("abgebrochen"))
    }
}
