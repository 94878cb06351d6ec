import DBusKit
@testable import DialogBackend
import Testing

/// Dialogs are built one at a time, as idle work, callers taking turns; one taken out of the
/// queue is never built.
@Suite("Dialog build queue")
@MainActor
struct DialogBuildQueueTests {
    private func key(_ caller: BusName, _ name: String) -> DialogKey {
        DialogKey(caller: caller, handle: ObjectPath("/io/github/timepickerd/TimePicker1/session/1_5/\(name)") ?? "/")
    }

    @Test("One dialog per turn of idle work; callers take turns, each one's oldest first")
    func callersTakeTurns() {
        let loop = ManualIdleLoop()
        var built: [String] = []
        let queue = DialogBuildQueue(loop: loop) { key in built.append("\(key.caller) \(key.handle.rawValue.split(separator: "/").last ?? "")") }
        for name in ["a1", "a2", "a3"] { queue.enqueue(key(":1.10", name)) }
        queue.enqueue(key(":1.20", "b1"))
        queue.enqueue(key(":1.30", "c1"))
        #expect(built.isEmpty, "nothing is built while calls are handled")
        #expect(loop.pendingIdleWork == 1, "one piece of idle work at a time")
        #expect(queue.count == 5)
        loop.runIdleWork()
        #expect(built == [":1.10 a1"])
        while loop.runIdleWork() {}
        #expect(built == [":1.10 a1", ":1.20 b1", ":1.30 c1", ":1.10 a2", ":1.10 a3"])
        #expect(queue.count == 0)
        #expect(loop.pendingIdleWork == 0, "no idle work left behind")
    }

    @Test("A dialog taken out before it was built is never built; with none left, the idle work is cancelled")
    func removed() {
        let loop = ManualIdleLoop()
        var built: [DialogKey] = []
        let queue = DialogBuildQueue(loop: loop) { built.append($0) }
        let first = key(":1.10", "a1")
        let second = key(":1.10", "a2")
        queue.enqueue(first)
        queue.enqueue(second)
        queue.remove(first)
        loop.runIdleWork()
        #expect(built == [second])
        queue.enqueue(first)
        queue.remove(first)
        #expect(loop.pendingIdleWork == 0)
        #expect(!loop.runIdleWork())
        #expect(built == [second])
    }
}
