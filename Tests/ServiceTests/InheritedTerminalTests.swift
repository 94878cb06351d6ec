import Foundation
import Glibc
import TestHarness
import Testing

/// A daemon that inherits a terminal it was not started to draw on (the bus of the person's shell
/// started it, or it was put in the background) lets go of it, so a client lending that very
/// terminal gets its picker and its keys there, as under any other bus.
@Suite("A terminal the daemon inherits")
struct InheritedTerminalTests {
    /// An interactive bash on a terminal of its own, the bus's session bus, showing its prompt.
    private static func shellAtItsPrompt(on bus: PrivateBus) throws -> (PseudoTerminal, TerminalScreen, ShellOnTerminal) {
        let pty = try PseudoTerminal(columns: 100, rows: 30)
        let screen = TerminalScreen(pty, columns: 100, rows: 30)
        let shell = try ShellOnTerminal(on: bus, terminal: pty)
        try screen.waitFor("prompt$")
        return (pty, screen, shell)
    }

    @Test("Under dbus-run-session, the daemon the bus starts shows the client's picker on the shell's terminal and takes its keys")
    func underDBusRunSession() throws {
        // The bus of the person's shell: dbus-run-session starts its dbus-daemon in the shell's
        // session, so what it activates inherits the shell's controlling terminal.
        let bus = try ClientHarness.activatingBus()
        let configuration = bus.directory.appendingPathComponent("run-session.conf")
        try PrivateBus.configuration(
            socket: bus.directory.appendingPathComponent("run-session-socket").path, serviceDirectory: bus.serviceDirectory.path
        ).write(to: configuration, atomically: true, encoding: .utf8)
        let (pty, screen, shell) = try Self.shellAtItsPrompt(on: bus)
        defer { pty.close() }
        shell.run("dbus-run-session --config-file=\(configuration.path) -- timepickerctl pick --title Meeting 2>&1; echo rc=$?")
        try screen.waitFor("Enter OK")
        pty.type("j")
        try screen.waitFor("Selected: 02:00 – 03:00")
        pty.type("\r")
        let after = try screen.waitFor("the client's exit status") { $0.range(of: "\nrc=[0-9]", options: .regularExpression) != nil }
        let lines = after.split(separator: "\n")
        #expect(lines.contains("02:00 03:00") && lines.contains("rc=0"), "screen:\n\(after)")
        #expect(!after.contains("the terminal is gone"), "screen:\n\(after)")
        // The daemon's log goes to this terminal too: a line when it starts, none for each picker.
        #expect(!after.contains("PickTimeRange from"), "screen:\n\(after)")
    }

    @Test("A daemon started in the background of a shell gives the terminal up: a pick in the foreground of that shell works there")
    func daemonInTheBackground() throws {
        let bus = try PrivateBus()
        let (pty, screen, shell) = try Self.shellAtItsPrompt(on: bus)
        defer { pty.close() }
        // Its own job, in the background; without a dialog backend, notifications are its own
        // user interface, and its log says it left the terminal.
        shell.run("\(DaemonProcess.binary) --verbose 2>\(bus.directory.path)/daemon.log &")
        let log = bus.directory.appendingPathComponent("daemon.log")
        try waitUntil("the daemon to serve") {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("serving io.github.timepickerd.TimePicker1")
        }
        let logged = try String(contentsOf: log, encoding: .utf8)
        #expect(logged.contains("gave up the controlling terminal it inherited"), "log:\n\(logged)")
        #expect(logged.contains("with the notification user interface"), "log:\n\(logged)")
        shell.run("timepickerctl pick --title Meeting; echo rc=$?")
        try screen.waitFor("Enter OK")
        pty.type("j\r")
        let after = try screen.waitFor("the client's exit status") { $0.range(of: "\nrc=[0-9]", options: .regularExpression) != nil }
        #expect(after.contains("02:00 03:00\nrc=0"), "screen:\n\(after)")
        // SIGTERM ends it as always: status 0.
        shell.run("kill %1; wait %1; echo stopped=$?")
        #expect(try screen.waitFor("stopped=0").contains("stopped=0"))
    }
}
