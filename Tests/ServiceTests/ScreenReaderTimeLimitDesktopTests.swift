import DBusKit
import Foundation
import TestHarness
import Testing

/// The end of the time limit under Orca (issue 39, item 2): a 30-second picker is warned with
/// 20 seconds left, and "Time is up" is heard while the dialog is still there, in English and
/// German. Part of `ScreenReaderDesktopTests`, whose tests run one at a time (one Orca per user).
extension ScreenReaderDesktopTests {
    /// Opens a 30-second picker `title` and waits until the daemon ends it; returns what Orca
    /// said meanwhile and whether the session was still open when `timeIsUp` was first said.
    private func runOut(title: String, locale: String?, timeIsUp: String) throws -> (said: [String], saidWhileOpen: Bool) {
        var options: [String: DBusValue] = ["step": .uint32(30), "start": .string("09:00"), "end": .string("17:30"), "timeout": .uint32(30)]
        // Kept to the end: the compiled catalogs go with it.
        let catalogs = try locale.map { _ in try LocaleTests.CompiledCatalogs() }
        if let locale { options["locale"] = .string(locale) }
        let environment = catalogs?.environment("C.UTF-8") ?? [:]
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"], environment: environment)
        let orca = try ScreenReader(on: fixture.display)
        let before = orca.spoken().count
        let session = try fixture.client.showTimePicker(options.merging(["title": .string(title)]) { $1 })
        _ = try Accessibility.dialog(title, on: fixture.display, seconds: 20) { $0.all.contains { $0.role == "list item" && $0.isFocused } }
        try fixture.display.focus(title)
        // Orca's log read between short waits for the session's end (the daemon closes the
        // dialog as it ends it): what was said before that signal was said while it was open.
        var saidWhileOpen = false
        let deadline = Date().addingTimeInterval(45)
        while true {
            if let ended = try? fixture.client.waitForSignal("Cancelled", path: session, seconds: 0.1) {
                #expect(ended.strings == ["timeout"], "\(ended.strings)")
                break
            }
            if orca.spoken().dropFirst(before).contains(where: { $0.hasPrefix(timeIsUp) }) { saidWhileOpen = true }
            guard Date() < deadline else { throw HarnessError("the session did not time out: \(fixture.logs)") }
        }
        withExtendedLifetime(catalogs) {}
        return (Array(orca.spoken().dropFirst(before)), saidWhileOpen)
    }

    @Test("In English: a 30-second picker is warned with 20 seconds left, and 'Time is up' is heard before the dialog closes")
    func timeLimitEnglish() throws {
        let (said, saidWhileOpen) = try runOut(title: "Short call", locale: nil, timeIsUp: "Time is up")
        #expect(said.contains { $0.hasPrefix("Closes in 20 seconds") }, "\(said)")
        #expect(saidWhileOpen, "'Time is up' not heard while the dialog was open: \(said)")
    }

    @Test("In German: the warning with 20 seconds left and 'Die Zeit ist abgelaufen' before the dialog closes")
    func timeLimitGerman() throws {
        let (said, saidWhileOpen) = try runOut(title: "Kurzes Gespräch", locale: "de_DE.UTF-8", timeIsUp: "Die Zeit ist abgelaufen")
        #expect(said.contains { $0.hasPrefix("Schließt in 20 Sekunden") }, "\(said)")
        #expect(saidWhileOpen, "'Die Zeit ist abgelaufen' not heard while the dialog was open: \(said)")
    }
}
