import DBusKit
import EventLoop
import Foundation
import Glibc
import TestHarness
import Testing
import TimePicker

/// This program's own cancel, at every phase of a pick: before the bus answers, while the bus
/// starts the service, once the picker is shown, after the outcome. Each time `pick()` throws
/// `CancellationError` within a second, whatever the pick was waiting for, and a pick
/// cancelled before PickTimeRange was sent makes no session.
@Suite("The Swift library's cancel, at every phase of a pick", .timeLimit(.minutes(2)))
struct SwiftLibraryCancelTests {
    /// How soon a cancelled pick must answer: the issue's "promptly" (under a sanitizer, only
    /// sooner than what it waits for: the bus standing still, an activation's 25 s).
    static let promptMilliseconds = SanitizerBuild.measuresFigures ? 1000 : 10_000

    /// Cancels `pick` and returns its result and how long it took to come.
    static func cancel(_ pick: Task<TimePickerRange, any Error>) async -> (Result<TimePickerRange, any Error>, milliseconds: Int) {
        let cancelled = MonotonicClock.now()
        pick.cancel()
        let result = await pick.result
        return (result, MonotonicClock.now() - cancelled)
    }

    @Test("Before the bus answers: CancellationError while the bus still stands still, and no session once it runs again")
    func beforeTheBusAnswers() async throws {
        let fixture = try NotificationFixture()
        let address = fixture.bus.address
        let observer = try BusClient(bus: fixture.bus)
        let before = try Self.connectionCount(seen: observer)
        // The bus stands still: the pick's connection waits for its Hello.
        kill(fixture.bus.pid, SIGSTOP)
        var resumed = false
        defer { if !resumed { kill(fixture.bus.pid, SIGCONT) } }
        let pick = Task { @MainActor in try await SwiftLibraryTests.alert("Too late", on: address).pick() }
        let (result, milliseconds) = await Self.cancel(pick)
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(milliseconds < Self.promptMilliseconds, "the cancelled pick answered after \(milliseconds) ms")
        kill(fixture.bus.pid, SIGCONT)
        resumed = true
        // The pick's thread, let go at once, connects now and must ask for nothing: wait for
        // it to leave the bus, then a round trip to the daemon (had it asked, its call came first).
        try waitUntil("the cancelled pick to leave the bus", seconds: 10) { try Self.connectionCount(seen: observer) == before }
        _ = try fixture.client.call("Ping", path: "/io/github/timepickerd/TimePicker1", interface: "org.freedesktop.DBus.Peer")
        #expect(!fixture.daemon.log.contains("PickTimeRange from"), "a session was made:\n\(fixture.daemon.log)")
    }

    /// How many connections the bus has (unique names), as `observer` asks.
    private static func connectionCount(seen observer: BusClient) throws -> Int {
        let names = try observer.call("ListNames", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", destination: "org.freedesktop.DBus")
        guard case .array(_, let list)? = names.first else { throw HarnessError("ListNames gave \(names)") }
        return list.filter { if case .string(let name) = $0 { name.hasPrefix(":") } else { false } }.count
    }

    @Test("While the bus starts the service (its activation hangs): CancellationError within a second, the pick's connection gone at once")
    func duringActivation() async throws {
        let bus = try PrivateBus()
        let observer = try BusClient(bus: bus)
        let before = try Self.connectionCount(seen: observer)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("activation-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let started = directory.path + "/started"
        let release = directory.path + "/release"
        guard mkfifo(release, 0o600) == 0 else { throw HarnessError("mkfifo: \(errno)") }
        // A service that never comes: it says it was started, then waits until the test lets it
        // exit (activation then fails), so nothing is left running.
        try bus.installService("io.github.timepickerd.TimePicker1", command: "/bin/sh -c 'echo started > \(started); read line < \(release)'")
        let address = bus.address
        let pick = Task { @MainActor in try await SwiftLibraryTests.alert("Activating", on: address).pick() }
        defer {
            // Opening the fifo's other end lets the stand-in's read return at end of file.
            let end = open(release, O_WRONLY | O_NONBLOCK)
            if end >= 0 { close(end) }
        }
        try waitUntil("the bus to start the service", seconds: 10) { FileManager.default.fileExists(atPath: started) }
        let (result, milliseconds) = await Self.cancel(pick)
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(milliseconds < Self.promptMilliseconds, "the cancelled pick answered after \(milliseconds) ms")
        // The pick gives up its StartServiceByName and leaves the bus, while the activation
        // still hangs (the bus gives it 25 s): no thread of the library waits for it.
        try waitUntil("the cancelled pick to leave the bus", seconds: SanitizerBuild.measuresFigures ? 5 : 15) {
            try Self.connectionCount(seen: observer) == before
        }
    }

    @Test("Once the picker is shown: CancellationError within a second, the session Cancelled('caller'); alert.cancel() likewise")
    func afterTheCall() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let address = fixture.bus.address
        let pick = Task { @MainActor in try await SwiftLibraryTests.alert("Shown", on: address).pick() }
        _ = try mock.waitForNotify(summary: "Shown")
        let (result, milliseconds) = await Self.cancel(pick)
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(milliseconds < Self.promptMilliseconds, "the cancelled pick answered after \(milliseconds) ms")
        let cancelled = try fixture.client.waitForMessage(seconds: 30, "a Cancelled signal") { $0.kind == .signal && $0.member == "Cancelled" }
        #expect(cancelled.strings == ["caller"])

        let alert = await MainActor.run { SwiftLibraryTests.alert("Shown again", on: address) }
        let second = Task { @MainActor in try await alert.pick() }
        _ = try mock.waitForNotify(summary: "Shown again")
        await alert.cancel()
        await #expect(throws: CancellationError.self) { try await second.value }
    }

    @Test("Against a SIGSTOPped service: CancellationError within 2 s, and Cancelled('caller') once it runs again")
    func againstStoppedService() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let address = fixture.bus.address
        let pick = Task { @MainActor in try await SwiftLibraryTests.alert("Frozen", on: address).pick() }
        _ = try mock.waitForNotify(summary: "Frozen")
        fixture.daemon.send(SIGSTOP)
        defer { fixture.daemon.send(SIGCONT) }
        // The Cancel is only written, never waited for: a frozen service holds nobody.
        let (result, milliseconds) = await Self.cancel(pick)
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(milliseconds < (SanitizerBuild.measuresFigures ? 2000 : Self.promptMilliseconds), "the cancelled pick answered after \(milliseconds) ms")
        fixture.daemon.send(SIGCONT)
        let cancelled = try fixture.client.waitForMessage(seconds: 30, "a Cancelled signal") { $0.kind == .signal && $0.member == "Cancelled" }
        #expect(cancelled.strings == ["caller"])
    }

    @Test("Another program's Cancel of the session is a TimePickerError of code .caller, not this program's CancellationError")
    func anotherProgramsCancel() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let address = fixture.bus.address
        let pick = Task { @MainActor in try await SwiftLibraryTests.alert("Cancelled elsewhere", on: address).pick() }
        _ = try mock.waitForNotify(summary: "Cancelled elsewhere")
        // The daemon logs each session it makes: "PickTimeRange from :1.5: session PATH \"title\" …".
        let line = try #require(fixture.daemon.log.split(separator: "\n").first { $0.contains("\"Cancelled elsewhere\"") })
        let words = line.split(separator: " ")
        let path = try #require(words.firstIndex(of: "session").map { String(words[$0 + 1]) })
        _ = try fixture.client.call("Cancel", path: try #require(ObjectPath(path)), interface: BusClient.sessionInterface)
        let error = try #require(await pick.result.failure as? TimePickerError)
        #expect(error.code == .caller, "\(error)")
    }

    @Test("A task cancelled before pick() is called throws CancellationError at once and sends nothing")
    func alreadyCancelled() async throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let address = bus.address
        let pick = Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await SwiftLibraryTests.alert("Never", on: address).pick()
        }
        await #expect(throws: CancellationError.self) { try await pick.value }
        // A call of our own after it: had the pick asked, its call would be there first.
        let marker = try BusClient(bus: bus)
        _ = try marker.startCall("Ping", path: "/", interface: "org.freedesktop.DBus.Peer")
        let first = try service.bus.waitForMessage(seconds: 10, "the marker's Ping") { $0.kind == .methodCall }
        #expect(first.member == "Ping", "the pick sent \(first.member?.rawValue ?? "?")")
    }

    @Test("After the outcome: cancelling changes nothing, the range stays, the alert picks again")
    func afterTheOutcome() async throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let address = bus.address
        let alert = await MainActor.run { SwiftLibraryTests.alert("Done", on: address) }
        let pick = Task { @MainActor in try await alert.pick() }
        let (call, _) = try service.nextPick()
        try service.answer(call, start: "09:00", end: "10:00")
        let range = try await pick.value
        pick.cancel()
        await alert.cancel()
        #expect(range.start == "09:00" && range.end == "10:00")
        #expect(await !alert.isShowing)
        // Picks again, and the first thing the service hears is that pick, not a Cancel.
        let again = Task { @MainActor in try await alert.pick() }
        let (next, _) = try service.nextPick()
        try service.answer(next, start: "11:00", end: "12:00")
        #expect(try await again.value.start == "11:00")
    }
}
