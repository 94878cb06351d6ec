import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// The `terminal` option: the picker drawn on a terminal the caller passes as a descriptor.
@Suite("The terminal option")
struct TerminalOptionTests {
    /// A daemon without a terminal of its own, so a picker can only appear on a passed one.
    static func headlessFixture() throws -> Fixture {
        try Fixture(arguments: ["--ui", "notification", "--verbose"], withTerminal: false)
    }

    @Test("A picker on the caller's terminal: keys in, screen out, Selected on the bus, terminal restored")
    func pickOnPassedTerminal() throws {
        let fixture = try Self.headlessFixture()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let handle = try fixture.client.showTimePicker(["title": .string("On your terminal"), "terminal": .unixFD(screen.terminal)])
        try screen.waitForScreen(containing: "On your terminal")
        #expect(!screen.isCooked)
        screen.type("jj\r")
        #expect(try fixture.client.waitForSignal("Selected", path: handle).strings == ["03:00", "04:00"])
        try waitUntil("the terminal back in line mode") { screen.isCooked }
    }

    @Test("An overnight picker on the caller's terminal marks the next day, and moving End along it picks the next day's time")
    func overnightOnPassedTerminal() throws {
        let fixture = try Self.headlessFixture()
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let screen = TerminalScreen(pty)
        let handle = try fixture.client.showTimePicker([
            "title": .string("Night shift"), "terminal": .unixFD(pty.terminal), "clock": .string("24h"), "overnight": .boolean(true),
            "step": .uint32(30), "first": .string("18:00"), "last": .string("08:00"), "start": .string("22:00"), "end": .string("06:00"),
        ])
        let shown = try screen.waitFor("Selected: 22:00 – 06:00 (next day) · 8 h")
        #expect(shown.contains(" 05:30 (next day)\n") && !shown.contains("23:30 (next day)"), "\(shown)")
        pty.type("\tj")
        try screen.waitFor("Selected: 22:00 – 06:30 (next day) · 8 h 30 min")
        pty.type("\r")
        #expect(try fixture.client.waitForSignal("Selected", path: handle).strings == ["22:00", "06:30"])
    }

    @Test("Only a terminal is accepted", arguments: ["pipe", "string"])
    func nonTerminalRefused(kind: String) throws {
        let fixture = try Self.headlessFixture()
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let value: DBusValue = kind == "pipe" ? .unixFD(ends[0]) : .string("/dev/tty")
        let error = dbusError { _ = try fixture.client.showTimePicker(["terminal": value]) }
        #expect(error?.name == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(error?.message.contains("'terminal'") == true, "message: \(error?.message ?? "")")
    }

    @Test("Several callers' terminals at once, each its own picker")
    func severalTerminals() throws {
        let fixture = try Self.headlessFixture()
        let first = try PseudoTerminal()
        let second = try PseudoTerminal()
        defer { first.close(); second.close() }
        let other = try fixture.newClient()
        let firstHandle = try fixture.client.showTimePicker(["title": .string("First"), "terminal": .unixFD(first.terminal)])
        let secondHandle = try other.showTimePicker(["title": .string("Second"), "terminal": .unixFD(second.terminal)])
        try first.waitForScreen(containing: "First")
        try second.waitForScreen(containing: "Second")
        second.type("j\r")
        first.type("q")
        #expect(try fixture.client.waitForSignal("Selected", path: secondHandle).strings == ["02:00", "03:00"])
        #expect(try fixture.client.waitForSignal("Cancelled", path: firstHandle).strings == ["user"])
    }

    @Test("Sessions on one terminal take turns on it")
    func sameTerminalQueues() throws {
        let fixture = try Self.headlessFixture()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let first = try fixture.client.showTimePicker(["title": .string("One"), "terminal": .unixFD(screen.terminal)])
        let second = try fixture.client.showTimePicker(["title": .string("Two"), "terminal": .unixFD(screen.terminal)])
        try screen.waitForScreen(containing: "1 more picker waiting")
        screen.type("\r")
        #expect(try fixture.client.waitForSignal("Selected", path: first).strings == ["01:00", "02:00"])
        try screen.waitForScreen(containing: "Two")
        screen.type("q")
        #expect(try fixture.client.waitForSignal("Cancelled", path: second).strings == ["user"])
        try waitUntil("the terminal back in line mode") { screen.isCooked }
    }

    @Test("The caller leaving the bus ends its terminal session with 'caller' and gives the terminal back")
    func callerLeaves() throws {
        let fixture = try Self.headlessFixture()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        var caller: BusClient? = try BusClient(bus: fixture.bus)
        let handle = try #require(caller).showTimePicker(["terminal": .unixFD(screen.terminal)])
        try screen.waitForScreen(containing: "Select start and end time")
        caller = nil
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["caller"])
        try waitUntil("the terminal back in line mode") { screen.isCooked }
    }

    @Test("No descriptor is left open in the daemon after many terminal sessions")
    func noDescriptorLeak() throws {
        let fixture = try Self.headlessFixture()
        let pid = fixture.daemon.process.pid
        func openDescriptors() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count }
        let before = try openDescriptors()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        for round in 0..<30 {
            let handle = try fixture.client.showTimePicker(["title": .string("Round \(round)"), "terminal": .unixFD(screen.terminal)])
            if round % 2 == 0 {
                try screen.waitForScreen(containing: "Round \(round)")
                screen.type("q")
            } else {
                _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
            }
            _ = try fixture.client.waitForSignal("Cancelled", path: handle)
        }
        // A refused descriptor is closed too.
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = dbusError { _ = try fixture.client.showTimePicker(["terminal": .unixFD(ends[0])]) }
        try waitUntil("the daemon's descriptors back to where they were") { try openDescriptors() == before }
    }
}
