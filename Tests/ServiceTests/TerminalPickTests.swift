import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// A person picking in the daemon's own terminal: keys in, screen out, signals on the bus.
@Suite("Terminal UI through a pseudo-terminal")
struct TerminalPickTests {
    @Test("Keys move the selection, Enter selects, and Selected goes out on the bus")
    func pickWithKeys() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let handle = try fixture.client.showTimePicker(["title": .string("Team meeting"), "clock": .string("12h")])
        try screen.waitForScreen(containing: "Team meeting")
        try screen.waitForScreen(containing: "Selected: 1:00 AM – 2:00 AM")
        #expect(!screen.isCooked, "the terminal is in raw mode while the picker shows")

        // Down three slots with j and the arrow key: the end moves along, keeping the hour.
        screen.type("jj" + Keys.down)
        try screen.waitForScreen(containing: "Selected: 4:00 AM – 5:00 AM")
        let changed = try fixture.client.waitForSignal("PropertiesChanged", path: handle)
        #expect(changed.strings.first == "io.github.timepickerd.TimePicker1.Session")
        #expect(try fixture.client.property("Start", path: handle, interface: BusClient.sessionInterface) == .string("04:00"))

        // The end column: PageDown moves an hour; Up comes back one slot.
        screen.type(Keys.tab + Keys.pageDown + Keys.pageDown + "k")
        try screen.waitForScreen(containing: "Selected: 4:00 AM – 6:00 AM")
        screen.type(Keys.enter)

        let selected = try fixture.client.waitForSignal("Selected", path: handle)
        #expect(selected.strings == ["04:00", "06:00"])
        try waitUntil("the terminal back in line mode") { screen.isCooked }
        // The session object is gone once its outcome is out.
        let error = dbusError { _ = try fixture.client.property("Start", path: handle, interface: BusClient.sessionInterface) }
        #expect(error?.name == "org.freedesktop.DBus.Error.UnknownObject")
    }

    @Test("Home and End go to the first and last slot; the end never goes before the start")
    func homeEndAndClamping() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let handle = try fixture.client.showTimePicker(["clock": .string("24h")])
        try screen.waitForScreen(containing: "Selected: 01:00 – 02:00")
        screen.type(Keys.end)
        // The start's last slot is 24:00; the end follows, clamped to 24:00.
        try screen.waitForScreen(containing: "Selected: 24:00 – 24:00")
        screen.type(Keys.home + Keys.right + Keys.up + Keys.up)
        try screen.waitForScreen(containing: "Selected: 01:00 – 01:00")
        screen.type(Keys.left + Keys.pageDown + Keys.enter)
        #expect(try fixture.client.waitForSignal("Selected", path: handle).strings == ["02:00", "02:00"])
    }

    @Test("Overnight: the end a day after the start reads as the next day's, never as a zero-length range")
    func overnightDayLong() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let handle = try fixture.client.showTimePicker([
            "title": .string("Long shift"), "clock": .string("12h"), "overnight": .boolean(true), "step": .uint32(30), "start": .string("22:00"),
        ])
        try screen.waitForScreen(containing: "Selected: 10:00 PM – 10:30 PM · 30 min")
        // End's last is 22:00 the next day, a day after the start.
        screen.type(Keys.tab + Keys.end)
        let shown = try screen.waitForScreen(containing: "Selected: 10:00 PM – 10:00 PM (next day) · 24 h")
        #expect(shown.contains("▶ 10:00 PM (next day)"), "\(shown)")
        screen.type(Keys.enter)
        #expect(try fixture.client.waitForSignal("Selected", path: handle).strings == ["22:00", "22:00"])
    }

    @Test("Esc and q cancel with reason 'user'", arguments: [Keys.escape, "q"])
    func cancelKeys(key: String) throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let handle = try fixture.client.showTimePicker()
        try screen.waitForScreen(containing: "Select start and end time")
        screen.type(key)
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["user"])
        try waitUntil("the terminal back in line mode") { screen.isCooked }
    }

    @Test("Sessions wait their turn, and the screen says how many wait")
    func queue() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let first = try fixture.client.showTimePicker(["title": .string("First")])
        let second = try fixture.client.showTimePicker(["title": .string("Second")])
        let third = try fixture.client.showTimePicker(["title": .string("Third")])
        try screen.waitForScreen(containing: "2 more pickers waiting")
        screen.type(Keys.enter)
        #expect(try fixture.client.waitForSignal("Selected", path: first).strings == ["01:00", "02:00"])
        try screen.waitForScreen(containing: "Second")
        try screen.waitForScreen(containing: "1 more picker waiting")
        // A waiting session cancelled by its caller leaves the queue.
        _ = try fixture.client.call("Cancel", path: third, interface: BusClient.sessionInterface)
        #expect(try fixture.client.waitForSignal("Cancelled", path: third).strings == ["caller"])
        screen.type("q")
        #expect(try fixture.client.waitForSignal("Cancelled", path: second).strings == ["user"])
        try waitUntil("the terminal back in line mode") { screen.isCooked }
    }

    @Test("A title cannot drive the terminal: control characters are neutralised")
    func hostileTitle() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let title = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\r\nend"
        let handle = try fixture.client.showTimePicker(["title": .string(title)])
        try screen.waitForScreen(containing: "Evil")
        let written = String(decoding: screen.rawOutput, as: UTF8.self)
        #expect(!written.contains("\u{1B}]0;pwned"))
        #expect(!written.contains("\u{9B}"))
        #expect(!written.contains("Evil\u{1B}"))
        // The Title property keeps what the caller sent; only the screen is neutralised.
        #expect(try fixture.client.property("Title", path: handle, interface: BusClient.sessionInterface) == .string(title))
        screen.type("q")
        _ = try fixture.client.waitForSignal("Cancelled", path: handle)
    }

    @Test("A crash while a picker shows still leaves the terminal in line mode")
    func crashRestoresTerminal() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        _ = try fixture.client.showTimePicker()
        try screen.waitForScreen(containing: "Select start and end time")
        #expect(!screen.isCooked)
        fixture.daemon.send(SIGSEGV)
        #expect(try fixture.daemon.process.waitForExit() == .signalled(SIGSEGV))
        #expect(screen.isCooked)
    }

    @Test("A terminal that hangs up ends its sessions with 'unavailable'; the daemon keeps serving")
    func hangUp() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let shown = try fixture.client.showTimePicker()
        let waiting = try fixture.client.showTimePicker()
        try screen.waitForScreen(containing: "1 more picker waiting")
        screen.hangUp()
        #expect(try fixture.client.waitForSignal("Cancelled", path: shown).strings == ["unavailable"])
        #expect(try fixture.client.waitForSignal("Cancelled", path: waiting).strings == ["unavailable"])
        // Later sessions cannot be shown either, and say so at once.
        let later = try fixture.client.showTimePicker()
        #expect(try fixture.client.waitForSignal("Cancelled", path: later).strings == ["unavailable"])
        #expect(fixture.daemon.process.isRunning)
    }
}
