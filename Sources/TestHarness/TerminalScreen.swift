import Glibc

/// What a person sees on a pseudo-terminal: the test's `PseudoTerminal` read through a
/// terminal emulator of its size, which follows the resizes the test makes.
public final class TerminalScreen {
    public let terminal: PseudoTerminal
    private var emulator: ScreenEmulator
    /// How much of the terminal's output the emulator has seen.
    private var consumed = 0

    public init(_ terminal: PseudoTerminal, columns: Int = 80, rows: Int = 24) {
        self.terminal = terminal
        emulator = ScreenEmulator(columns: columns, rows: rows)
    }

    /// The screen as text, one line per row, trailing blanks removed.
    public var text: String {
        catchUp()
        return emulator.text
    }

    /// The screen's rows, trailing blanks removed.
    public var lines: [String] {
        catchUp()
        return emulator.lines
    }

    /// Where the cursor is.
    public var cursor: (row: Int, column: Int) {
        catchUp()
        return (emulator.cursorRow, emulator.cursorColumn)
    }

    /// Whether the alternate screen is shown.
    public var onAlternateScreen: Bool {
        catchUp()
        return emulator.onAlternateScreen
    }

    public var size: (columns: Int, rows: Int) { (emulator.columns, emulator.rows) }

    /// Resizes the terminal as a window manager does: the emulated screen first (what was
    /// written before the resize was laid out at the old size), then the pseudo-terminal
    /// (TIOCSWINSZ, which sends SIGWINCH to its foreground process group).
    public func resize(columns: Int, rows: Int) throws {
        catchUp()
        emulator.resize(columns: columns, rows: rows)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(terminal.controller, UInt(TIOCSWINSZ), &size) == 0 else { throw HarnessError("TIOCSWINSZ failed") }
    }

    /// Waits until the screen shows `text`; returns the screen.
    @discardableResult
    public func waitFor(_ text: String, seconds: Double = 10) throws -> String {
        try waitFor("the screen to show '\(text)'", seconds: seconds) { $0.contains(text) }
    }

    /// Waits until `condition` holds for the screen's text; returns the screen.
    @discardableResult
    public func waitFor(_ what: String, seconds: Double = 10, _ condition: (String) -> Bool) throws -> String {
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
