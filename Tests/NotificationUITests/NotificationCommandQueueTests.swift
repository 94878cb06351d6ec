@testable import NotificationUI
import Testing
import TimePickerCore

@Suite("Notification command queue")
struct NotificationCommandQueueTests {
    private func picker(start: String = "01:00") throws -> PickerModel {
        PickerModel(options: try PickerOptions(validating: ["start": .string(start)], defaultClock: .twentyFourHour))
    }

    private func summary(_ batch: NotificationCommandQueue.Batch) -> [String] {
        batch.requests.map { session, request in
            switch request {
            case .show(let view): "\(session.rawValue) show \(view.state.start)"
            case .close: "\(session.rawValue) close"
            }
        }
    }

    @Test("A session that ends before the thread took its show never reaches the server")
    func endedBeforeShown() throws {
        let queue = try NotificationCommandQueue()
        for id in 1...1000 {
            queue.show(PickerSessionID(UInt64(id)), try picker())
            queue.close(PickerSessionID(UInt64(id)))
        }
        #expect(queue.waitingCount == 0)
        #expect(summary(queue.take()).isEmpty)
    }

    @Test("Newer states replace older ones; a shown session's close waits once; order is first come")
    func coalesces() throws {
        let queue = try NotificationCommandQueue()
        queue.show(PickerSessionID(1), try picker(start: "01:00"))
        queue.show(PickerSessionID(2), try picker(start: "02:00"))
        queue.show(PickerSessionID(1), try picker(start: "05:00"))
        #expect(summary(queue.take()) == ["1 show 05:00", "2 show 02:00"])
        // Both are on screen now: closing and updating is what waits.
        queue.show(PickerSessionID(2), try picker(start: "03:00"))
        queue.close(PickerSessionID(1))
        queue.close(PickerSessionID(1))
        queue.show(PickerSessionID(3), try picker(start: "04:00"))
        #expect(summary(queue.take()) == ["2 show 03:00", "1 close", "3 show 04:00"])
        #expect(summary(queue.take()).isEmpty)
    }

    @Test("What waits is bounded by the open sessions, whatever the rate")
    func bounded() throws {
        let queue = try NotificationCommandQueue()
        for round in 0..<100 {
            for id in 1...16 { queue.show(PickerSessionID(UInt64(id)), try picker(start: round % 2 == 0 ? "01:00" : "02:00")) }
        }
        #expect(queue.waitingCount == 16)
    }

    @Test("The server gone drops what waits; stop is taken with the rest")
    func serverGoneAndStop() throws {
        let queue = try NotificationCommandQueue()
        queue.show(PickerSessionID(1), try picker())
        _ = queue.take()
        queue.show(PickerSessionID(1), try picker(start: "02:00"))
        queue.serverGone()
        // Session 1 is no longer on screen: its close needs nothing from the server.
        queue.close(PickerSessionID(1))
        let batch = queue.take()
        #expect(batch.serverGone && summary(batch).isEmpty && !batch.stop)
        queue.show(PickerSessionID(2), try picker())
        queue.stop()
        let last = queue.take()
        #expect(last.stop && summary(last).isEmpty)
    }
}
