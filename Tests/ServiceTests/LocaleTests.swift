import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// The picker in the person's language and with their clock: the daemon's own locale, or the
/// caller's (`locale`), per session, several at once. The catalogs are compiled from po/ by
/// the test itself with msgfmt, as `make catalogs` does.
@Suite("Languages and clocks per session")
struct LocaleTests {
    /// A directory of compiled catalogs (LANG/LC_MESSAGES/timepickerd.mo) made from po/.
    final class CompiledCatalogs {
        let directory: URL
        init() throws {
            directory = try makeTemporaryDirectory(prefix: "locale")
            let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("po")
            for file in try FileManager.default.contentsOfDirectory(atPath: po.path) where file.hasSuffix(".po") {
                let target = directory.appendingPathComponent(String(file.dropLast(3)) + "/LC_MESSAGES")
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
                let result = try CapturedCommand.run(
                    "/usr/bin/msgfmt", ["--check", "-o", target.appendingPathComponent("timepickerd.mo").path, po.appendingPathComponent(file).path],
                    environment: ProcessInfo.processInfo.environment, directory: directory)
                guard result.termination == .exited(0) else { throw HarnessError("msgfmt \(file): \(result.stderr)") }
            }
        }
        deinit { try? FileManager.default.removeItem(at: directory) }

        /// The daemon's environment in `locale`, reading these catalogs.
        func environment(_ locale: String) -> [String: String] {
            ["LC_ALL": locale, "LANG": locale, "LANGUAGE": "", "TIMEPICKERD_LOCALEDIR": directory.path]
        }
    }

    /// English words the terminal picker shows; none may be left on a translated screen.
    static let englishWords: Set<String> = ["Start", "End", "Selected", "move", "column", "hour", "type", "cancel", "Enter", "typed"]

    /// The words on a screen: its runs of letters.
    static func words(_ text: String) -> Set<String> {
        Set(text.split { !$0.isLetter }.map(String.init))
    }

    @Test("A daemon in German draws the whole terminal picker in German")
    func germanDaemon() throws {
        let catalogs = try CompiledCatalogs()
        let fixture = try Fixture(environment: catalogs.environment("de_DE.UTF-8"))
        let screen = try fixture.screen
        _ = try fixture.client.showTimePicker(["title": .string("Besprechung"), "min_duration": .uint32(60)])
        let text = try screen.waitForScreen(containing: "Gewählt: 01:00 – 02:00 · 1 h (mindestens 1 h)")
        for word in ["Beginn", "Ende", "Eingabe OK", "Esc abbrechen", "↑↓ wählen"] {
            #expect(text.contains(word), "\(word): \(text)")
        }
        #expect(Self.words(text).isDisjoint(with: Self.englishWords), "English left: \(Self.words(text).intersection(Self.englishWords)) in \(text)")
        // 99 can become no time (25 still could, issue 39); the column is named on the line.
        screen.type("99")
        _ = try screen.waitForScreen(containing: "Spalte Beginn · getippt: 99_")
        let typed = try screen.waitForScreen(containing: "99 ist keine Uhrzeit")
        #expect(!typed.contains("typed"))
    }

    @Test("Without a title the picker's own is in the session's language; in Arabic each time is an isolated run")
    func defaultTitleAndArabicTimes() throws {
        let catalogs = try CompiledCatalogs()
        let fixture = try Fixture(environment: catalogs.environment("de_DE.UTF-8"))
        _ = try fixture.client.showTimePicker([:])
        let german = try fixture.screen.waitForScreen(containing: "Beginn und Ende wählen")
        #expect(!german.contains("Select start and end time"))
        try fixture.screen.type(Keys.escape)
        _ = try fixture.client.showTimePicker(["title": .string("اجتماع"), "locale": .string("ar_EG.UTF-8")])
        // First-strong isolates around each time: "1:00 ص" keeps its order inside right-to-left
        // text, and the range reads start first; the isolates take no column.
        let arabic = try fixture.screen.waitForScreen(containing: "\u{2068}1:00 ص\u{2069} – \u{2068}2:00 ص\u{2069}")
        #expect(arabic.contains("المختار:"), "\(arabic)")
    }

    @Test("A notification in Arabic: times as isolated runs (not neutralised into replacement marks), midnight in Arabic")
    func arabicNotification() throws {
        let catalogs = try CompiledCatalogs()
        let fixture = try NotificationFixture(environment: catalogs.environment("C.UTF-8"))
        let (_, shown) = try fixture.showPicker("اجتماع", token: "ar", ["locale": .string("ar_EG.UTF-8"), "first": .string("23:00")])
        #expect(shown.body.contains("\u{2068}11:00 م\u{2069}"), "\(shown.body)")
        #expect(shown.body.contains("\u{2068}منتصف الليل\u{2069}"), "\(shown.body)")
        #expect(!shown.body.contains("\u{FFFD}") && !shown.body.contains("midnight"), "\(shown.body)")
    }

    @Test("The session's language as D-Bus activation gives it: a desktop's UpdateActivationEnvironment at log-in, then the first call")
    func activationEnvironment() throws {
        let catalogs = try CompiledCatalogs()
        let bus = try ClientHarness.activatingBus()
        let server = try MockNotificationServer(bus: bus, capabilities: MockNotificationServer.fullCapabilities)
        try bus.updateActivationEnvironment(catalogs.environment("de_DE.UTF-8"))
        let client = try BusClient(bus: bus)
        try client.subscribeToSessions()
        _ = try client.showTimePicker(["title": .string("Aktiviert")])
        let shown = try server.waitForNotify(summary: "Aktiviert")
        #expect(shown.body.contains("Beginn: 01:00") && shown.body.contains("Dauer: 1 h"), "\(shown.body)")
    }

    @Test("A caller in French gets French from a daemon in German, while the daemon's own picker is German")
    func frenchCallerGermanDaemon() throws {
        let catalogs = try CompiledCatalogs()
        let fixture = try Fixture(environment: catalogs.environment("de_DE.UTF-8"))
        _ = try fixture.client.showTimePicker(["title": .string("Deutsch")])
        let german = try fixture.screen.waitForScreen(containing: "Gewählt:")
        #expect(german.contains("Beginn"))

        let callerScreen = try PseudoTerminal()
        defer { callerScreen.close() }
        var environment = fixture.bus.environment.merging(catalogs.environment("fr_FR.UTF-8")) { $1 }
        environment.removeValue(forKey: "TIMEPICKERD_LOCALEDIR")
        let client = try ClientOnTerminal(["pick", "--title", "Français"], environment: environment, directory: fixture.bus.directory, screen: callerScreen)
        let french = try callerScreen.waitForScreen(containing: "Choisi : 01:00 – 02:00 · 1 h")
        #expect(french.contains("Début") && french.contains("Fin") && french.contains("Entrée valider"), "\(french)")
        #expect(Self.words(french).isDisjoint(with: Self.englishWords), "English left in \(french)")
        // Both at once: the German picker is still German.
        #expect(try fixture.screen.waitForScreen(containing: "Gewählt:").contains("Beginn"))
        callerScreen.type("\r")
        #expect(try client.waitForExit() == .exited(0))
        #expect(client.stdout == "01:00 02:00\n")
    }

    @Test("A caller whose locale is en_US.UTF-8 gets 12-hour labels from a daemon running C.UTF-8; its clock option still wins")
    func callersClock() throws {
        let fixture = try Fixture(environment: ["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"])
        _ = try fixture.client.showTimePicker(["title": .string("American"), "locale": .string("en_US.UTF-8")])
        try fixture.screen.waitForScreen(containing: "Selected: 1:00 AM – 2:00 AM")
        try fixture.screen.type(Keys.escape)
        _ = try fixture.client.showTimePicker(["title": .string("Chosen"), "locale": .string("en_US.UTF-8"), "clock": .string("24h")])
        try fixture.screen.waitForScreen(containing: "Chosen")
        try fixture.screen.waitForScreen(containing: "Selected: 01:00 – 02:00")
    }

    @Test("A notification in Spanish: the body and the action labels the server is sent, list menus too")
    func spanishNotification() throws {
        let catalogs = try CompiledCatalogs()
        let fixture = try NotificationFixture(environment: catalogs.environment("C.UTF-8"))
        let mock = try fixture.mock
        let (_, shown) = try fixture.showPicker("Reunión", token: "es", ["locale": .string("es_ES.UTF-8"), "step": .uint32(30), "timeout": .uint32(600)])
        #expect(shown.actionLabels == ["Siguiente", "−1 h", "+1 h", "+30 min"], "\(shown)")
        for line in ["Inicio: 01:00  ◀", "Fin: 01:30", "Duración: 30 min", "Los botones mueven el inicio.",
                     "Pulse en esta notificación (o en «Siguiente») para pasar al fin.", "Se cierra en 10 min",
                     "Descarte esta notificación para cancelar."] {
            #expect(shown.body.contains(line), "\(line): \(shown.body)")
        }
        #expect(Self.words(shown.body).isDisjoint(with: ["Start", "End", "Duration", "buttons", "Click", "Dismiss", "Closes"]), "\(shown.body)")
        try mock.invokeAction("default", on: shown.id)
        let end = try mock.waitForNotify(summary: "Reunión")
        #expect(end.actionLabels.last == "Aceptar" || end.actionLabels.first == "Aceptar", "\(end.actionLabels)")
        #expect(end.body.contains("Los botones mueven el fin."), "\(end.body)")

        let list = try NotificationFixture(layout: "list", environment: catalogs.environment("C.UTF-8"))
        let menu = try list.showPicker("Menú", token: "menu", ["locale": .string("es_ES.UTF-8"), "clock": .string("12h")]).shown
        #expect(menu.label(of: "start-13:00") == "Inicio 13:00 · 1:00 PM", "\(menu.actionLabels)")
        #expect(menu.body.contains("Elija la hora de inicio en el menú de la notificación."), "\(menu.body)")
        try list.mock.invokeAction("start-09:00", on: menu.id)
        let ends = try list.mock.waitForNotify(summary: "Menú")
        #expect(ends.label(of: "change-start") == "Cambiar el inicio…")
        #expect(ends.label(of: "end-17:00") == "Fin 17:00 · 5:00 PM (8 h)", "\(ends.actionLabels)")
    }

    @Test("The dialog in Japanese, read through AT-SPI; in Arabic, mirrored: the Start list right of the End list")
    func dialogLanguages() throws {
        let catalogs = try CompiledCatalogs()
        let fixture = try DaemonDialogFixture(environment: catalogs.environment("C.UTF-8"))
        _ = try fixture.client.showTimePicker(["title": .string("会議"), "locale": .string("ja_JP.UTF-8"), "timeout": .uint32(600)])
        let japanese = try Accessibility.dialog("会議", on: fixture.display, seconds: 20) { dialog in
            dialog.first(role: "list", name: "開始")?.selectedItem != nil
        }
        #expect(japanese.first(role: "list", name: "終了") != nil, "\(japanese.all.map(\.name))")
        let texts = japanese.all.map(\.label)
        #expect(texts.contains("01:00 – 02:00 · 1 時間"), "\(texts)")
        #expect(texts.contains { $0.hasPrefix("あと 10 分で閉じます") || $0.hasPrefix("あと 9 分") }, "\(texts)")
        let buttons = japanese.all.filter { $0.role == "push button" }.map(\.name)
        #expect(buttons.contains { $0.hasPrefix("キャンセル") } && buttons.contains { $0.hasPrefix("OK") }, "\(buttons)")
        #expect(Self.words(texts.joined(separator: " ")).isDisjoint(with: ["Start", "End", "Cancel", "Closes"]), "\(texts)")
        try fixture.display.screenshot(to: GnomeShellDesktopTests.screenshot("dialog-ja"))

        _ = try fixture.client.showTimePicker(["title": .string("اجتماع"), "locale": .string("ar_EG.UTF-8")])
        let arabic = try Accessibility.dialog("اجتماع", on: fixture.display, seconds: 20) { dialog in
            dialog.first(role: "list", name: "البداية")?.selectedItem != nil
        }
        let start = try #require(arabic.first(role: "list", name: "البداية"))
        let end = try #require(arabic.first(role: "list", name: "النهاية"))
        #expect(start.extents[0] > end.extents[0], "mirrored: Start at x \(start.extents[0]), End at x \(end.extents[0])")
        try fixture.display.screenshot(to: GnomeShellDesktopTests.screenshot("dialog-ar"))
    }

    @Test("German (the longest words) and Japanese (the widest) keep the frame's rules on small terminals: no line too long, the compact layout when two columns do not fit", arguments: [
        ("de_DE.UTF-8", "Beginn"), ("ja_JP.UTF-8", "開始"),
    ])
    func widthRules(locale: String, startWord: String) throws {
        let catalogs = try CompiledCatalogs()
        for (columns, rows) in [(80, 24), (32, 12), (22, 7)] {
            let fixture = try Fixture(arguments: ["--ui", "notification", "--verbose"], withTerminal: false, environment: catalogs.environment("C.UTF-8"))
            let pty = try PseudoTerminal(columns: UInt16(columns), rows: UInt16(rows))
            defer { pty.close() }
            let screen = TerminalScreen(pty, columns: columns, rows: rows)
            var environment = fixture.bus.environment.merging(catalogs.environment(locale)) { $1 }
            environment.removeValue(forKey: "TIMEPICKERD_LOCALEDIR")
            let client = try ClientOnTerminal(
                ["pick", "--title", "Title", "--min-duration", "90", "--timeout", "600"], environment: environment,
                directory: fixture.bus.directory, screen: pty)
            try screen.waitFor("\(startWord) on \(columns)×\(rows)") { $0.contains(startWord) }
            CallerTerminalPickerTests.expectNoLineTooLong(screen)
            pty.type("\u{1B}")
            #expect(try client.waitForExit() == .exited(1), "\(locale) \(columns)×\(rows): \(screen.text)")
        }
    }

    @Test("A locale the system does not have, or no locale name at all, is refused naming the option")
    func unknownLocale() throws {
        let fixture = try Fixture(environment: ["LC_ALL": "C.UTF-8"])
        for (locale, words) in [("xx_YY.UTF-8", "this system has no locale 'xx_YY.UTF-8'"), ("../../etc", "must be a locale name")] {
            let error = dbusError { _ = try fixture.client.showTimePicker(["locale": .string(locale)]) }
            #expect(error?.name == "org.freedesktop.DBus.Error.InvalidArgs")
            #expect(error?.message.contains("option 'locale'") == true && error?.message.contains(words) == true, "\(String(describing: error?.message))")
        }
    }
}
