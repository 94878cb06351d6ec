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
