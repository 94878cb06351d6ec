import TestHarness
import DBusKit
import Foundation
import Glibc
import Testing

/// A PickTimeRange whose picker cannot be shown says which user interface failed and why.
@Suite("NoUserInterface says what failed")
struct UnavailableReasonTests {
    @Test("A caller's terminal that hangs up: NoUserInterface names the terminal, not the daemon's notifications")
    func callerTerminalHangsUp() throws {
        let fixture = try ClientHarness.headlessFixture()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let pick = try fixture.client.startCall("PickTimeRange", [.vardict(["title": .string("Hang up"), "terminal": .unixFD(screen.terminal)])])
        try screen.waitForScreen(containing: "Hang up")
        screen.hangUp()
        let reply = try fixture.client.waitForReply(to: pick)
        #expect(reply.errorName == "io.github.timepickerd.TimePicker1.Error.NoUserInterface")
        let message = reply.errorMessage ?? ""
        #expect(message.contains("terminal") && !message.contains("notification"), "message: \(message)")
    }
}

/// Typing a time on a terminal picker, as a person does: the column jumps, and the typed text shows.
@Suite("Typing a time on the terminal")
struct TerminalTypingTests {
    @Test("Typing 1730 with step 15 selects 17:30 in four keys; typing the end too")
    func typing() throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker(["step": .uint32(15), "clock": .string("24h")])
        let screen = try fixture.screen
        try screen.waitForScreen(containing: "Selected: 01:00 – 01:15")
        screen.type("1730")
        try screen.waitForScreen(containing: "Selected: 17:30 – 17:45 · 15 min  typed: 1730_")
        screen.type("\t9p")
        try screen.waitForScreen(containing: "Selected: 17:30 – 21:00")
        screen.type("\u{7F}\u{7F}")
        // The end column takes only valid ends: nothing before the start.
        screen.type("5")
        try screen.waitForScreen(containing: "Selected: 17:30 – 17:30 · 0 min  typed: 5_")
        screen.type("\r")
        #expect(try fixture.client.waitForSignal("Selected", path: handle).strings == ["17:30", "17:30"])
    }
}
