import DBusKit
import Foundation
import TestHarness
import Testing

/// The dialog with Orca 43 listening (`make test-desktops`; Orca runs once per Unix user, so
/// these run one at a time): the real daemon, the GTK backend it starts, a person's keys, and
/// what Orca says, read from its debug log. A blind person picks 09:00–17:30 and hears, before
/// Enter, what will be returned.
@Suite("Desktop: Orca reads the dialog", .serialized)
struct ScreenReaderDesktopTests {
    /// Opens the picker `options`, with Orca started first; returns what Orca said as the
    /// dialog came up.
    func open(
        _ options: [String: DBusValue], title: String, environment: [String: String] = [:]
    ) throws -> (DaemonDialogFixture, ScreenReader, [String]) {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"], environment: environment)
        let orca = try ScreenReader(on: fixture.display)
        let opening = try orca.said(after: {
            _ = try fixture.client.showTimePicker(options.merging(["title": .string(title)]) { $1 })
            _ = try Accessibility.dialog(title, on: fixture.display, seconds: 20) { $0.all.contains { $0.role == "list item" && $0.isFocused } }
            try fixture.display.focus(title)
        })
        return (fixture, orca, opening)
    }

    /// What Orca says after the person presses `key` in the window `title`.
    func press(_ key: String, _ fixture: DaemonDialogFixture, _ orca: ScreenReader, title: String) throws -> [String] {
        try orca.said(after: { try fixture.press([key], inWindowTitled: title) })
    }

    @Test("In English: the range, its length and the time limit at open; a Down in Start after visiting End speaks the new range and never 'End'; OK says what it returns")
    func english() throws {
        let title = "Team meeting"
        let (fixture, orca, opening) = try open([
            "step": .uint32(30), "start": .string("09:00"), "end": .string("17:30"), "clock": .string("12h"), "timeout": .uint32(120),
        ], title: title)
        #expect(opening.contains { $0.hasPrefix("9:00 AM to 5:30 PM, 8 hours 30 minutes. Closes in 2 minutes") }, "\(opening)")

        _ = try press("Tab", fixture, orca, title: title)
        _ = try press("shift+Tab", fixture, orca, title: title)
        let down = try press("Down", fixture, orca, title: title)
        #expect(down.contains("9:30 AM."), "\(down)")
        #expect(down.contains { $0.hasPrefix("9:30 AM to 6:00 PM, 8 hours 30 minutes") }, "\(down)")
        #expect(!down.contains("End."), "the move in Start is not spoken as a move in End: \(down)")

        let typed = try orca.said(after: { try fixture.press(["9", "9"], inWindowTitled: title) })
        #expect(typed.contains { $0.hasPrefix("99 is not a time") }, "\(typed)")

        let end = try press("Tab", fixture, orca, title: title)
        #expect(end.contains("End.") && end.contains { $0.hasPrefix("9:30 AM to 6:00 PM") }, "the note stays with the typing: \(end)")
        _ = try press("Tab", fixture, orca, title: title)
        let ok = try press("Tab", fixture, orca, title: title)
        #expect(ok.contains { $0.hasPrefix("OK push button") }, "\(ok)")
        #expect(ok.contains { $0.hasPrefix("Returns 9:30 AM to 6:00 PM, 8 hours 30 minutes") }, "\(ok)")
    }

    @Test("In German: the columns in German, the move in Beginn spoken there and never as a move in Ende")
    func german() throws {
        let catalogs = try LocaleTests.CompiledCatalogs()
        let title = "Besprechung"
        let (fixture, orca, opening) = try open([
            "step": .uint32(30), "start": .string("09:00"), "end": .string("17:30"), "clock": .string("24h"), "locale": .string("de_DE.UTF-8"),
        ], title: title, environment: catalogs.environment("C.UTF-8"))
        #expect(opening.contains("Beginn."), "\(opening)")
        #expect(opening.contains { $0.hasPrefix("09:00 ") && $0.contains("17:30") }, "the range at open: \(opening)")
        _ = try press("Tab", fixture, orca, title: title)
        _ = try press("shift+Tab", fixture, orca, title: title)
        let down = try press("Down", fixture, orca, title: title)
        #expect(down.contains("09:30."), "\(down)")
        #expect(down.contains { $0.hasPrefix("09:30 ") && $0.contains("18:00") }, "\(down)")
        #expect(!down.contains("Ende."), "\(down)")
    }
}
