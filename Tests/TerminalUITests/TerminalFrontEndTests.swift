import EventLoop
import Glibc
import TerminalUI
import TestHarness
import Testing
import TimePickerCore

/// Ends the terminal's use the way the service does when a session ends: closes the descriptor
/// the front end was reading, from inside the report.
private final class ClosingDelegate: PickerFrontEndDelegate {
    var finished: [(PickerSessionID, CancelReason)] = []
    /// Why each session in `finished` could not be shown, in the same order.
    var messages: [String] = []
    var onFinish: () -> Void = {}

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, didReport event: PickerEvent) {}

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, cannotShow reason: CancelReason, because message: String) {
        finished.append((session, reason))
        messages.append(message)
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
        let readOnly = open(try #require(terminalName(of: terminal)), O_RDONLY | O_NOCTTY)
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

    @Test("A read that fails without a hang-up ends the shown session saying why, and the terminal still shows the next")
    func readFailureIsNotHangUp() throws {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        try #require(openpty(&controller, &terminal, nil, nil, nil) == 0)
        defer {
            close(controller)
            close(terminal)
        }
        // Keys through a descriptor open only for writing: the terminal is readable (the line
        // has bytes), but every read fails with EBADF, an error that is not a hang-up.
        let writeOnly = open(try #require(terminalName(of: terminal)), O_WRONLY | O_NOCTTY)
        try #require(writeOnly >= 0)
        defer { close(writeOnly) }
        let loop = EventLoop()
        let frontEnd = try TerminalFrontEnd(input: writeOnly, output: terminal, loop: loop, owner: .caller)
        let delegate = ClosingDelegate()
        frontEnd.delegate = delegate
        defer { frontEnd.shutdown {} }
        let state = PickerModel(options: try PickerOptions(validating: [:], defaultClock: .twentyFourHour)).state
        frontEnd.show(PickerSessionID(1), state)
        frontEnd.show(PickerSessionID(2), state)
        _ = "j".withCString { write(controller, $0, 1) }
        for _ in 0..<20 where delegate.finished.isEmpty { loop.runOnce(maximumWaitMilliseconds: 50) }
        #expect(delegate.finished.map(\.0) == [PickerSessionID(1)])
        #expect(delegate.messages == ["cannot read the terminal: Bad file descriptor"])
        // Not gone: the next session is shown on it, not refused as on a terminal that hung up.
        #expect(!frontEnd.isIdle)
        frontEnd.show(PickerSessionID(3), state)
        #expect(delegate.finished.count == 1, "refused: \(delegate.messages)")
    }
}
