import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// The picker in the caller's terminal as a person sees it (issue 10): read back through a
/// terminal emulator, on pseudo-terminals of several sizes with real resizes, with wide text,
/// two clients on one terminal, and a shell whose client is killed.
@Suite("timepickerctl pick: the picker in the caller's terminal, as seen")
struct CallerTerminalPickerTests {
    /// Every row of the screen leaves the last column free: no line of the picker is too long.
    static func expectNoLineTooLong(_ screen: TerminalScreen, sourceLocation: SourceLocation = #_sourceLocation) {
        let columns = screen.size.columns
        for line in screen.lines {
            #expect(ScreenEmulator.columns(of: line) <= columns - 1, "a line of \(columns) columns: \(line)", sourceLocation: sourceLocation)
        }
    }

    @Test("Inline below what the shell printed, not on the alternate screen; erased when done, the cursor where it was")
    func inlineAndErased() throws {
        let caller = try CallerTerminal()
        let (pty, screen) = (caller.pty, caller.screen)
        // What the shell printed before the pick.
        try caller.printed("earlier output\nmore output\n")
        let client = try caller.client(["pick", "--title", "Inline", "--clock", "24h"])
        try screen.waitFor("Selected: 01:00 – 02:00 · 1 h")
        #expect(!screen.onAlternateScreen)
        #expect(Array(screen.lines.prefix(6)) == [
            "earlier output", "more output", "Selected: 01:00 – 02:00 · 1 h · Start column", "Inline", "Asked by “timepickerctl”, as the program calls itself",
            "    Start      End",
        ])
        #expect(screen.cursor == (2, 0), "the cursor waits at the picker's top-left corner, the selection's line")
        #expect(!screen.text.contains("Closes in"), "no countdown without a timeout")
        Self.expectNoLineTooLong(screen)
        pty.type("j\r")
        #expect(try client.waitForExit() == .exited(0), "terminal: \(client.terminalText)")
        #expect(client.stdout == "02:00 03:00\n")
        try screen.waitFor("the picker erased") { $0 == "earlier output\nmore output" }
        #expect(screen.cursor == (2, 0), "the cursor is back where the shell left it")
        #expect(pty.isCooked)
    }

    @Test("A line the shell left unfinished stays; the picker starts on the next one")
    func unfinishedLine() throws {
        let caller = try CallerTerminal()
        let (pty, screen) = (caller.pty, caller.screen)
        try caller.printed("Pick a time: ")
        let client = try caller.client(["pick", "--title", "Unfinished"])
        try screen.waitFor("Enter OK")
        #expect(Array(screen.lines.prefix(3)) == ["Pick a time:", "Selected: 01:00 – 02:00 · 1 h · Start column", "Unfinished"])
        pty.type("q")
        #expect(try client.waitForExit() == .exited(1))
        try screen.waitFor("the picker erased, the line kept") { $0.hasPrefix("Pick a time:\ntimepickerctl: cancelled") }
    }

    @Test("Resized in the caller's terminal (TIOCSWINSZ): redrawn at each size, nothing left of the frame before")
    func resized() throws {
        let caller = try CallerTerminal()
        let (pty, screen) = (caller.pty, caller.screen)
        let client = try caller.client(["pick", "--clock", "24h"])
        try screen.waitFor("PgUp/PgDn hour")

        try screen.resize(columns: 30, rows: 10)
        let narrow = try screen.waitFor("the picker redrawn for 30x10") {
            $0.contains("Select start and end time") && $0.contains("Start") && $0.contains("▶ 01:00") && !$0.contains("PgUp")
                && $0.contains("Enter OK")
        }
        // 30 columns: the range, its length and what fits of the focused column (issue 39).
        #expect(narrow.hasPrefix("01:00 – 02:00 · 1 h · Start …\nSelect start and end time\n"), "screen:\n\(narrow)")
        #expect(screen.lines.filter { !$0.isEmpty }.count <= 10)
        Self.expectNoLineTooLong(screen)

        try screen.resize(columns: 20, rows: 5)
        let compact = try screen.waitFor("the compact picker at 20x5") { $0.contains("▶ Start") && $0.contains("Enter OK Esc cancel") }
        #expect(compact.contains("End   02:00") && compact.contains("1 h"), "screen:\n\(compact)")
        Self.expectNoLineTooLong(screen)

        try screen.resize(columns: 15, rows: 5)
        try screen.waitFor("'too small' at 15x5") { $0.contains("too small") && !$0.contains("Start") }

        try screen.resize(columns: 80, rows: 24)
        try screen.waitFor("the whole picker back at 80x24") { $0.contains("PgUp/PgDn hour") && !$0.contains("too small") }
        Self.expectNoLineTooLong(screen)
        pty.type("j\r")
        #expect(try client.waitForExit() == .exited(0), "terminal: \(client.terminalText)")
        #expect(client.stdout == "02:00 03:00\n")
    }

    @Test("A CJK, emoji and combining title is clipped by columns with '…' and never pushes the picker off the screen",
          arguments: [(40, 24), (30, 10), (80, 24)] as [(Int, Int)])
    func wideTitle(columns: Int, rows: Int) throws {
        let caller = try CallerTerminal(columns: columns, rows: rows)
        let (pty, screen) = (caller.pty, caller.screen)
        let title = "会議の時間を選んでください 🎉🎉 Café\u{301} שלום 👩\u{200D}💻 and a long tail that cannot fit on one line of eighty"
        let client = try caller.client(["pick", "--title", title])
        let shown = try screen.waitFor("Enter OK")
        let lines = screen.lines
        // On a narrow line "Selected:" gives way to the focused column (issue 39): the range first.
        #expect(lines.first?.contains(" – ") == true && lines.first?.contains("Start") == true, "the selection first:\n\(shown)")
        let titleLine = try #require(lines.dropFirst().first)
        #expect(titleLine.hasSuffix("…"), "the title line: \(titleLine)")
        #expect(titleLine.hasPrefix("会議の時間を"), "the title's start is shown: \(titleLine)")
        #expect(lines.dropFirst(2).first?.hasPrefix("Asked by “timepickerctl”") == true, "who asked under the title:\n\(shown)")
        #expect(lines.dropFirst(3).first?.contains("Start") == true, "the title takes one line:\n\(shown)")
        #expect(shown.contains("▶"))
        Self.expectNoLineTooLong(screen)
        pty.type("q")
        #expect(try client.waitForExit() == .exited(1))
    }

    @Test("Small terminals: both selections, the focus, Enter and Esc, down to 20x5", arguments: [(20, 5), (24, 6), (30, 7), (40, 9)] as [(Int, Int)])
    func smallTerminals(columns: Int, rows: Int) throws {
        let caller = try CallerTerminal(columns: columns, rows: rows)
        let (pty, screen) = (caller.pty, caller.screen)
        let client = try caller.client(["pick", "--clock", "12h", "--start", "9am", "--end", "5pm"])
        let shown = try screen.waitFor("Enter OK")
        #expect(shown.contains("9:00 AM") && shown.contains("5:00 PM") && shown.contains("Esc"), "screen:\n\(shown)")
        #expect(screen.lines.first { $0.contains("▶") }?.contains("9:00 AM") == true, "the focus on the start:\n\(shown)")
        Self.expectNoLineTooLong(screen)
        pty.type("\t")
        try screen.waitFor("the focus on the end") { text in text.split(separator: "\n").first { $0.contains("▶") }?.contains("5:00 PM") == true }
        pty.type("j\r")
        #expect(try client.waitForExit() == .exited(0), "terminal: \(client.terminalText)")
        #expect(client.stdout == "09:00 18:00\n")
    }

    @Test("--timeout: a countdown the person sees, then 'timed out after N s' and exit 5")
    func countdown() throws {
        let caller = try CallerTerminal()
        let screen = caller.screen
        let client = try caller.client(["pick", "--timeout", "3"])
        try screen.waitFor("Closes in 0:02")
        try screen.waitFor("Closes in 0:01")
        #expect(try client.waitForExit(seconds: 15) == .exited(5))
        try screen.waitFor("only the client's reason left") { $0 == "timepickerctl: timed out after 3 s" }
    }

    @Test("Two clients on one terminal take turns, the first to ask first; the one shown names the one waiting")
    func takingTurns() throws {
        let caller = try CallerTerminal()
        let (pty, screen) = (caller.pty, caller.screen)
        let first = try caller.client(["pick", "--title", "First"])
        try screen.waitFor("Selected:")
        let second = try caller.client(["pick", "--title", "Second"])
        let both = try screen.waitFor("1 more picker waiting: Second")
        #expect(both.hasPrefix("Selected: 01:00 – 02:00 · 1 h · Start column\nFirst\n"), "the first picker is the one shown:\n\(both)")
        #expect(both.components(separatedBy: "Selected:").count == 2, "one picker drawn:\n\(both)")
        pty.type("j\r")
        #expect(try first.waitForExit() == .exited(0), "terminal: \(first.terminalText)")
        #expect(first.stdout == "02:00 03:00\n")
        let next = try screen.waitFor("the second picker") { $0.hasPrefix("Selected: ") && $0.contains(" · 1 h · Start column\nSecond\n") && !$0.contains("waiting") }
        #expect(next.contains("Selected: 1:00 AM – 2:00 AM") || next.contains("Selected: 01:00 – 02:00"), "screen:\n\(next)")
        #expect(second.process.isRunning)
        pty.type("q")
        #expect(try second.waitForExit() == .exited(1))
        #expect(second.stdout.isEmpty)
        try screen.waitFor("timepickerctl: cancelled")
    }

    @Test("Taking turns with stdout on the terminal: the next picker moves below what the first client printed")
    func takingTurnsPrinting() throws {
        let caller = try CallerTerminal()
        let (pty, screen) = (caller.pty, caller.screen)
        /// A client printing its range on the terminal too, as in a plain `timepickerctl pick`.
        func client(_ title: String) throws -> ChildProcess {
            try ChildProcess(
                ClientHarness.binary, ["pick", "--title", title, "--clock", "24h"], environment: caller.fixture.bus.environment,
                stdin: pty.terminal, stdout: pty.terminal, stderr: pty.terminal)
        }
        let first = try client("First")
        try screen.waitFor("Enter OK")
        let second = try client("Second")
        try screen.waitFor("1 more picker waiting: Second")
        pty.type("\r")
        #expect(try first.waitForExit() == .exited(0))
        try screen.waitFor("the second picker below the first's range") { $0.hasPrefix("01:00 02:00\nSelected: 01:00 – 02:00 · 1 h · Start column\nSecond\nAsked by “timepickerctl”, as the program calls itself\n    Start") }
        pty.type("q")
        #expect(try second.waitForExit() == .exited(1))
        try screen.waitFor("the range and the reason, nothing else") { $0 == "01:00 02:00\ntimepickerctl: cancelled" }
    }

    @Test("The client SIGKILLed under a shell: the picker withdrawn, the session ended 'caller', the shell's next lines stay")
    func clientKilledUnderShell() throws {
        let caller = try CallerTerminal()
        let (pty, screen) = (caller.pty, caller.screen)
        let shell = try ShellOnTerminal(on: caller.fixture.bus, terminal: pty)
        try screen.waitFor("prompt$")
        shell.run("timepickerctl pick --title 'Doomed picker with a long title'; echo rc=$?")
        try screen.waitFor("Enter OK")
        let client = try shell.child(named: "timepickerctl")
        let killed = Date()
        kill(client, SIGKILL)
        #expect(try caller.fixture.client.waitForOutcome(ofClient: client).strings == ["caller"])
        let after = try screen.waitFor("rc=137 and a prompt, the picker gone") { text in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard let rc = lines.firstIndex(where: { $0.hasPrefix("rc=137") }) else { return false }
            return rc + 1 < lines.count && lines[rc + 1].hasPrefix("prompt$")
                && !text.contains("Enter OK") && !text.contains("Selected:")
        }
        let seconds = Date().timeIntervalSince(killed)
        #expect(seconds < 5, "the picker was withdrawn \(seconds) s after the kill")
        // The shell goes on, and what it printed stays.
        shell.run("echo still-here")
        let later = try screen.waitFor("\nstill-here")
        #expect(later.contains("rc=137"), "screen:\n\(later)")
        #expect(later.hasPrefix(after.components(separatedBy: "\n").first ?? ""), "screen:\n\(later)")
    }
}
