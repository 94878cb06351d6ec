import Dispatch
import EventLoop
import FrontEndTesting
import Glibc
import SystemKit
import TerminalUI
import TestHarness
import TimePickerCore

/// `TerminalFrontEnd` on a real pseudo-terminal, as on a caller's terminal: the person types on
/// the controller side, and what they see is the screen a terminal emulator makes of what the
/// front end wrote. Its peer is the terminal: it hangs up when the controller is closed, and
/// stalls when nobody reads it.
final class TerminalHarness: PickerFrontEndHarness {
    private let loop = EventLoop()
    private let pty: PseudoTerminal
    private let screen: TerminalScreen
    /// The front end's output: a non-blocking file of its own, as the daemon gives it.
    private let output: Int32
    private let terminal: TerminalFrontEnd
    private var hungUp = false

    init() throws {
        pty = try PseudoTerminal(columns: 80, rows: 24)
        screen = TerminalScreen(pty, columns: 80, rows: 24)
        guard let output = reopenNonBlocking(pty.terminal) else {
            pty.close()
            throw HarnessError("the pseudo-terminal cannot be reopened non-blocking")
        }
        self.output = output
        do {
            terminal = try TerminalFrontEnd(input: pty.terminal, output: output, loop: loop, owner: .caller)
        } catch {
            close(output)
            pty.close()
            throw error
        }
    }

    deinit {
        close(output)
        pty.close()
    }

    var frontEnd: any PickerFrontEnd { terminal }

    /// The picker whose title line is `session`'s title, read from its "Selected:" line (right
    /// above the title inline, below the lists on the alternate screen): the terminal shows one
    /// picker at a time (the others are only named, on its waiting line).
    func seenPicker(_ session: ConformanceSession) -> SeenPicker? {
        guard !hungUp else { return nil }
        let lines = screen.lines
        // The title line, with the day after it on a dated picker ("… · Sun 25 Oct").
        guard let titleRow = lines.firstIndex(where: { $0 == session.title || $0.hasPrefix(session.title + " · ") }) else { return nil }
        // The cursor's line, which a screen reader reads: it is the selection's (issue 39 lets
        // its "Selected:" give way to the focused column on a narrow line).
        let cursorRow = screen.cursor.row
        if lines.indices.contains(cursorRow), let seen = readSelection(in: Self.zoneMarks(lines[cursorRow])) { return seen }
        if titleRow > 0, lines[titleRow - 1].contains("Selected:") { return readSelection(in: Self.zoneMarks(lines[titleRow - 1])) }
        guard let selected = lines[titleRow...].first(where: { $0.contains("Selected:") }) else { return nil }
        return readSelection(in: Self.zoneMarks(selected))
    }

    /// `line` with the hour the clocks go back said as the suite's marks: the selection's line
    /// says it in words ("02:30, before the clocks go back"), which on the suite's night
    /// (`ConformancePicker.clocksBack`, Berlin's) are summer time (CEST), then winter time (CET).
    private static func zoneMarks(_ line: String) -> String {
        line.replacing(", before the clocks go back", with: " (CEST)").replacing(", after the clocks go back", with: " (CET)")
    }

    func personDoes(_ action: PersonAction, to session: ConformanceSession) {
        switch action {
        case .moveLater: pty.type("j")
        case .confirm: pty.type("\r")
        case .cancel: pty.type("q")
        }
    }

    func takePeerAway() {
        hungUp = true
        pty.hangUp()
    }

    /// Nobody reads the terminal for `stallSeconds`: long enough for the check, short enough that
    /// a front end whose write blocks is caught taking that long rather than hanging the test.
    func stallPeer() {
        pty.pauseDraining()
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.stallSeconds) { [pty] in pty.resumeDraining() }
    }

    private static let stallSeconds = 3.0

    func turnLoop(until condition: () -> Bool, withinMilliseconds milliseconds: Int) -> Bool {
        loop.turn(until: condition, withinMilliseconds: milliseconds)
    }

    /// The screen as text, for a test's message.
    var screenText: String { screen.text }
}
