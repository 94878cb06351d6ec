import Foundation
import Glibc
import TestHarness

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
