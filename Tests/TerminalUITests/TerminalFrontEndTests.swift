import EventLoop
import Glibc
import Testing
import TerminalUI
import TimePickerCore

/// Ends the terminal's use the way the service does when a session ends: closes the descriptor
/// the front end was reading, from inside the report.
private final class ClosingDelegate: PickerFrontEndDelegate {
    var finished: [(PickerSessionID, PickerOutcome)] = []
    var onFinish: () -> Void = {}

    func frontEnd(session: PickerSessionID, didChange model: PickerModel) {}

    func frontEnd(session: PickerSessionID, didFinish outcome: PickerOutcome) {
        finished.append((session, outcome))
        onFinish()
    }
}

@Suite("Terminal front end")
struct TerminalFrontEndTests {
    @Test("A terminal whose first write fails ends the session as unavailable, and no watch is left on a closed descriptor")
    func firstWriteFails() throws {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        try #require(openpty(&controller, &terminal, nil, nil, nil) == 0)
        defer { close(controller) }
        // Output through a descriptor open only for reading: every write fails (EBADF).
        let readOnly = open(String(cString: ttyname(terminal)), O_RDONLY | O_NOCTTY)
        try #require(readOnly >= 0)
        defer { close(readOnly) }
        let loop = EventLoop()
        var invalid: [Int32] = []
        loop.onInvalidDescriptor = { invalid.append($0) }
        let frontEnd = try TerminalFrontEnd(input: terminal, output: readOnly, loop: loop, owner: .caller)
        let delegate = ClosingDelegate()
        delegate.onFinish = {
            frontEnd.shutdown()
            close(terminal)
        }
        frontEnd.delegate = delegate
        frontEnd.show(session: PickerSessionID(1), model: PickerModel(options: try PickerOptions(validating: [:], defaultClock: .twentyFourHour)))
        for _ in 0..<5 { loop.runOnce(maximumWaitMilliseconds: 10) }
        #expect(delegate.finished.count == 1)
        #expect(delegate.finished.first?.1 == .cancelled(.unavailable))
        #expect(invalid.isEmpty, "the loop found watches on closed descriptors: \(invalid)")
    }
}
