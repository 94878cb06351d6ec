import Foundation
import Glibc
import TestHarness
import Testing

/// `timepickerctl pick` where there is no session bus at all (over SSH, in a container): the
/// client shows the same picker on its terminal itself, with the same keys, output and exit
/// statuses, and says nothing about the bus unless asked.
@Suite("timepickerctl pick without a session bus")
final class ClientWithoutBusTests {
    /// Holds the empty runtime directory and the client's stdout.
    private let directory: URL
    /// A session with no bus: no address, an empty runtime directory (no `bus` socket in it),
    /// no display for libdbus to autolaunch a bus on.
    private let environment: [String: String]

    init() throws {
        directory = try makeTemporaryDirectory(prefix: "nobus")
        var environment = ProcessInfo.processInfo.environment
        for name in ["DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY", "JOURNAL_STREAM"] {
            environment.removeValue(forKey: name)
        }
        environment["XDG_RUNTIME_DIR"] = directory.path
        environment["TERM"] = "xterm"
        self.environment = environment
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The client on a fresh terminal whose session it leads, as in a terminal window.
    private func client(_ arguments: [String], screen: PseudoTerminal) throws -> ClientOnTerminal {
        try ClientOnTerminal(["pick"] + arguments, environment: environment, directory: directory, screen: screen, asSessionLeader: true)
    }

    @Test("The picker on the client's terminal: keys move it, Enter prints the range, exit 0, not a word about the bus")
    func picksWithoutBus() throws {
        let pty = try PseudoTerminal(columns: 80, rows: 24)
        defer { pty.close() }
        let screen = TerminalScreen(pty)
        let client = try client(["--title", "Provisioning", "--step", "30"], screen: pty)
        try screen.waitFor("Enter OK")
        #expect(Array(screen.lines.prefix(2)) == ["Selected: 01:00 – 01:30 · 30 min · Start column", "Provisioning"])
        #expect(screen.cursor == (0, 0), "the cursor waits on the selection's line")
        pty.type("j")
        try screen.waitFor("Selected: 01:30 – 02:00 · 30 min")
        // Typed times end after the same pause as in the service: 5p is 17:00.
        pty.type("\t5p")
        try screen.waitFor("Selected: 01:30 – 17:00")
        pty.type("\r")
        #expect(try client.waitForExit() == .exited(0), "screen:\n\(screen.text)")
        #expect(client.stdout == "01:30 17:00\n")
        #expect(!client.terminalText.contains("timepickerctl:"), "terminal:\n\(client.terminalText)")
        try screen.waitFor("the picker to be erased") { !$0.contains("Enter OK") }
        #expect(pty.isCooked)
    }

    @Test("Esc, Ctrl-C and the timeout end it with the statuses and lines of a pick through the service", arguments: [
        ("escape", Int32(1), "timepickerctl: cancelled"),
        ("interrupt", Int32(1), "timepickerctl: interrupted"),
        ("timeout", Int32(5), "timepickerctl: timed out after 1 s"),
    ])
    func endsWithoutChoice(way: String, status: Int32, line: String) throws {
        let pty = try PseudoTerminal(columns: 80, rows: 24)
        defer { pty.close() }
        let screen = TerminalScreen(pty)
        let client = try client(way == "timeout" ? ["--timeout", "1"] : [], screen: pty)
        try screen.waitFor("Enter OK")
        switch way {
        case "escape": pty.type("\u{1B}")
        // Ctrl-C: the terminal sends SIGINT to its foreground job, the client.
        case "interrupt": pty.type("\u{03}")
        default: break
        }
        #expect(try client.waitForExit() == .exited(status), "screen:\n\(screen.text)")
        #expect(client.stdout.isEmpty)
        try screen.waitFor("'\(line)' and the picker erased") { $0.contains(line) && !$0.contains("Enter OK") }
        #expect(pty.isCooked)
    }

    @Test("--timeout-extensions: + gives the whole --timeout again from then in the client's own picker, as through the service")
    func moreTime() throws {
        let pty = try PseudoTerminal(columns: 80, rows: 24)
        defer { pty.close() }
        let screen = TerminalScreen(pty)
        // 2 s, or 6 under a sanitizer, where a frame can take a second to reach the screen.
        let timeout = SanitizerBuild.measuresFigures ? 2 : 6
        let client = try client(["--timeout", "\(timeout)", "--timeout-extensions", "1"], screen: pty)
        try screen.waitFor("+ more time")
        try screen.waitFor("Closes in 0:0\(timeout - 1)")
        let extended = Date()
        pty.type("+")
        try screen.waitFor("the whole timeout again, and no more offered") { $0.contains("Closes in 0:0\(timeout)") && !$0.contains("more time") }
        #expect(try client.waitForExit() == .exited(5), "screen:\n\(screen.text)")
        #expect(Date().timeIntervalSince(extended) >= Double(timeout) - 0.02)
        // The line names how long the person had, not the --timeout alone.
        let said = try screen.waitFor("timed out after ")
        let seconds = said.split(separator: "\n").first { $0.hasPrefix("timepickerctl: timed out after ") }
            .flatMap { Int($0.dropFirst("timepickerctl: timed out after ".count).prefix { $0.isNumber }) }
        #expect(seconds.map { $0 > timeout } == true, "screen:\n\(said)")
    }

    @Test("--verbose says the picker is shown without the service, and why")
    func verboseSaysWhy() throws {
        let pty = try PseudoTerminal(columns: 100, rows: 24)
        defer { pty.close() }
        let screen = TerminalScreen(pty, columns: 100, rows: 24)
        let client = try client(["--verbose"], screen: pty)
        let text = try screen.waitFor("Enter OK")
        #expect(text.contains("timepickerctl: no session bus (cannot connect to the session bus: "), "screen:\n\(text)")
        pty.type("\r")
        #expect(try client.waitForExit() == .exited(0))
        #expect(client.stdout == "01:00 02:00\n")
    }

    @Test("What only the service can do fails with status 2 and the reason, naming the flag", arguments: [
        (["--ui", "dialog"], "timepickerctl: --ui dialog needs the time picker service"),
        (["--ui", "terminal"], "timepickerctl: --ui terminal needs the time picker service"),
        (["--no-terminal"], "timepickerctl: --no-terminal leaves the picker to the time picker service"),
        (["--step", "7"], "timepickerctl: option '--step': must divide 1440 (got 7)"),
    ])
    func refused(arguments: [String], line: String) throws {
        let pty = try PseudoTerminal(columns: 120, rows: 24)
        defer { pty.close() }
        let screen = TerminalScreen(pty, columns: 120, rows: 24)
        let client = try client(arguments, screen: pty)
        #expect(try client.waitForExit() == .exited(2))
        try screen.waitFor(line)
        // One line, however the terminal wraps it.
        let written = client.terminalText.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
        #expect(written.count == 1, "one line: \(written)")
        #expect(client.stdout.isEmpty)
        #expect(pty.isCooked)
    }

    @Test("The night shift in the client's own picker: the same day, zone and formats as through the service", arguments: [
        (["--format", "iso8601"], NightShift.iso), (["--format", "epoch"], NightShift.epoch),
        (["--json"], NightShift.json), ([], "22:00 06:00\n"),
    ] as [([String], String)])
    func nightShiftWithoutBus(extra: [String], expected: String) throws {
        let pty = try PseudoTerminal(columns: 80, rows: 24)
        defer { pty.close() }
        let screen = TerminalScreen(pty)
        let client = try client(
            ["--overnight", "--date", "2026-03-28", "--time-zone", "Europe/Berlin", "--first", "18:00", "--last", "08:00", "--step", "30",
             "--start", "22:00", "--end", "06:00"] + extra, screen: pty)
        try screen.waitFor("Enter OK")
        pty.type("\r")
        #expect(try client.waitForExit() == .exited(0), "screen:\n\(screen.text)")
        #expect(client.stdout == expected)
    }

    @Test("--start now in the client's own picker is the present minute in its TZ")
    func startNowWithoutBus() throws {
        let zone = "Pacific/Kiritimati"
        let pty = try PseudoTerminal(columns: 80, rows: 24)
        defer { pty.close() }
        let screen = TerminalScreen(pty)
        let before = Date()
        var environment = environment
        environment["TZ"] = zone
        let client = try ClientOnTerminal(
            ["pick", "--start", "now", "--first", "00:00", "--step", "1"], environment: environment, directory: directory, screen: pty,
            asSessionLeader: true)
        try screen.waitFor("Enter OK")
        pty.type("\r")
        #expect(try client.waitForExit() == .exited(0), "screen:\n\(screen.text)")
        let earliest = try ClientDatedPickTests.minuteOfDay(in: zone, at: before)
        let latest = try ClientDatedPickTests.minuteOfDay(in: zone, at: Date())
        let start = String(client.stdout.prefix(5))
        #expect((earliest...max(earliest, latest)).map(ClientDatedPickTests.clockText).contains(start), "start \(start)")
    }

    @Test("No bus and no terminal: status 2 and one line saying both")
    func noTerminalEither() throws {
        let result = try CapturedCommand.run(ClientHarness.binary, ["pick"], environment: environment, directory: directory)
        #expect(result.termination == .exited(2))
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("timepickerctl: no terminal to show the picker in (stdin is not one, and there is no controlling terminal), and no time picker service: cannot connect to the session bus: "), "stderr: \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
    }
}
