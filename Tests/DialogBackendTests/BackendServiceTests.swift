import DBusKit
@testable import DialogBackend
import Testing
import TimePickerCore

/// The backend's methods as a caller sees them, on a fake bus with fake windows: a ShowPicker
/// becomes a window, and the window's end its answer; Update and Close reach the window.
@Suite("Backend service: ShowPicker, Update, Close")
@MainActor
struct BackendServiceTests {
    private let handle: ObjectPath = "/io/github/timepickerd/TimePicker1/session/1_5/a"

    @Test(
        "ShowPicker builds and presents a window, and is answered when it ends: 0 with the selection, 1 when cancelled, 2 with the reason",
        arguments: [
            (DialogOutcome.accepted(start: time("09:30"), end: time("17:00")),
             PickerAnswer(response: 0, results: ["start": "09:30", "end": "17:00"])),
            // Slots as their wire text: an end the next day, the repeated hour's second 02:30.
            (.accepted(start: time("22:00"), end: time("30:00")), PickerAnswer(response: 0, results: ["start": "22:00", "end": "30:00"])),
            (.accepted(start: time("02:30+02:00"), end: time("02:30+01:00")),
             PickerAnswer(response: 0, results: ["start": "02:30+02:00", "end": "02:30+01:00"])),
            (.cancelled, PickerAnswer(response: 1, results: [:])),
            (.ended("the dialog window was destroyed"), PickerAnswer(response: 2, results: ["reason": "the dialog window was destroyed"])),
        ])
    func showPickerAnsweredByTheWindow(outcome: DialogOutcome, expected: PickerAnswer) throws {
        let backend = BackendServiceFixture()
        let caller = backend.caller()
        let call = try backend.showPicker(
            from: caller, handle, title: "Team meeting", parentWindow: "x11:3a00007",
            options: ["start": .string("09:00"), "end": .string("10:00"), "step": .uint32(30), "focus": .string("end")])
        #expect(backend.run { backend.windows.made.count == 1 })
        let window = try #require(backend.windows.window("Team meeting"))
        #expect(window.presentations == 1)
        #expect(window.parent == .x11(0x3a00007))
        #expect(window.request.state.model.start == time("09:00"))
        #expect(window.request.state.model.end == time("10:00"))
        #expect(window.request.state.model.focus == .end)
        backend.settle()
        #expect(try backend.pickerAnswer(to: call) == nil, "answered only when the dialog ends")

        window.finish(outcome)
        #expect(try backend.run { try backend.pickerAnswer(to: call) != nil })
        #expect(try backend.pickerAnswer(to: call) == expected)
        backend.settle()
        #expect(backend.answersSent.count == 1, "answered once")
    }

    @Test("What the person does goes to the dialog's caller alone as Event signals; a parent that could not be used as a Notice")
    func eventsAndNotices() throws {
        let backend = BackendServiceFixture()
        let caller = backend.caller()
        let other = backend.caller()
        try backend.showPicker(from: caller, handle)
        #expect(backend.run { backend.windows.made.count == 1 })
        let window = try #require(backend.windows.made.first)
        window.person(.move(by: 1))
        window.person(.set(.end, time("15:30")))
        window.person(.set(.end, time("30:00")))
        window.notice("parent_window is an X11 window, and the dialog is not on an X11 display")
        #expect(try backend.signals("Event", to: caller) == ["\(handle) move 1", "\(handle) set end 15:30", "\(handle) set end 30:00"])
        #expect(try backend.signals("Notice", to: caller) == ["\(handle) parent_window is an X11 window, and the dialog is not on an X11 display"])
        #expect(try backend.signals("Event", to: other).isEmpty)
        #expect(backend.bus.signals("Event").allSatisfy { $0.destination == caller }, "unicast, never broadcast")
    }

    @Test("Update draws the new state in the window and is answered; a timeout restarts the countdown, other keys do not")
    func update() throws {
        let backend = BackendServiceFixture()
        let caller = backend.caller()
        try backend.showPicker(from: caller, handle, options: ["step": .uint32(30)])
        #expect(backend.run { backend.windows.made.count == 1 })
        let window = try #require(backend.windows.made.first)

        let moved = try backend.update(from: caller, handle, ["start": .string("11:00"), "end": .string("12:30"), "focus": .string("end")])
        #expect(backend.run { backend.errorAnswer(to: moved) != nil })
        #expect(backend.errorAnswer(to: moved) == "")
        let timed = try backend.update(from: caller, handle, ["timeout": .uint32(40), "typed": .string("12")])
        #expect(backend.run { backend.errorAnswer(to: timed) != nil })
        #expect(backend.errorAnswer(to: timed) == "")

        #expect(window.updates.count == 2)
        let first = try #require(window.updates.first)
        #expect(first.state.model.start == time("11:00"))
        #expect(first.state.model.end == time("12:30"))
        #expect(first.state.model.focus == .end)
        #expect(!first.restartingCountdown)
        let second = try #require(window.updates.last)
        #expect(second.state.model.start == time("11:00"), "a key not given keeps its value")
        #expect(second.state.secondsLeft == 40)
        #expect(second.state.typed == "12")
        #expect(second.restartingCountdown)
    }

    @Test("Update of a dialog not built yet is drawn when it is built; Update of no dialog is UnknownObject, of a bad state InvalidArgs")
    func updateBeforeBuiltAndRefused() throws {
        let backend = BackendServiceFixture()
        let caller = backend.caller()
        // Both arrive before the loop is idle, so before the window is built.
        try backend.showPicker(from: caller, handle, options: ["step": .uint32(30)])
        let early = try backend.update(from: caller, handle, ["start": .string("08:00"), "end": .string("08:30")])
        #expect(backend.run { backend.windows.made.count == 1 })
        #expect(backend.errorAnswer(to: early) == "")
        let window = try #require(backend.windows.made.first)
        #expect(window.request.state.model.start == time("08:00"))
        #expect(window.updates.isEmpty, "built with the state, not updated to it")

        let unknown = try backend.update(from: caller, "/io/github/timepickerd/TimePicker1/session/1_5/none", ["start": .string("08:00")])
        let otherCaller = try backend.update(from: backend.caller(), handle, ["start": .string("08:00")])
        let bad = try backend.update(from: caller, handle, ["start": .string("08:10")])
        #expect(backend.run { [unknown, otherCaller, bad].allSatisfy { backend.errorAnswer(to: $0) != nil } })
        #expect(backend.errorAnswer(to: unknown) == "org.freedesktop.DBus.Error.UnknownObject")
        #expect(backend.errorAnswer(to: otherCaller) == "org.freedesktop.DBus.Error.UnknownObject", "a dialog is its caller's alone")
        #expect(backend.errorAnswer(to: bad) == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(window.updates.isEmpty)
    }

    @Test("Close takes the window down and ShowPicker is answered 2, closed by the caller; Close again is no error")
    func close() throws {
        let backend = BackendServiceFixture()
        let caller = backend.caller()
        let show = try backend.showPicker(from: caller, handle)
        #expect(backend.run { backend.windows.made.count == 1 })
        let window = try #require(backend.windows.made.first)
        let close = try backend.close(from: caller, handle)
        #expect(backend.run { backend.errorAnswer(to: close) != nil })
        #expect(backend.errorAnswer(to: close) == "")
        #expect(window.closedReason == "closed by the caller")
        #expect(try backend.pickerAnswer(to: show) == PickerAnswer(response: 2, results: ["reason": "closed by the caller"]))
        let again = try backend.close(from: caller, handle)
        #expect(backend.run { backend.errorAnswer(to: again) != nil })
        #expect(backend.errorAnswer(to: again) == "")
    }

    @Test("A dialog closed before it was built is never built, and its ShowPicker is answered 2")
    func closeBeforeBuilt() throws {
        let backend = BackendServiceFixture()
        let caller = backend.caller()
        let show = try backend.showPicker(from: caller, handle)
        try backend.close(from: caller, handle)
        #expect(try backend.run { try backend.pickerAnswer(to: show) != nil })
        #expect(try backend.pickerAnswer(to: show) == PickerAnswer(response: 2, results: ["reason": "closed by the caller"]))
        backend.settle()
        #expect(backend.windows.made.isEmpty)
    }

    @Test("ShowPicker for a handle that has a dialog, with a bad option or a bad parent_window is InvalidArgs, and builds nothing")
    func showPickerRefused() throws {
        let backend = BackendServiceFixture()
        let caller = backend.caller()
        try backend.showPicker(from: caller, handle, title: "first")
        let again = try backend.showPicker(from: caller, handle, title: "second")
        let badOption = try backend.showPicker(from: caller, "/io/github/timepickerd/TimePicker1/session/1_5/b", options: ["step": .uint32(7)])
        let badParent = try backend.showPicker(from: caller, "/io/github/timepickerd/TimePicker1/session/1_5/c", parentWindow: "mir:1")
        #expect(backend.run { [again, badOption, badParent].allSatisfy { backend.errorAnswer(to: $0) != nil } })
        for call in [again, badOption, badParent] {
            #expect(backend.errorAnswer(to: call) == "org.freedesktop.DBus.Error.InvalidArgs")
        }
        backend.settle()
        #expect(backend.windows.made.map(\.heading) == ["first"])
    }

    @Test("Without a display ShowPicker is answered 2 at once with the reason, and no window is made")
    func withoutDisplay() throws {
        let backend = BackendServiceFixture(display: .unavailable("cannot open a display (WAYLAND_DISPLAY=(unset), DISPLAY=(unset))"))
        let show = try backend.showPicker(from: backend.caller(), handle)
        #expect(try backend.run { try backend.pickerAnswer(to: show) != nil })
        #expect(
            try backend.pickerAnswer(to: show)
                == PickerAnswer(response: 2, results: ["reason": "cannot open a display (WAYLAND_DISPLAY=(unset), DISPLAY=(unset))"]))
        #expect(backend.windows.made.isEmpty)
    }

    @Test("Introspection and the Version, for the backend's own user")
    func introspectionAndVersion() throws {
        let backend = BackendServiceFixture()
        let caller = backend.caller()
        let version = try backend.call(
            from: caller, "Get", [.string("io.github.timepickerd.impl.TimePicker1"), .string("Version")],
            interface: "org.freedesktop.DBus.Properties")
        let introspect = try backend.call(from: caller, "Introspect", [], interface: "org.freedesktop.DBus.Introspectable")
        #expect(backend.run { backend.errorAnswer(to: version) != nil && backend.errorAnswer(to: introspect) != nil })
        #expect(try backend.bus.answer(to: version)?.arguments() == [.variant(.uint32(1))])
        guard case .string(let xml)? = try backend.bus.answer(to: introspect)?.arguments().first else {
            Issue.record("Introspect did not answer a string")
            return
        }
        #expect(xml.contains("<interface name=\"io.github.timepickerd.impl.TimePicker1\">"))
    }
}

