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
            alert.step = .seconds(30 * 60)
            alert.start = TimeOfDay(hour: 9)
            alert.end = TimeOfDay(hour: 17, minute: 30)
            return try await alert.pick()
        }
        let shown = try mock.waitForNotify(summary: "From Swift")
        try mock.invokeAction("default", on: shown.id)
        _ = try mock.waitForNotify { $0.replacesID == shown.id && $0.isStepperEndStep }
        try mock.invokeAction("default", on: shown.id)
        let range = try await pick.value
        #expect(range.start == "09:00" && range.end == "17:30", "\(range)")
        #expect(range.duration == .seconds(8 * 3600 + 1800))
        #expect(range.isNextDay == false)
        #expect(range.interval == nil && range.timeZone == nil)
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
            #expect(error.code == .invalidArgs && error.option == "timeout_extensions", "\(error)")
        }
        let pick = Task { @MainActor in
            let alert = Self.alert("With a limit", on: address)
            alert.timeout = .seconds(600)
            alert.timeoutExtensions = 2
            return try await alert.pick()
        }
        _ = try mock.waitForNotify(summary: "With a limit")
        pick.cancel()
        _ = await pick.result
    }

    @Test("A cancelled task withdraws the picker: the session ends Cancelled('caller'), pick() throws CancellationError")
    func cancelledTask() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let address = fixture.bus.address
        let pick = Task { @MainActor in try await Self.alert("Withdrawn", on: address).pick() }
        let shown = try mock.waitForNotify(summary: "Withdrawn")
        pick.cancel()
        let result = await pick.result
        #expect(throws: CancellationError.self) { try result.get() }
        let cancelled = try fixture.client.waitForMessage(seconds: 30, "a Cancelled signal") { $0.kind == .signal && $0.member == "Cancelled" }
        #expect(cancelled.strings == ["caller"])
        try mock.waitForCloseNotification(shown.id)
    }

    @Test("The delegate hears cancel() on the main queue, as CancellationError")
    func delegateOnMainThread() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let delegate = await RecordingAlertDelegate(showing: "Delegated", on: fixture.bus.address)
        _ = try mock.waitForNotify(summary: "Delegated")
        #expect(await delegate.alert.isShowing)
        await delegate.alert.cancel()
        let heard = await delegate.nextOutcome()
        #expect(heard.outcome == .cancellation)
        #expect(heard.onMainQueue)
        #expect(await !delegate.alert.isShowing)
    }

    @Test("pick() while the alert's picker is shown throws code .alreadyShowing and leaves that picker be")
    func secondPickOfOneAlert() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let delegate = await RecordingAlertDelegate(showing: "Once", on: fixture.bus.address)
        _ = try mock.waitForNotify(summary: "Once")
        let second = await Task { @MainActor in try await delegate.alert.pick() }.result
        #expect((second.failure as? TimePickerError)?.code == .alreadyShowing, "\(second)")
        #expect(await delegate.alert.isShowing)
        await delegate.alert.cancel()
        #expect(await delegate.nextOutcome().outcome == .cancellation)
    }

    @Test("A daemon killed mid-pick fails the pick with code .vanished at once, never a hang")
    func daemonKilled() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let address = fixture.bus.address
        let pick = Task { @MainActor in try await Self.alert("Killed", on: address).pick() }
        _ = try mock.waitForNotify(summary: "Killed")
        let killed = MonotonicClock.now()
        fixture.daemon.send(SIGKILL)
        let result = await pick.result
        #expect((result.failure as? TimePickerError)?.code == .vanished, "\(result)")
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
        #expect(results["start"] == range.start && results["duration"] == range.duration.map { String($0.components.seconds) })
        // Selected carries the Response's whole range, as libtimepicker's monitor gives one.
        let selected = try #require(try await outcomes.next())
        #expect(selected == TimePickerOutcome(session: first.handle.rawValue, event: .selected(range)))
        guard case .selected(let chosen) = selected.event else { return }
        #expect(chosen.duration != nil && chosen.isNextDay == false)

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

/// What a delegate heard: a range, this program's own cancel, or a `TimePickerError`'s code.
enum HeardOutcome: Equatable, Sendable {
    case range
    case cancellation
    case failure(TimePickerError.Code)
    case other(String)

    /// How `error` reads.
    init(_ error: any Error) {
        switch error {
        case is CancellationError: self = .cancellation
        case let error as TimePickerError: self = .failure(error.code)
        default: self = .other("\(error)")
        }
    }
}

extension Result {
    /// The error, when it is one.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}

/// A delegate that shows an alert and records what it hears, and on which thread.
@MainActor
final class RecordingAlertDelegate: TimePickerAlertDelegate {
    let alert: TimePickerAlert
    private var waiting: CheckedContinuation<(outcome: HeardOutcome, onMainQueue: Bool), Never>?
    private var heard: [(outcome: HeardOutcome, onMainQueue: Bool)] = []

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
        record(.range)
    }

    func pickerAlertCancel(error: any Error) {
        record(HeardOutcome(error))
    }

    private func record(_ outcome: HeardOutcome) {
        heard.append((outcome, DispatchQueue.getSpecific(key: Self.mainQueueKey) == true))
        if let waiting {
            self.waiting = nil
            waiting.resume(returning: heard.removeFirst())
        }
    }

    /// The first outcome heard, once there is one.
    func nextOutcome() async -> (outcome: HeardOutcome, onMainQueue: Bool) {
        if !heard.isEmpty { return heard.removeFirst() }
        return await withCheckedContinuation { waiting = $0 }
    }
}
