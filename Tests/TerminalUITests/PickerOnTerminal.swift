import EventLoop
import Glibc
import SystemKit
import TerminalUI
import TestHarness
import TimePickerCore

/// One picker on a real pseudo-terminal, as on a caller's terminal or timepickerctl's own: the
/// terminal front end draws the model's state and hands the keys typed on the controller side
/// back as events, which the model takes as a session would; what the person sees is the
/// screen a terminal emulator makes of what the front end wrote.
final class PickerOnTerminal: PickerFrontEndDelegate {
    private let loop = EventLoop()
    private let pty: PseudoTerminal
    let screen: TerminalScreen
    private let output: Int32
    private let frontEnd: TerminalFrontEnd
    private let id = PickerSessionID(1)
    private(set) var model: PickerModel
    /// How the pick ended, once it has.
    private(set) var outcome: PickerOutcome?

    /// `deadline` (monotonic milliseconds) is the session's time limit, as the service sets it.
    init(_ options: PickerOptions, columns: Int = 80, rows: Int = 24, deadline: Int? = nil) throws {
        pty = try PseudoTerminal(columns: UInt16(columns), rows: UInt16(rows))
        screen = TerminalScreen(pty, columns: columns, rows: rows)
        guard let output = reopenNonBlocking(pty.terminal) else {
            pty.close()
            throw HarnessError("the pseudo-terminal cannot be reopened non-blocking")
        }
        self.output = output
        model = PickerModel(options: options)
        model.deadline = deadline
        frontEnd = try TerminalFrontEnd(input: pty.terminal, output: output, loop: loop, owner: .caller)
        frontEnd.delegate = self
        frontEnd.show(id, model.state)
    }

    deinit {
        frontEnd.shutdown {}
        close(output)
        pty.close()
    }

    /// The line the cursor rests on, which a screen reader and a braille display read.
    var cursorLine: String {
        let lines = screen.lines
        return lines.indices.contains(screen.cursor.row) ? lines[screen.cursor.row] : ""
    }

    /// Types `keys` on the terminal.
    func type(_ keys: String) { pty.type(keys) }

    /// Turns the loop until the screen shows `text`; returns the screen's lines.
    @discardableResult
    func waitFor(_ text: String) throws -> [String] {
        try waitUntil("the screen to show '\(text)'") { screen.text.contains(text) }
    }

    /// Turns the loop until `condition` holds; returns the screen's lines.
    @discardableResult
    func waitUntil(_ what: String, _ condition: () -> Bool) throws -> [String] {
        let deadline = MonotonicClock.now() + 10_000
        while !condition() {
            guard MonotonicClock.now() < deadline else { throw HarnessError("timed out waiting for \(what); the screen showed:\n\(screen.text)") }
            loop.runOnce(maximumWaitMilliseconds: 10)
        }
        return screen.lines
    }

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, didReport event: PickerEvent) {
        guard outcome == nil else { return }
        if let ended = model.apply(event) {
            outcome = ended
            frontEnd.withdraw(id)
            return
        }
        frontEnd.update(id, model.state)
    }

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, cannotShow reason: CancelReason, because message: String) {
        outcome = .cancelled(reason)
    }

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, couldNotShow message: String) {
        outcome = .cancelled(.unavailable)
    }
}
