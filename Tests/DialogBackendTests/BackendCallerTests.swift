import DBusKit
@testable import DialogBackend
import EventLoop
import Glibc
import Testing

/// Who may call the backend and for how long its dialogs last: its own user only, dialogs that
/// close when their caller leaves, bounded numbers, and an idle exit that waits for them.
@Suite("Backend service: callers, limits and idleness")
@MainActor
struct BackendCallerTests {
    private func handle(_ number: Int) -> ObjectPath {
        ObjectPath("/io/github/timepickerd/TimePicker1/session/1_5/d\(number)") ?? "/"
    }

    @Test("A caller of another Unix user is refused with AccessDenied for every call, introspection and calls of no method included; the backend's user is served")
    func anotherUserRefused() throws {
        let backend = BackendServiceFixture()
        let stranger = backend.caller(user: getuid() + 1)
        let calls = [
            try backend.showPicker(from: stranger, handle(1), title: "stranger's"),
            try backend.update(from: stranger, handle(1), ["start": .string("08:00")]),
            try backend.close(from: stranger, handle(1)),
            try backend.call(from: stranger, "Introspect", [], interface: "org.freedesktop.DBus.Introspectable"),
            try backend.call(
                from: stranger, "Get", [.string("io.github.timepickerd.impl.TimePicker1"), .string("Version")],
                interface: "org.freedesktop.DBus.Properties"),
            // What is wrong with these must not tell another user which methods there are.
            try backend.call(from: stranger, "Secret", [], interface: "io.github.timepickerd.impl.TimePicker1"),
            try backend.call(from: stranger, "ShowPicker", [.string("wrong")], interface: "io.github.timepickerd.impl.TimePicker1"),
        ]
        let own = try backend.showPicker(from: backend.caller(), handle(1), title: "own")
        #expect(backend.run { calls.allSatisfy { backend.errorAnswer(to: $0) != nil } && backend.windows.made.count == 1 })
        for call in calls {
            #expect(backend.errorAnswer(to: call) == "org.freedesktop.DBus.Error.AccessDenied", "\(call.member?.rawValue ?? "?")")
        }
        guard case .string(let refusal)? = try backend.bus.answer(to: calls[0])?.arguments().first else {
            Issue.record("AccessDenied without a message")
            return
        }
        #expect(refusal.hasSuffix("shows dialogs for its own user (uid \(getuid())) only; \(stranger) is uid \(getuid() + 1)"))
        #expect(backend.windows.made.map(\.heading) == ["own"])
        #expect(try backend.pickerAnswer(to: own) == nil, "the own user's dialog is open")
    }

    @Test("A caller leaving the bus has its dialogs closed, shown or not built yet; another caller's stay; the match rule goes with the last")
    func callerLeaves() throws {
        let backend = BackendServiceFixture()
        let leaving = backend.caller()
        let staying = backend.caller()
        try backend.showPicker(from: leaving, handle(1), title: "leaving 1")
        try backend.showPicker(from: staying, handle(1), title: "staying")
        #expect(backend.run { backend.windows.made.count == 2 })
        #expect(backend.bus.matchRules.count == 2, "one NameOwnerChanged rule per caller with dialogs")
        // A second dialog, left waiting: the caller is gone before the loop is idle.
        try backend.showPicker(from: leaving, handle(2), title: "leaving 2")
        backend.bus.disconnect(leaving)
        #expect(backend.run { backend.windows.window("leaving 1")?.isFinished == true })
        backend.settle()
        #expect(backend.windows.window("leaving 1")?.closedReason == "the caller left the bus")
        #expect(backend.windows.window("leaving 2") == nil, "never built")
        #expect(backend.windows.window("staying")?.isFinished == false)
        #expect(backend.bus.matchRules.count == 1)
        #expect(backend.bus.matchRules.allSatisfy { $0.contains(staying.rawValue) })
    }

    @Test("256 dialogs per caller, 512 in all: past either ShowPicker is answered 2 at once, saying which")
    func limits() throws {
        let backend = BackendServiceFixture()
        let first = backend.caller()
        let second = backend.caller()
        let third = backend.caller()
        for number in 0..<256 {
            try backend.showPicker(from: first, handle(number), title: "first \(number)")
            try backend.showPicker(from: second, handle(number), title: "second \(number)")
        }
        let overOwn = try backend.showPicker(from: first, handle(256))
        let overAll = try backend.showPicker(from: third, handle(0))
        #expect(try backend.run { try backend.pickerAnswer(to: overOwn) != nil && backend.pickerAnswer(to: overAll) != nil })
        #expect(try backend.pickerAnswer(to: overOwn) == PickerAnswer(response: 2, results: ["reason": "too many dialogs open for this caller (256)"]))
        #expect(try backend.pickerAnswer(to: overAll) == PickerAnswer(response: 2, results: ["reason": "too many dialogs open (512)"]))
        #expect(backend.run { backend.windows.made.count == 512 })

        // One ends: the caller may have another.
        try #require(backend.windows.window("first 0")).finish(.cancelled)
        let again = try backend.showPicker(from: first, handle(256), title: "first again")
        #expect(backend.run { backend.windows.window("first again") != nil })
        #expect(try backend.pickerAnswer(to: again) == nil)
    }

    @Test("The idle exit waits while a dialog is open, shown or waiting, and comes once the last one ended")
    func idleExit() throws {
        let backend = BackendServiceFixture(idleTimeoutSeconds: 0)
        let caller = backend.caller()
        try backend.showPicker(from: caller, handle(1))
        try backend.showPicker(from: caller, handle(2))
        #expect(backend.run { backend.windows.made.count == 2 })
        backend.settle()
        #expect(backend.idleExitCount == 0)
        try #require(backend.windows.made.first).finish(.cancelled)
        backend.settle()
        #expect(backend.idleExitCount == 0, "one dialog is still open")
        try #require(backend.windows.made.last).finish(.cancelled)
        #expect(backend.run { backend.idleExitCount == 1 })
    }

    @Test("Calls of another user do not hold off the idle exit; its own user's do")
    func strangersDoNotFeedIdleExit() throws {
        let backend = BackendServiceFixture(idleTimeoutSeconds: 1)
        let stranger = backend.caller(user: getuid() + 1)
        let started = MonotonicClock.now()
        // A call every 100 ms, from the same connection and from new ones, past the timeout.
        var refused: [DBusMessage] = []
        while backend.idleExitCount == 0, MonotonicClock.now() - started < 1800 {
            refused.append(try backend.showPicker(from: stranger, handle(refused.count), title: "Session locked"))
            refused.append(try backend.showPicker(from: backend.caller(user: getuid() + 1), handle(1), title: "Session locked"))
            let turn = MonotonicClock.now()
            while MonotonicClock.now() - turn < 100 { backend.loop.runOnce(maximumWaitMilliseconds: 10) }
        }
        #expect(backend.idleExitCount == 1, "the strangers' calls kept the backend")
        #expect(MonotonicClock.now() - started < 1500)
        #expect(try refused.allSatisfy { try backend.pickerAnswer(to: $0)?.error == "org.freedesktop.DBus.Error.AccessDenied" })
        #expect(backend.windows.made.isEmpty)

        // The own user's calls restart the countdown.
        let own = BackendServiceFixture(idleTimeoutSeconds: 1)
        let caller = own.caller()
        let ownStarted = MonotonicClock.now()
        while MonotonicClock.now() - ownStarted < 1500 {
            _ = try own.call(from: caller, "Get", [.string("io.github.timepickerd.impl.TimePicker1"), .string("Version")], interface: "org.freedesktop.DBus.Properties")
            let turn = MonotonicClock.now()
            while MonotonicClock.now() - turn < 100 { own.loop.runOnce(maximumWaitMilliseconds: 10) }
        }
        #expect(own.idleExitCount == 0)
    }
}
