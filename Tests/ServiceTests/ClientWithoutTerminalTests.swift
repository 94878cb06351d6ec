import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// `timepickerctl pick` whose stdin is not a terminal: it shows the picker on its controlling
/// terminal, as fzf and gum do, and with none it leaves the picker to the service, saying so.
@Suite("timepickerctl pick: stdin not a terminal")
struct ClientWithoutTerminalTests {
    @Test("A pipe as stdin, with a controlling terminal: the picker on that terminal, the range on stdout")
    func pipeWithControllingTerminal() throws {
        let caller = try CallerTerminal()
        let (fixture, pty, screen) = (caller.fixture, caller.pty, caller.screen)
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        _ = "hi\n".withCString { write(ends[1], $0, strlen($0)) }
        close(ends[1])
        defer { close(ends[0]) }
        let stdoutFile = fixture.bus.directory.appendingPathComponent("piped.stdout")
        let output = try openForChild(stdoutFile.path, write: true)
        defer { close(output) }
        // As in `echo hi | timepickerctl pick` typed in a terminal window.
        let client = try ChildProcess(
            ClientHarness.binary, ["pick", "--title", "Piped"], environment: fixture.bus.environment,
            stdin: ends[0], stdout: output, stderr: pty.terminal, controllingTerminal: try pty.path)
        try screen.waitFor("Enter OK")
        #expect(screen.lines.dropFirst().first == "Piped", "the title under the selection: \(screen.lines)")
        pty.type("j\r")
        #expect(try client.waitForExit() == .exited(0), "screen:\n\(screen.text)")
        #expect((try? String(contentsOf: stdoutFile, encoding: .utf8)) == "02:00 03:00\n")
        #expect(!screen.text.contains("timepickerctl:"), "nothing said on stderr:\n\(screen.text)")
        #expect(pty.isCooked)
    }

    @Test("No terminal at all (stdin /dev/null, no controlling terminal): the service's own user interface, and one line saying so")
    func noTerminalAtAll() throws {
        let fixture = try Fixture()
        let client = try ClientHarness.start(["pick", "--title", "Nowhere to draw"], on: fixture.bus)
        let daemonScreen = try fixture.screen
        try daemonScreen.waitForScreen(containing: "Nowhere to draw")
        daemonScreen.type("\r")
        #expect(try client.process.waitForExit() == .exited(0), "stderr: \(client.stderr)")
        #expect(client.stdout == "01:00 02:00\n")
        #expect(client.stderr
            == "timepickerctl: stdin is not a terminal and there is no controlling terminal: the picker appears wherever the service shows pickers\n")
    }

    @Test("--no-terminal: the service's own user interface without a word, even with a controlling terminal")
    func noTerminalOptionIsQuiet() throws {
        let fixture = try Fixture()
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let client = try ClientOnTerminal(["pick", "--no-terminal", "--title", "Elsewhere"], on: fixture.bus, screen: pty, asSessionLeader: true)
        try fixture.screen.waitForScreen(containing: "Elsewhere")
        try fixture.screen.type("\r")
        #expect(try client.waitForExit() == .exited(0))
        #expect(client.terminalText.isEmpty, "the client's terminal: \(client.terminalText)")
    }
}

/// No orphaned pickers (issue 10): a session made by `timepickerctl` ends when the client
/// leaves the bus, in whatever user interface it is shown.
@Suite("timepickerctl pick: no orphaned pickers")
struct ClientOrphanTests {
    @Test("SIGKILL of `pick --no-terminal`: its notification withdrawn, its session ended 'caller', gone from status")
    func notificationWithdrawn() throws {
        let fixture = try NotificationFixture()
        let client = try ClientHarness.start(["pick", "--no-terminal", "--title", "Orphan"], on: fixture.bus)
        let notification = try fixture.mock.waitForNotify(summary: "Orphan")
        let killed = Date()
        client.process.send(SIGKILL)
        try fixture.mock.waitForCloseNotification(notification.id, seconds: 10)
        let seconds = Date().timeIntervalSince(killed)
        #expect(seconds < 5, "the notification was withdrawn \(seconds) s after the kill")
        #expect(try fixture.client.waitForOutcome(ofClient: client.process.pid).strings == ["caller"])
        let status = try ClientHarness.run(["status"], on: fixture.bus)
        #expect(status.termination == .exited(0))
        #expect(!status.stdout.contains("timepickerctl_\(client.process.pid)_"), "status: \(status.stdout)")
    }

    @Test("SIGKILL of `pick` in its terminal: the picker erased by the daemon, its session ended 'caller'")
    func terminalPickerWithdrawn() throws {
        let caller = try CallerTerminal()
        let client = try caller.client(["pick", "--title", "Killed"])
        let (fixture, pty, screen) = (caller.fixture, caller.pty, caller.screen)
        try screen.waitFor("Enter OK")
        client.process.send(SIGKILL)
        #expect(try fixture.client.waitForOutcome(ofClient: client.process.pid).strings == ["caller"])
        try screen.waitFor("the picker erased") { $0.isEmpty }
        try waitUntil("the terminal back in line mode") { pty.isCooked }
    }
}
