import DBusKit
import EventLoop
import Foundation
import Glibc
import SystemKit
import TestHarness
import Testing
import TimePicker

/// The TimePicker library as a careless program uses it: an alert nobody keeps, a monitor given
/// up at once, a task cancelled while the service does not answer. Nothing is lost, nothing
/// hangs, nothing is left running.
@Suite("The Swift library used carelessly", .timeLimit(.minutes(2)))
struct SwiftLibraryMisuseTests {
    @Test("An alert kept by nobody, shown as the seed's was (a local in a function), still tells its delegate")
    func unkeptAlert() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let delegate = await MainActor.run { OutcomeRecorder() }
        await Self.showUnkeptAlert("Unkept", on: fixture.bus.address, to: delegate)
        let shown = try mock.waitForNotify(summary: "Unkept")
        try mock.closeNotification(shown.id, reason: 2)
        // Generous: the delegate is told on the main queue, shared with other suites' main-actor tests.
        let heard = await delegate.nextOutcome(withinSeconds: 90)
        #expect(heard == .failure(.user), "the delegate heard \(heard.map { String(describing: $0) } ?? "nothing")")
    }

    /// `let alert = …; alert.delegate = …; alert.show()` in a function that then returns.
    @MainActor
    private static func showUnkeptAlert(_ title: String, on address: String, to delegate: OutcomeRecorder) {
        let alert = SwiftLibraryTests.alert(title, on: address)
        alert.delegate = delegate
        alert.show()
    }

    @Test("A monitor whose iteration is given up at once leaves no connection or thread behind")
    func abandonedMonitors() async throws {
        let bus = try PrivateBus()
        let observer = try BusClient(bus: bus)
        let before = try Self.connectionCount(seen: observer)
        let listening = Locked(0)
        for _ in 0..<10 {
            var monitor = TimePickerMonitor(onListening: { _ in listening.withLock { $0 += 1 } })
            monitor.busAddress = bus.address
            _ = monitor.makeAsyncIterator()
        }
        // Each monitor connects on its own thread, the iteration long given up by then.
        try waitUntil("the monitors to connect", seconds: 20) { listening.withLock { $0 } == 10 }
        var count = 0
        do {
            try waitUntil("the abandoned monitors to leave the bus", seconds: 10) {
                count = try Self.connectionCount(seen: observer)
                return count == before
            }
        } catch {
            Issue.record("\(count - before) of 10 abandoned monitors still connected")
        }
    }

    /// How many connections the bus has (unique names), as `observer` asks.
    private static func connectionCount(seen observer: BusClient) throws -> Int {
        let names = try observer.call("ListNames", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", destination: "org.freedesktop.DBus")
        guard case .array(_, let list)? = names.first else { throw HarnessError("ListNames gave \(names)") }
        return list.filter { if case .string(let name) = $0 { name.hasPrefix(":") } else { false } }.count
    }

    @Test("A cancelled task ends the pick even when the service never answers (CancellationError), its Cancel sent")
    func cancelWithSilentService() async throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let address = bus.address
        let pick = Task { @MainActor in try await SwiftLibraryTests.alert("Unanswered", on: address).pick() }
        let (call, _) = try service.nextPick()
        let caller = try #require(call.sender?.rawValue)
        pick.cancel()
        _ = try service.bus.waitForMessage(seconds: 10, "the session's Cancel") {
            $0.kind == .methodCall && $0.member == "Cancel" && $0.interface == BusClient.sessionInterface
        }
        // The pick ends (its connection leaves the bus) once the Cancel is written: measured on the
        // bus, since its answer then waits for the main queue, which other suites' main-actor
        // tests share in this process.
        try waitUntil("the pick's connection to leave the bus", seconds: 10) { try !service.bus.nameHasOwner(caller) }
        let result = await Self.result(of: pick, withinSeconds: 90)
        guard let result else {
            Issue.record("the pick's answer never came after its task was cancelled")
            return
        }
        #expect(throws: CancellationError.self) { try result.get() }
    }

    /// The task's result, or nil when it has none within `seconds` (waiting for a task's
    /// result cannot be cancelled: a task group would wait for ever with it).
    private static func result<T: Sendable>(of task: Task<T, any Error>, withinSeconds seconds: Int) async -> Result<T, any Error>? {
        let settled = Locked<Result<T, any Error>?>(nil)
        Task { let result = await task.result; settled.withLock { $0 = result } }
        let deadline = MonotonicClock.now() + seconds * 1000
        while MonotonicClock.now() < deadline {
            if let result = settled.withLock({ $0 }) { return result }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }
}

/// A delegate that only records what it hears (and does not keep the alert).
@MainActor
final class OutcomeRecorder: TimePickerAlertDelegate {
    private var heard: [HeardOutcome] = []

    func pickerAlertSelected(t1: String, t2: String) { heard.append(.range) }
    func pickerAlertCancel(error: any Error) { heard.append(HeardOutcome(error)) }

    /// The first outcome heard, or nil when nothing was heard within `seconds`.
    func nextOutcome(withinSeconds seconds: Int) async -> HeardOutcome? {
        let deadline = MonotonicClock.now() + seconds * 1000
        while heard.isEmpty, MonotonicClock.now() < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        return heard.isEmpty ? nil : heard.removeFirst()
    }
}
