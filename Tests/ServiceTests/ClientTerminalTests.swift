import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// `timepickerctl pick` on its own terminal: it passes its stdin to the daemon as the
/// `terminal` option, the picker draws there, and the client puts the terminal back whatever
/// happens. The daemon has no terminal of its own, so the picker can appear nowhere else.
@Suite("timepickerctl pick: in the caller's terminal")
struct ClientTerminalTests {
    @Test("A full pick in the client's terminal: keys in, screen out, START END on stdout, line mode after")
    func pick() throws {
        let fixture = try ClientHarness.headlessFixture()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let client = try ClientOnTerminal(["pick", "--title", "Team meeting", "--clock", "24h"], on: fixture.bus, screen: screen)
        try screen.waitForScreen(containing: "Team meeting")
        try screen.waitForScreen(containing: "Selected: 01:00 – 02:00")
        #expect(!screen.isCooked, "the terminal is in raw mode while the picker shows")
        screen.type("jjj")
        try screen.waitForScreen(containing: "Selected: 04:00 – 05:00")
        screen.type(Keys.tab + Keys.pageDown + Keys.enter)
        #expect(try client.waitForExit() == .exited(0), "terminal: \(client.terminalText)")
        #expect(client.stdout == "04:00 06:00\n")
        #expect(screen.isCooked)
        #expect(try fixture.client.waitForOutcome(ofClient: client.process.pid).strings == ["04:00", "06:00"])
    }

    @Test("q cancels: exit 1 saying so, terminal in line mode")
    func cancel() throws {
        let fixture = try ClientHarness.headlessFixture()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let client = try ClientOnTerminal(["pick"], on: fixture.bus, screen: screen)
        try screen.waitForScreen(containing: "Select start and end time")
        screen.type("q")
        #expect(try client.waitForExit() == .exited(1), "terminal: \(client.terminalText)")
        #expect(client.stdout.isEmpty)
        try waitUntil("the client's reason on the terminal") { client.terminalText.hasSuffix("timepickerctl: cancelled\n") }
        #expect(screen.isCooked)
    }

    @Test("--timeout 1: exit 5, terminal in line mode")
    func timeout() throws {
        let fixture = try ClientHarness.headlessFixture()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let client = try ClientOnTerminal(["pick", "--timeout", "1"], on: fixture.bus, screen: screen)
        try screen.waitForScreen(containing: "Select start and end time")
        #expect(try client.waitForExit(seconds: 15) == .exited(5), "terminal: \(client.terminalText)")
        #expect(screen.isCooked)
    }

    @Test("--json and --step 30 in the client's terminal")
    func jsonAndStep() throws {
        let fixture = try ClientHarness.headlessFixture()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let client = try ClientOnTerminal(["pick", "--json", "--step", "30", "--clock", "12h"], on: fixture.bus, screen: screen)
        try screen.waitForScreen(containing: "1:30")
        screen.type("j")
        let changed = try fixture.client.waitForMessage(seconds: 10, "PropertiesChanged of the client's session") {
            $0.member == "PropertiesChanged" && ($0.path?.rawValue.contains("/timepickerctl_\(client.process.pid)_") ?? false)
        }
        let path = try #require(changed.path)
        #expect(try fixture.client.property("Title", path: path, interface: BusClient.sessionInterface) == .string("Select start and end time"))
        screen.type(Keys.enter)
        #expect(try client.waitForExit() == .exited(0), "terminal: \(client.terminalText)")
        #expect(client.stdout == "{\"start\":\"01:30\",\"end\":\"02:00\",\"next_day\":false,\"duration\":1800}\n")
    }

    @Test("The daemon killed mid-pick: exit 2, and the client puts its terminal back")
    func daemonKilled() throws {
        let fixture = try ClientHarness.headlessFixture()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let client = try ClientOnTerminal(["pick"], on: fixture.bus, screen: screen)
        try screen.waitForScreen(containing: "Select start and end time")
        #expect(!screen.isCooked)
        fixture.daemon.send(SIGKILL)
        #expect(try client.waitForExit() == .exited(2))
        #expect(screen.isCooked, "the client restored line mode")
        // What the client wrote last reaches the test's reader of the terminal a moment later.
        try screen.waitForText("timepickerctl: the time picker service stopped")
        // The picker was taken down by the client: erased from its top-left corner, where the
        // daemon left the cursor, and the cursor shown; the line's rest erased after the reason.
        let written = String(decoding: screen.rawOutput, as: UTF8.self)
        #expect(written.hasSuffix("\u{1B}[0m\u{1B}[J\u{1B}[?25htimepickerctl: the time picker service stopped\u{1B}[K\r\n"))
    }

    @Test("Ctrl-C (SIGINT) mid-pick: the session ends with 'caller', exit 1, terminal restored")
    func interrupted() throws {
        let fixture = try ClientHarness.headlessFixture()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let client = try ClientOnTerminal(["pick"], on: fixture.bus, screen: screen)
        try screen.waitForScreen(containing: "Select start and end time")
        client.process.send(SIGINT)
        #expect(try client.waitForExit() == .exited(1))
        #expect(try fixture.client.waitForOutcome(ofClient: client.process.pid).strings == ["caller"])
        #expect(screen.isCooked)
        #expect(client.stdout.isEmpty)
    }

    @Test("Two clients, each in its own terminal, pick different ranges at once")
    func twoClients() throws {
        let fixture = try ClientHarness.headlessFixture()
        let firstScreen = try PseudoTerminal()
        let secondScreen = try PseudoTerminal()
        defer {
            firstScreen.close()
            secondScreen.close()
        }
        let first = try ClientOnTerminal(["pick", "--title", "First"], on: fixture.bus, screen: firstScreen)
        let second = try ClientOnTerminal(["pick", "--title", "Second"], on: fixture.bus, screen: secondScreen)
        try firstScreen.waitForScreen(containing: "First")
        try secondScreen.waitForScreen(containing: "Second")
        #expect(!firstScreen.currentScreen.contains("more picker"), "each terminal shows its own picker, none waits")
        secondScreen.type("jj" + Keys.enter)
        #expect(try second.waitForExit() == .exited(0), "terminal: \(second.terminalText)")
        firstScreen.type(Keys.tab + "jj" + Keys.enter)
        #expect(try first.waitForExit() == .exited(0), "terminal: \(first.terminalText)")
        #expect(first.stdout == "01:00 04:00\n")
        #expect(second.stdout == "03:00 04:00\n")
        #expect(firstScreen.isCooked && secondScreen.isCooked)
    }

    @Test("D-Bus activation, then the picker in the client's terminal")
    func activationWithTerminal() throws {
        let bus = try ClientHarness.activatingBus()
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let client = try ClientOnTerminal(["pick", "--title", "Activated"], on: bus, screen: screen)
        try screen.waitForScreen(containing: "Activated")
        screen.type(Keys.enter)
        #expect(try client.waitForExit() == .exited(0), "terminal: \(client.terminalText)")
        #expect(client.stdout == "01:00 02:00\n")
    }

    @Test("A descriptor that is not a terminal is refused with InvalidArgs naming 'terminal'")
    func nonTerminalRefused() throws {
        let fixture = try ClientHarness.headlessFixture()
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let error = dbusError { _ = try fixture.client.showTimePicker(["terminal": .unixFD(ends[0])]) }
        #expect(error?.name == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(error?.message.contains("'terminal'") == true, "message: \(error?.message ?? "")")
        #expect(error?.message.contains("unknown option") == false, "the daemon knows the option: \(error?.message ?? "")")
    }

    @Test("The daemon keeps no descriptor after many terminal sessions")
    func noDescriptorLeak() throws {
        let fixture = try ClientHarness.headlessFixture()
        let daemon = fixture.daemon.process.pid
        let screen = try PseudoTerminal()
        defer { screen.close() }
        var countWhileShown = 0
        /// One session on `screen`, ended by Cancel() or by the person.
        func session(_ number: Int) throws {
            let title = "Session \(number)"
            let handle = try fixture.client.showTimePicker(["title": .string(title), "terminal": .unixFD(screen.terminal)])
            try screen.waitForScreen(containing: title)
            countWhileShown = try openDescriptorCount(of: daemon)
            if number.isMultiple(of: 2) {
                _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
            } else {
                screen.type("q")
            }
            _ = try fixture.client.waitForMessage(seconds: 10, "the end of \(title)") {
                $0.kind == .signal && $0.member == "Cancelled" && $0.path == handle
            }
        }
        // One first, so whatever the daemon opens once (and keeps) is in the baseline.
        try session(0)
        try waitUntil("the terminal back in line mode") { screen.isCooked }
        let baseline = try openDescriptorCount(of: daemon)
        for number in 1...30 { try session(number) }
        #expect(countWhileShown > baseline, "the count sees the terminal the daemon holds while a picker shows")
        // Two real clients as well, cancelled both ways.
        let client = try ClientOnTerminal(["pick", "--title", "Client"], on: fixture.bus, screen: screen)
        try screen.waitForScreen(containing: "Client")
        client.process.send(SIGINT)
        #expect(try client.waitForExit() == .exited(1))
        try waitUntil("the daemon to close the terminals it was given") { try openDescriptorCount(of: daemon) <= baseline }
        #expect(try openDescriptorCount(of: daemon) == baseline)
    }

    @Test("A service that does not know the terminal option (an older daemon): exit 2 saying so; nothing drawn, nothing undone")
    func olderService() throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let client = try ClientOnTerminal(["pick"], on: bus, screen: screen)
        let (call, options) = try service.nextPick()
        #expect(options["terminal"]?.signature == "h", "the client passes its terminal")
        try service.answer(call, error: "org.freedesktop.DBus.Error.InvalidArgs", "option 'terminal': unknown option; known options are 'title'")
        #expect(try client.waitForExit() == .exited(2))
        try screen.waitForText(
            "timepickerctl: the time picker service cannot show pickers in the caller's terminal (it is older than this client); use --no-terminal")
        #expect(!String(decoding: screen.rawOutput, as: UTF8.self).contains("\u{1B}[J"), "no picker to take down")
        #expect(screen.isCooked)
    }

    @Test("--no-terminal keeps the terminal to itself even when stdin is one")
    func noTerminalOption() throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let client = try ClientOnTerminal(["pick", "--no-terminal"], on: bus, screen: screen)
        let (call, options) = try service.nextPick()
        #expect(options["terminal"] == nil)
        try service.answer(call, error: "io.github.timepickerd.TimePicker1.Error.LimitsExceeded", "too many sessions: at most 16 per caller")
        #expect(try client.waitForExit() == .exited(2))
        // Awaited, not read at once: the kernel may pass a child's last bytes on to the
        // terminal's other side after the child has exited (one run read nothing yet).
        try screen.waitForText("timepickerctl: too many sessions: at most 16 per caller")
    }
}
