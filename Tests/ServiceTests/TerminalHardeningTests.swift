import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// Callers' terminals as a careless or hostile peer passes them: open read-only, `/dev/tty`,
/// a pseudo-terminal's controlling side; a job in the background; a terminal that stops taking
/// output. Each of these once pinned a CPU, drew on the wrong screen, took the shell's keys or
/// lost the terminal for good.
@Suite("Hardening: callers' terminals")
struct TerminalHardeningTests {
    static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"

    @Test("A terminal open only for reading is refused, naming 'terminal' and why; the daemon stays idle")
    func readOnlyTerminalRefused() throws {
        let fixture = try ClientHarness.headlessFixture()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let readOnly = open(try screen.path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
        try #require(readOnly >= 0)
        defer { close(readOnly) }
        let error = dbusError { _ = try fixture.client.showTimePicker(["terminal": .unixFD(readOnly)]) }
        #expect(error?.name.rawValue == Self.invalidArgs)
        #expect(error?.message.contains("option 'terminal'") == true && error?.message.contains("reading and writing") == true,
                "message: \(error?.message ?? "")")
        // The daemon once watched the descriptor it had closed, and poll woke it at once, for ever.
        let busy = try cpuMilliseconds(of: fixture.daemon.process.pid, over: 1)
        #expect(busy < 300, "the daemon used \(busy) ms of CPU in the second after the call")
        _ = try fixture.client.call("Ping", interface: "org.freedesktop.DBus.Peer")
    }

    @Test("timepickerctl pick < $(tty): the client lends the terminal read-write, and the pick works")
    func clientWithReadOnlyStdin() throws {
        let fixture = try ClientHarness.headlessFixture()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let client = try ClientOnTerminal(["pick", "--title", "Read-only stdin"], on: fixture.bus, screen: screen, stdinPath: try screen.path)
        try screen.waitForScreen(containing: "Read-only stdin")
        screen.type("j\r")
        #expect(try client.waitForExit() == .exited(0), "terminal: \(client.terminalText)")
        #expect(client.stdout == "02:00 03:00\n")
        #expect(screen.isCooked)
    }

    @Test("A /dev/tty descriptor is refused with what to pass instead")
    func devTTYRefused() throws {
        let fixture = try ClientHarness.headlessFixture()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        // A caller in a session whose controlling terminal is the screen passes its stdin,
        // /dev/tty (busctl cannot send descriptors; python3-dbus, dbusmock's own library, can).
        let output = fixture.bus.directory.appendingPathComponent("devtty-caller.out")
        let outputDescriptor = try openForChild(output.path, write: true)
        defer { close(outputDescriptor) }
        let script = """
            import dbus, sys
            bus = dbus.bus.BusConnection(sys.argv[1])
            manager = bus.get_object("io.github.timepickerd.TimePicker1", "/io/github/timepickerd/TimePicker1")
            try:
                manager.ShowTimePicker({"terminal": dbus.types.UnixFd(0)}, dbus_interface="io.github.timepickerd.TimePicker1")
            except dbus.exceptions.DBusException as error:
                print(error.get_dbus_name(), error.get_dbus_message())
                sys.exit(1)
            """
        let caller = try ChildProcess(
            "/usr/bin/python3", ["-c", script, fixture.bus.address],
            environment: fixture.bus.environment, stdin: screen.terminal, stdout: outputDescriptor, stderr: outputDescriptor,
            controllingTerminal: try screen.path, stdinPath: "/dev/tty")
        #expect(try caller.waitForExit() == .exited(1))
        let said = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        #expect(said.contains(Self.invalidArgs) && said.contains("/dev/tty") && said.contains("/dev/pts/"), "the caller said: \(said)")
        #expect(!screen.currentScreen.contains("Select start and end time"))
    }

    @Test("A pseudo-terminal's controlling side is refused")
    func controllerRefused() throws {
        let fixture = try ClientHarness.headlessFixture()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let error = dbusError { _ = try fixture.client.showTimePicker(["terminal": .unixFD(screen.controller)]) }
        #expect(error?.name.rawValue == Self.invalidArgs)
        #expect(error?.message.contains("controlling (master) side") == true, "message: \(error?.message ?? "")")
    }

    @Test("timepickerctl pick < /dev/tty draws on the client's terminal, not on the daemon's")
    func devTTYStdinGoesToTheCallersTerminal() throws {
        let fixture = try Fixture()
        let daemonScreen = try fixture.screen
        let callerScreen = try PseudoTerminal()
        defer { callerScreen.close() }
        let client = try ClientOnTerminal(
            ["pick", "--title", "On the caller's screen"], on: fixture.bus, screen: callerScreen, asSessionLeader: true, stdinPath: "/dev/tty")
        try callerScreen.waitForScreen(containing: "On the caller's screen")
        #expect(!String(decoding: daemonScreen.rawOutput, as: UTF8.self).contains("On the caller's screen"))
        callerScreen.type("\r")
        #expect(try client.waitForExit() == .exited(0), "terminal: \(client.terminalText)")
        #expect(client.stdout == "01:00 02:00\n")
    }

    @Test("Two callers' /dev/tty on two terminals: each picker on its own terminal, each answered by its own keys")
    func twoDevTTYCallers() throws {
        let fixture = try ClientHarness.headlessFixture()
        let first = try PseudoTerminal()
        let second = try PseudoTerminal()
        defer { first.close(); second.close() }
        let one = try ClientOnTerminal(["pick", "--title", "First"], on: fixture.bus, screen: first, asSessionLeader: true, stdinPath: "/dev/tty")
        let two = try ClientOnTerminal(["pick", "--title", "Second"], on: fixture.bus, screen: second, asSessionLeader: true, stdinPath: "/dev/tty")
        try first.waitForScreen(containing: "First")
        try second.waitForScreen(containing: "Second")
        second.type("j\r")
        #expect(try two.waitForExit() == .exited(0), "terminal: \(two.terminalText)")
        #expect(two.stdout == "02:00 03:00\n")
        #expect(one.process.isRunning, "the first picker is still waiting for its own person")
        first.type("q")
        #expect(try one.waitForExit() == .exited(1))
    }

    @Test("A background job waits for the foreground and never takes the shell's keys")
    func backgroundJob() throws {
        let fixture = try ClientHarness.headlessFixture()
        let screen = try PseudoTerminal(columns: 100, rows: 30)
        defer { screen.close() }
        let shell = try ShellOnTerminal(on: fixture.bus, terminal: screen)
        try screen.waitForText("prompt$ ")
        screen.type("timepickerctl pick --title Backgrounded &\r")
        try screen.waitForText("waiting for the terminal: this job is in the background")
        // The shell has the terminal: what the person types is the shell's.
        screen.type("echo typed-for-the-shell\r")
        try screen.waitForText("\ntyped-for-the-shell")
        #expect(fixture.client.receivedSignals("Selected").isEmpty)
        #expect(!screen.allText.contains("Selected: 01:00"), "no picker is drawn while the job is in the background")
        screen.type("fg\r")
        try screen.waitForScreen(containing: "Selected: 01:00 – 02:00")
        screen.type("\r")
        try screen.waitForText("01:00 02:00")
        screen.type("exit\r")
        #expect(try shell.process.waitForExit() == .exited(0))
    }

    @Test("A terminal that stops taking output is used again once it drains: only the latest frame waits")
    func stalledTerminalRecovers() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        try warmUp(fixture)
        let residentBefore = try FuzzRun.residentKiB(of: fixture.daemon.process.pid)
        screen.pauseDraining()
        // Pipelined, as fast as the bus takes them: far more frames than the terminal holds.
        let sessions = 3000
        var serials: [UInt32] = []
        for index in 0..<sessions {
            let token = "stall\(index)"
            serials.append(try fixture.client.startCall("ShowTimePicker", [.vardict(["handle_token": .string(token)])]))
            let path = try #require(ObjectPath("/io/github/timepickerd/TimePicker1/session/\(fixture.client.senderElement)/\(token)"))
            serials.append(try fixture.client.startCall("Cancel", path: path, interface: BusClient.sessionInterface))
        }
        for serial in serials {
            let reply = try fixture.client.waitForReply(to: serial, seconds: 30)
            #expect(reply.kind == .methodReturn, "a call failed: \(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? "")")
        }
        try waitUntil("the daemon to say the terminal is not taking output") { fixture.daemon.log.contains("not taking output") }
        screen.resumeDraining()
        let pick = try fixture.client.startCall("PickTimeRange", [.vardict(["title": .string("After the stall")])])
        try screen.waitForScreen(containing: "After the stall", seconds: 20)
        screen.type("\r")
        let reply = try fixture.client.waitForReply(to: pick, seconds: 20)
        #expect(reply.kind == .methodReturn, "the pick failed: \(reply.errorMessage ?? "")")
        try waitUntil("the terminal back in line mode") { screen.isCooked }
        // The screen is put back: the last word on the terminal leaves the alternate screen.
        try waitUntil("the alternate screen left") {
            let output = String(decoding: screen.rawOutput, as: UTF8.self)
            guard let leave = output.range(of: PickerScreen.leave, options: .backwards) else { return false }
            return output.range(of: PickerScreen.enter, options: .backwards).map { $0.lowerBound < leave.lowerBound } ?? true
        }
        #expect(fixture.daemon.log.contains("takes output again"))
        let residentAfter = try FuzzRun.residentKiB(of: fixture.daemon.process.pid)
        if SanitizerBuild.measuresFigures {
            #expect(residentAfter - residentBefore < 2048, "resident memory grew from \(residentBefore) KiB to \(residentAfter) KiB")
        }
    }

    /// A few sessions, so that what the daemon allocates on first use exists before memory is read.
    private func warmUp(_ fixture: Fixture) throws {
        for _ in 0..<20 {
            let handle = try fixture.client.showTimePicker()
            _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
        }
    }
}

/// The sequences that put a picker's screen up and take it down.
enum PickerScreen {
    static let enter = "\u{1B}[?1049h"
    static let leave = "\u{1B}[?1049l"
}
