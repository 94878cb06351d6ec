import Foundation
import Glibc
import TestHarness

/// What a person sees on a pseudo-terminal: the test's `PseudoTerminal` read through a
/// terminal emulator of its size, which follows the resizes the test makes.
final class TerminalScreen {
    let terminal: PseudoTerminal
    private var emulator: ScreenEmulator
    /// How much of the terminal's output the emulator has seen.
    private var consumed = 0

    init(_ terminal: PseudoTerminal, columns: Int = 80, rows: Int = 24) {
        self.terminal = terminal
        emulator = ScreenEmulator(columns: columns, rows: rows)
    }

    /// The screen as text, one line per row, trailing blanks removed.
    var text: String {
        catchUp()
        return emulator.text
    }

    /// The screen's rows, trailing blanks removed.
    var lines: [String] {
        catchUp()
        return emulator.lines
    }

    /// Where the cursor is.
    var cursor: (row: Int, column: Int) {
        catchUp()
        return (emulator.cursorRow, emulator.cursorColumn)
    }

    /// Whether the alternate screen is shown.
    var onAlternateScreen: Bool {
        catchUp()
        return emulator.onAlternateScreen
    }

    var size: (columns: Int, rows: Int) { (emulator.columns, emulator.rows) }

    /// Resizes the terminal as a window manager does: the emulated screen first (what was
    /// written before the resize was laid out at the old size), then the pseudo-terminal
    /// (TIOCSWINSZ, which sends SIGWINCH to its foreground process group).
    func resize(columns: Int, rows: Int) throws {
        catchUp()
        emulator.resize(columns: columns, rows: rows)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(terminal.controller, UInt(TIOCSWINSZ), &size) == 0 else { throw HarnessError("TIOCSWINSZ failed") }
    }

    /// Waits until the screen shows `text`; returns the screen.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 10) throws -> String {
        try waitFor("the screen to show '\(text)'", seconds: seconds) { $0.contains(text) }
    }

    /// Waits until `condition` holds for the screen's text; returns the screen.
    @discardableResult
    func waitFor(_ what: String, seconds: Double = 10, _ condition: (String) -> Bool) throws -> String {
        var seen = ""
        do {
            try waitUntil(what, seconds: seconds) {
                seen = text
                return condition(seen)
            }
        } catch {
            throw HarnessError("\(error); the screen showed:\n\(seen)")
        }
        return seen
    }

    private func catchUp() {
        let output = terminal.rawOutput
        guard output.count > consumed else { return }
        emulator.feed(output[consumed...])
        consumed = output.count
    }
}

/// A caller's terminal and a daemon with no terminal of its own (so a picker can appear only on
/// the caller's), with the screen a person would see on it.
final class CallerTerminal {
    let fixture: Fixture
    let pty: PseudoTerminal
    let screen: TerminalScreen

    init(columns: Int = 80, rows: Int = 24) throws {
        fixture = try ClientHarness.headlessFixture()
        pty = try PseudoTerminal(columns: UInt16(columns), rows: UInt16(rows))
        screen = TerminalScreen(pty, columns: columns, rows: rows)
    }

    deinit { pty.close() }

    /// `timepickerctl` with `arguments`, its stdin and stderr this terminal.
    func client(_ arguments: [String]) throws -> ClientOnTerminal {
        try ClientOnTerminal(arguments, on: fixture.bus, screen: pty)
    }

    /// Writes `text` on the terminal, as the shell did before the pick, and waits until it shows.
    func printed(_ text: String) throws {
        _ = text.withCString { write(pty.terminal, $0, strlen($0)) }
        try screen.waitFor(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
