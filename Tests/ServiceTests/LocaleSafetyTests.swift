import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// Locales and translations from outside: a catalog holding escape sequences and overlong
/// words, locales in codesets other than UTF-8, and a client whose locale the daemon's system
/// lacks (issue 30).
@Suite("Locales and translations from outside")
struct LocaleSafetyTests {
    /// A catalog for German whose translations try to drive the terminal (the window's title
    /// through OSC 0, a bell, clearing the screen, colours, line breaks) and to overflow the
    /// frame, compiled with msgfmt into a directory of its own.
    final class HostileCatalog {
        let directory: URL

        /// The strings the catalog slips in; none may reach a terminal or a notification.
        static let smuggled = ["\u{1B}]0;pwned", "\u{07}", "\u{1B}[2J", "\u{1B}[31m", "\u{9B}"]

        init() throws {
            directory = try makeTemporaryDirectory(prefix: "hostile-catalog")
            let long = String(repeating: "Überlang", count: 40)
            let po = """
                msgid ""
                msgstr ""
                "Content-Type: text/plain; charset=UTF-8\\n"
                "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

                msgctxt "column"
                msgid "Start"
                msgstr "Beginn\\033]0;pwned\\007\(long)"

                msgctxt "column"
                msgid "End"
                msgstr "Ende\\033[2J"

                msgid "Selected:"
                msgstr "Gewählt\\033]0;pwned\\007:"

                msgid "cancel"
                msgstr "abbrechen\\r\\n\\033[31mrot"

                msgid "Select start and end time"
                msgstr "Titel\\033]0;pwned\\007 \(long)"

                msgid "Duration: %s"
                msgstr "Dauer\\033]0;pwned\\007: %s\\302\\233"

                """
            let source = directory.appendingPathComponent("hostile.po")
            try po.write(to: source, atomically: true, encoding: .utf8)
            let target = directory.appendingPathComponent("de/LC_MESSAGES")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            let result = try CapturedCommand.run(
                "/usr/bin/msgfmt", ["-o", target.appendingPathComponent("timepickerd.mo").path, source.path],
                environment: ProcessInfo.processInfo.environment, directory: directory)
            guard result.termination == .exited(0) else { throw HarnessError("msgfmt: \(result.stderr)") }
        }
        deinit { try? FileManager.default.removeItem(at: directory) }

        /// An environment in `locale`, reading this catalog.
        func environment(_ locale: String) -> [String: String] {
            ["LC_ALL": locale, "LANG": locale, "LANGUAGE": "", "TIMEPICKERD_LOCALEDIR": directory.path]
        }
    }

    @Test("A hostile catalog draws no escape sequence in the terminal picker, and no line past the terminal's width, in the full and the compact layout",
          arguments: [(80, 24), (22, 7)])
    func hostileCatalogOnTerminal(columns: Int, rows: Int) throws {
        let catalog = try HostileCatalog()
        let fixture = try Fixture(arguments: ["--ui", "notification", "--verbose"], withTerminal: false, environment: catalog.environment("C.UTF-8"))
        let pty = try PseudoTerminal(columns: UInt16(columns), rows: UInt16(rows))
        defer { pty.close() }
        let screen = TerminalScreen(pty, columns: columns, rows: rows)
        let client = try ClientOnTerminal(
            ["pick", "--timeout", "600"], environment: fixture.bus.environment.merging(catalog.environment("de_DE.UTF-8")) { $1 },
            directory: fixture.bus.directory, screen: pty)
        try screen.waitFor("the German picker on \(columns)×\(rows)") { $0.contains("Beginn") && $0.contains("01:00") }
        let written = String(decoding: pty.rawOutput, as: UTF8.self)
        for smuggled in HostileCatalog.smuggled {
            #expect(!written.contains(smuggled), "\(smuggled.debugDescription) reached the terminal: \(written.debugDescription)")
        }
        CallerTerminalPickerTests.expectNoLineTooLong(screen)
        pty.type("\u{1B}")
        #expect(try client.waitForExit() == .exited(1), "\(screen.text)")
    }

    @Test("A hostile catalog sends no escape sequence to the notification server")
    func hostileCatalogInNotification() throws {
        let catalog = try HostileCatalog()
        let fixture = try NotificationFixture(environment: catalog.environment("de_DE.UTF-8"))
        let shown = try fixture.showPicker("Besprechung", token: "hostile").shown
        #expect(shown.body.contains("Dauer"), "\(shown.body)")
        for text in [shown.summary, shown.body] + shown.actionLabels {
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }, "\(text.debugDescription)")
        }
    }

    @Test("A caller in a locale of another codeset (ja_JP.eucjp) gets the picker in its UTF-8 variant: the AM/PM words as Japanese, not replacement marks")
    func nonUTF8Caller() throws {
        let catalogs = try LocaleTests.CompiledCatalogs()
        let fixture = try Fixture(environment: catalogs.environment("C.UTF-8"))
        _ = try fixture.client.showTimePicker(["title": .string("会議"), "locale": .string("ja_JP.eucjp"), "clock": .string("12h")])
        let text = try fixture.screen.waitForScreen(containing: "午前1:00")
        #expect(text.contains("開始") && !text.contains("\u{FFFD}"), "\(text)")
    }

    @Test("A daemon whose own locale is ja_JP.eucjp draws in Japanese in UTF-8 too")
    func nonUTF8Daemon() throws {
        let catalogs = try LocaleTests.CompiledCatalogs()
        let fixture = try Fixture(environment: catalogs.environment("ja_JP.eucjp"))
        _ = try fixture.client.showTimePicker(["title": .string("会議"), "clock": .string("12h")])
        let text = try fixture.screen.waitForScreen(containing: "午前1:00")
        #expect(text.contains("開始") && !text.contains("\u{FFFD}"), "\(text)")
    }

    @Test("A client whose locale the daemon's system lacks picks in the daemon's language, saying so once")
    func clientLocaleMissingInService() throws {
        // The client's own locale, compiled where only it looks (LOCPATH): a sandbox's or a
        // container's, which the daemon's system does not have.
        let locales = try makeTemporaryDirectory(prefix: "client-locales")
        defer { try? FileManager.default.removeItem(at: locales) }
        let made = try CapturedCommand.run(
            "/usr/bin/localedef", ["-i", "de_DE", "-f", "UTF-8", locales.appendingPathComponent("xx_YY.UTF-8").path],
            environment: ProcessInfo.processInfo.environment, directory: locales, seconds: 60)
        try #require(made.termination == .exited(0), "localedef: \(made.stderr)")
        let fixture = try Fixture(arguments: ["--ui", "notification", "--verbose"], withTerminal: false, environment: ["LC_ALL": "C.UTF-8"])
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let environment = fixture.bus.environment.merging(["LC_ALL": "xx_YY.UTF-8", "LANG": "xx_YY.UTF-8", "LOCPATH": locales.path]) { $1 }
        let client = try ClientOnTerminal(["pick", "--title", "Fallback"], environment: environment, directory: fixture.bus.directory, screen: pty)
        let shown = try pty.waitForScreen(containing: "Selected: 01:00 – 02:00")
        #expect(shown.contains("Fallback"), "\(shown)")
        pty.type("\r")
        #expect(try client.waitForExit() == .exited(0), "\(client.terminalText)")
        #expect(client.stdout == "01:00 02:00\n")
        let said = "timepickerctl: the time picker service has no locale 'xx_YY.UTF-8': the picker is shown in the service's language"
        #expect(client.terminalText.components(separatedBy: said).count == 2, "once: \(client.terminalText)")
    }
}
