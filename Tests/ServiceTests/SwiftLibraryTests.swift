import DBusKit
import EventLoop
import Foundation
import Glibc
import TestHarness
import Testing
import TimePicker

/// The TimePicker library as a Swift program uses it, against the real daemon with the
/// notification user interface on a private bus: `await`, the delegate, cancelling, a daemon
/// that dies, and the outcomes on the bus across a restart. (Its command-line use is
/// timepickerctl's, which every Client suite tests; its examples are in ExampleTests.)
@Suite("The Swift library: TimePickerAlert and TimePickerMonitor", .timeLimit(.minutes(2)))
struct SwiftLibraryTests {
    /// An alert titled `title` on the fixture's bus.
    @MainActor
    static func alert(_ title: String, on address: String) -> TimePickerAlert {
        let alert = TimePickerAlert(title: title)
        alert.busAddress = address
        return alert
    }

    @Test("await pick(): the range the person chose, with the whole Response (length, next day)")
    func awaitedRange() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let address = fixture.bus.address
        let pick = Task { @MainActor in
            let alert = Self.alert("From Swift", on: address)
            alert.step = 30
            alert.start = "09:00"
            alert.end = "17:30"
            return try await alert.pick()
        }
        let shown = try mock.waitForNotify(summary: "From Swift")
        try mock.invokeAction("default", on: shown.id)
        _ = try mock.waitForNotify { $0.replacesID == shown.id && $0.isStepperEndStep }
        try mock.invokeAction("default", on: shown.id)
        let range = try await pick.value
        #expect(range.start == "09:00" && range.end == "17:30", "\(range)")
        #expect(range.durationSeconds == UInt32(8 * 3600 + 1800))
        #expect(range.isNextDay == false)
        #expect(range.date == nil && range.startTime == nil)
    }

    @Test("timeoutExtensions goes to the service as timeout_extensions: refused without a timeout, naming it; with one, the picker is shown")
    func timeoutExtensions() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let address = fixture.bus.address
        let refused = await Task { @MainActor in
            let alert = Self.alert("No limit", on: address)
            alert.timeoutExtensions = 2
            return try await alert.pick()
        }.result
        #expect(throws: TimePickerError.self) { try refused.get() }
        if case .failure(let error as TimePickerError) = refused {
            #expect(error.option == "timeout_extensions", "\(error)")
        }
        let pick = Task { @MainActor in
            let alert = Self.alert("With a limit", on: address)
            alert.timeout = 600
            alert.timeoutExtensions = 2
            return try await alert.pick()
        }
        _ = try mock.waitForNotify(summary: "With a limit")
        pick.cancel()
        _ = await pick.result
    }

    @Test("A cancelled task withdraws the picker: the session ends Cancelled('caller'), pick() throws .cancelled(.caller)")
    func cancelledTask() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let address = fixture.bus.address
        let pick = Task { @MainActor in try await Self.alert("Withdrawn", on: address).pick() }
        let shown = try mock.waitForNotify(summary: "Withdrawn")
        pick.cancel()
        let result = await pick.result
        #expect(throws: TimePickerError.cancelled(.caller)) { try result.get() }
        let cancelled = try fixture.client.waitForMessage(seconds: 30, "a Cancelled signal") { $0.kind == .signal && $0.member == "Cancelled" }
        #expect(cancelled.strings == ["caller"])
        try mock.waitForCloseNotification(shown.id)
    }

    @Test("A task cancelled before the bus answers makes no session: pick() throws .cancelled(.caller) once the bus runs again")
    func cancelledBeforeTheBusAnswers() async throws {
        let fixture = try NotificationFixture()
        let address = fixture.bus.address
        // The bus stands still: the pick's connection waits for its Hello.
        kill(fixture.bus.pid, SIGSTOP)
        var resumed = false
        defer { if !resumed { kill(fixture.bus.pid, SIGCONT) } }
        let pick = Task { @MainActor in try await Self.alert("Too late", on: address).pick() }
        // Whenever it lands, the cancel comes before the bus has answered anything.
        pick.cancel()
        kill(fixture.bus.pid, SIGCONT)
        resumed = true
        let result = await pick.result
        #expect(throws: TimePickerError.cancelled(.caller)) { try result.get() }
        // A round trip to the daemon after the pick ended: had it asked, its call came first.
        _ = try fixture.client.call("Ping", path: "/io/github/timepickerd/TimePicker1", interface: "org.freedesktop.DBus.Peer")
        #expect(!fixture.daemon.log.contains("PickTimeRange from"), "a session was made:\n\(fixture.daemon.log)")
    }

    @Test("The delegate hears cancel() on the main queue, with reason 'caller', as the seed's alert did")
    func delegateOnMainThread() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let delegate = await RecordingAlertDelegate(showing: "Delegated", on: fixture.bus.address)
        _ = try mock.waitForNotify(summary: "Delegated")
        #expect(await delegate.alert.isShowing)
        await delegate.alert.cancel()
        let heard = await delegate.nextOutcome()
        #expect(heard.error == .cancelled(.caller))
        #expect(heard.onMainQueue)
        #expect(await !delegate.alert.isShowing)
    }

    @Test("pick() while the alert's picker is shown throws .alreadyShowing and leaves that picker be")
    func secondPickOfOneAlert() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let delegate = await RecordingAlertDelegate(showing: "Once", on: fixture.bus.address)
        _ = try mock.waitForNotify(summary: "Once")
        let second = await Task { @MainActor in try await delegate.alert.pick() }.result
        #expect(throws: TimePickerError.alreadyShowing) { try second.get() }
        #expect(await delegate.alert.isShowing)
        await delegate.alert.cancel()
        #expect(await delegate.nextOutcome().error == .cancelled(.caller))
    }

    @Test("A daemon killed mid-pick fails the pick with .serviceStopped at once, never a hang")
    func daemonKilled() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let address = fixture.bus.address
        let pick = Task { @MainActor in try await Self.alert("Killed", on: address).pick() }
        _ = try mock.waitForNotify(summary: "Killed")
        let killed = MonotonicClock.now()
        fixture.daemon.send(SIGKILL)
        let result = await pick.result
        #expect(throws: TimePickerError.serviceStopped) { try result.get() }
        // Loosely: the answer comes on the main queue, which other suites' main-actor tests share.
        #expect(MonotonicClock.now() - killed < 60_000, "the pick ended \(MonotonicClock.now() - killed) ms after the kill")
    }

    @Test("TimePickerMonitor: every caller's outcomes, Response then Selected or Cancelled, across a daemon restart")
    func monitorAcrossRestart() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let bus = fixture.bus
        let listening = AsyncStream<Void>.makeStream()
        var monitor = TimePickerMonitor(onListening: { _ in listening.continuation.yield() })
        monitor.busAddress = bus.address
        var outcomes = monitor.makeAsyncIterator()
        var ready = listening.stream.makeAsyncIterator()
        _ = await ready.next()

        // Another caller's picker, chosen as shown.
        let first = try fixture.showPicker("Watched", token: "watched")
        try mock.invokeAction("default", on: first.shown.id)
        _ = try mock.waitForNotify { $0.replacesID == first.shown.id && $0.isStepperEndStep }
        try mock.invokeAction("default", on: first.shown.id)
        let response = try #require(try await outcomes.next())
        guard case .response(0, let results, let range?) = response.event else {
            Issue.record("not a chosen Response: \(response)")
            return
        }
        #expect(response.session == first.handle.rawValue)
        #expect(results["start"] == range.start && results["duration"] == range.durationSeconds.map(String.init))
        let selected = try #require(try await outcomes.next())
        #expect(selected == TimePickerOutcome(session: first.handle.rawValue, event: .selected(start: range.start, end: range.end)))

        // The daemon dies and another starts: the monitor follows the name to it.
        fixture.daemon.send(SIGKILL)
        _ = try fixture.daemon.process.waitForExit()
        let second = try DaemonProcess.serving(on: bus, arguments: ["--ui", "notification", "--verbose"])
        defer {
            second.send(SIGKILL)
            _ = try? second.process.waitForExit()
        }
        let caller = try BusClient(bus: bus)
        let handle = try caller.showTimePicker(["title": .string("After restart"), "handle_token": .string("again")])
        let shown = try mock.waitForNotify(summary: "After restart")
        try mock.closeNotification(shown.id, reason: 2)
        let cancelledResponse = try #require(try await outcomes.next())
        #expect(cancelledResponse.session == handle.rawValue)
        let cancelled = try #require(try await outcomes.next())
        #expect(cancelled == TimePickerOutcome(session: handle.rawValue, event: .cancelled(.user)))
    }
}

/// A delegate that shows an alert and records what it hears, and on which thread.
@MainActor
final class RecordingAlertDelegate: TimePickerAlertDelegate {
    let alert: TimePickerAlert
    private var waiting: CheckedContinuation<(error: TimePickerError?, onMainQueue: Bool), Never>?
    private var heard: [(error: TimePickerError?, onMainQueue: Bool)] = []

    /// Set on the main queue only: what a block reads to know it runs there (the main thread
    /// may have left it to another thread, as `dispatchMain()` does).
    private static let mainQueueKey = DispatchSpecificKey<Bool>()

    /// Shows an alert titled `title` on the bus at `address`, with this as its delegate.
    init(showing title: String, on address: String) {
        DispatchQueue.main.setSpecific(key: Self.mainQueueKey, value: true)
        alert = SwiftLibraryTests.alert(title, on: address)
        alert.delegate = self
        alert.show()
    }

    func pickerAlertSelected(t1: String, t2: String) {
        record(nil)
    }

    func pickerAlertCancel(error: TimePickerError) {
        record(error)
    }

    private func record(_ error: TimePickerError?) {
        heard.append((error, DispatchQueue.getSpecific(key: Self.mainQueueKey) == true))
        if let waiting {
            self.waiting = nil
            waiting.resume(returning: heard.removeFirst())
        }
    }

    /// The first outcome heard, once there is one.
    func nextOutcome() async -> (error: TimePickerError?, onMainQueue: Bool) {
        if !heard.isEmpty { return heard.removeFirst() }
        return await withCheckedContinuation { waiting = $0 }
    }
}
