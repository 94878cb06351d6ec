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
        try screen.waitForScreen(containing: "Selected: 17:30 – 17:45 · 15 min · Start column · typed: 1730_")
        screen.type("\t9p")
        try screen.waitForScreen(containing: "Selected: 17:30 – 21:00")
        // Erased, the typing gives the end back; an end before the start is refused in words.
        screen.type("\u{7F}\u{7F}")
        try screen.waitForScreen(containing: "Selected: 17:30 – 17:45 · 15 min")
        // (5 could still become 5:45 PM; 4 can become no time after 17:30, issue 39.)
        screen.type("4")
        try screen.waitForScreen(containing: "17:30 – 17:45 · 15 min · End column · typed: 4_ · 16:00 is befo")
        try screen.waitForScreen(containing: "\n16:00 is before 17:30")
        screen.type("\r")
        #expect(try fixture.client.waitForSignal("Selected", path: handle).strings == ["17:30", "17:45"])
    }

    @Test("Typed times read as people mean them, in both columns: 5 after 09:00 is 17:00, 1230a, 5p30; 99 is said to be no time")
    func typedReadings() throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker([
            "step": .uint32(30), "first": .string("00:00"), "start": .string("09:00"), "end": .string("09:30"), "clock": .string("24h"),
        ])
        let screen = try fixture.screen
        try screen.waitForScreen(containing: "Selected: 09:00 – 09:30")
        screen.type("99")
        try screen.waitForScreen(containing: "Selected: 09:00 – 09:30 · 30 min · Start column · typed: 99_ · 99 is not a time")
        screen.type("\t5")
        try screen.waitForScreen(containing: "Selected: 09:00 – 17:00 · 8 h · End column · typed: 5_")
        screen.type("\t1230a")
        try screen.waitForScreen(containing: "Selected: 00:30 – 08:30 · 8 h · Start column · typed: 1230a_")
        screen.type("\t99")
        try screen.waitForScreen(containing: "Selected: 00:30 – 08:30 · 8 h · End column · typed: 99_ · 99 is not a time")
        screen.type("\u{7F}\u{7F}5p30")
        try screen.waitForScreen(containing: "Selected: 00:30 – 17:30 · 17 h · End column · typed: 5p30_")
        screen.type("\r")
        #expect(try fixture.client.waitForSignal("Selected", path: handle).strings == ["00:30", "17:30"])
    }
}
