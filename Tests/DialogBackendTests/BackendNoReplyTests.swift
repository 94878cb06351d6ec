import DBusKit
@testable import DialogBackend
import Glibc
import Testing
import TimePickerCore

/// A call sent with NO_REPLY_EXPECTED gets no reply and no error: the backend answers through
/// `MessageBus.reply` and `replyError`, which check the flag, for every method and every outcome.
@Suite("Backend service: calls that expect no reply")
@MainActor
struct BackendNoReplyTests {
    private let handle: ObjectPath = "/io/github/timepickerd/TimePicker1/session/1_5/quiet"

    @Test("ShowPicker: nothing when its dialog ends, nor when it is refused, nor when no display can show it")
    func showPicker() throws {
        let backend = BackendServiceFixture()
        let caller = backend.caller()
        let shown = try backend.showPicker(from: caller, handle, title: "quiet", expectsReply: false)
        let refused = try backend.showPicker(from: caller, "/io/github/timepickerd/TimePicker1/session/1_5/bad", options: ["step": .uint32(7)], expectsReply: false)
        #expect(backend.run { backend.windows.made.count == 1 })
        try #require(backend.windows.window("quiet")).finish(.accepted(start: time("01:00"), end: time("02:00")))
        backend.settle()
        #expect(backend.bus.answer(to: shown) == nil)
        #expect(backend.bus.answer(to: refused) == nil)

        let withoutDisplay = BackendServiceFixture(display: .unavailable("no display"))
        let unshown = try withoutDisplay.showPicker(from: withoutDisplay.caller(), handle, expectsReply: false)
        // A call that expects a reply, after it: once it is answered, the first was handled.
        let witness = try withoutDisplay.showPicker(from: withoutDisplay.caller(), handle)
        #expect(withoutDisplay.run { withoutDisplay.errorAnswer(to: witness) != nil })
        #expect(withoutDisplay.bus.answer(to: unshown) == nil)
        #expect(withoutDisplay.answersSent.count == 1)
    }

    @Test("Update: nothing when it is drawn, nor when its dialog is unknown or its state refused")
    func update() throws {
        let backend = BackendServiceFixture()
        let caller = backend.caller()
        try backend.showPicker(from: caller, handle, expectsReply: false)
        #expect(backend.run { backend.windows.made.count == 1 })
        let drawn = try backend.update(from: caller, handle, ["start": .string("03:00"), "end": .string("04:00")], expectsReply: false)
        let unknown = try backend.update(from: caller, "/io/github/timepickerd/TimePicker1/session/1_5/none", [:], expectsReply: false)
        let refused = try backend.update(from: caller, handle, ["focus": .string("middle")], expectsReply: false)
        #expect(backend.run { backend.windows.made.first?.updates.count == 1 })
        backend.settle()
        for call in [drawn, unknown, refused] {
            #expect(backend.bus.answer(to: call) == nil, "\(call.serial)")
        }
        #expect(backend.answersSent.isEmpty)
    }

    @Test("Close: nothing for the Close, nor for the ShowPicker it ends, nor for a Close of no dialog")
    func close() throws {
        let backend = BackendServiceFixture()
        let caller = backend.caller()
        let shown = try backend.showPicker(from: caller, handle, expectsReply: false)
        #expect(backend.run { backend.windows.made.count == 1 })
        let close = try backend.close(from: caller, handle, expectsReply: false)
        let closeAgain = try backend.close(from: caller, handle, expectsReply: false)
        #expect(backend.run { backend.windows.made.first?.isFinished == true })
        backend.settle()
        #expect(backend.windows.made.first?.closedReason == "closed by the caller")
        for call in [shown, close, closeAgain] {
            #expect(backend.bus.answer(to: call) == nil, "\(call.member?.rawValue ?? "?")")
        }
        #expect(backend.answersSent.isEmpty)
    }

    @Test("A call refused before it is read, or refused to another user, gets no error either")
    func refusals() throws {
        let backend = BackendServiceFixture()
        let caller = backend.caller()
        let unknownMethod = try backend.call(from: caller, "Explode", [], expectsReply: false)
        let stranger = backend.caller(user: getuid() + 1)
        let strangers = try backend.showPicker(from: stranger, handle, expectsReply: false)
        // Calls that expect a reply, after them from the same callers: each caller's calls are
        // handled in order, so once these are refused, so were the first.
        let witnesses = [try backend.call(from: caller, "Explode", []), try backend.close(from: stranger, handle)]
        #expect(backend.run { witnesses.allSatisfy { backend.errorAnswer(to: $0) != nil } })
        #expect(backend.errorAnswer(to: witnesses[0]) == "org.freedesktop.DBus.Error.UnknownMethod")
        #expect(backend.errorAnswer(to: witnesses[1]) == "org.freedesktop.DBus.Error.AccessDenied")
        #expect(backend.bus.answer(to: unknownMethod) == nil)
        #expect(backend.bus.answer(to: strangers) == nil)
        #expect(backend.answersSent.count == 2)
    }
}
