import EventLoop
import Glibc
import Testing
import TerminalUI
import TimePickerCore

/// Ends the terminal's use the way the service does when a session ends: closes the descriptor
/// the front end was reading, from inside the report.
private final class ClosingDelegate: PickerFrontEndDelegate {
    var finished: [(PickerSessionID, CancelReason)] = []
    var onFinish: () -> Void = {}

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, didReport event: PickerEvent) {}

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, cannotShow reason: CancelReason, because message: String) {
        finished.append((session, reason))
        onFinish()
    }

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, couldNotShow message: String) {
        finished.append((session, .unavailable))
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
            frontEnd.withdraw(PickerSessionID(1))
            frontEnd.shutdown {}
            close(terminal)
        }
        frontEnd.delegate = delegate
        frontEnd.show(PickerSessionID(1), PickerModel(options: try PickerOptions(validating: [:], defaultClock: .twentyFourHour)).state)
        for _ in 0..<5 { loop.runOnce(maximumWaitMilliseconds: 10) }
        #expect(delegate.finished.count == 1)
        #expect(delegate.finished.first?.1 == .unavailable)
        #expect(invalid.isEmpty, "the loop found watches on closed descriptors: \(invalid)")
    }
}
