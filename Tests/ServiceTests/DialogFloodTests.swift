import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// Sessions made and cancelled faster than the real GTK backend builds windows, on a virtual
/// display: the daemon must send the backend what is true now, not every request, so that no
/// backlog of dead dialogs keeps the screen and the backend busy afterwards.
@Suite("Hardening: dialogs under a flood", .serialized)
struct DialogFloodTests {
    /// How long the four callers flood.
    static let floodSeconds = 5.0
    /// The figures the flood must meet, measured on a 2-core machine shared with other builds
    /// (load average 7 to 13) and given a wide margin. A PickTimeRange sent right after the flood
    /// was on screen in 0.16 to 0.39 s (147.9 s before the daemon paced its dialogs, which is
    /// also when the last dead dialog went; now 0.15 to 0.35 s after the flood); 42 to 79 of
    /// 4,400 to 7,200 sessions were ever mapped (all 3,071 before), at most 1 at a time (3
    /// before, with no window manager here; 9 to 24 in the issue); the backend's peak resident
    /// memory grew by 0.5 to 3 MiB (75 MiB before; 120 to 180 MB in the issue). Nine runs after,
    /// one before (it takes two and a half minutes).
    static let showWithinSeconds = 5.0
    static let backlogGoneWithinSeconds = 5.0
    static let mappedAtMostOneIn = 4
    static let mostOnScreen = 8
    static let peakGrowthMiB = 32

    @Test("ShowTimePicker + Cancel pipelined from four connections for 5 s against the GTK backend: a PickTimeRange sent right after is on screen within 5 s, no dead dialog is left 5 s after, few are ever mapped, the backend's memory stays put")
    func flood() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog"], backendVerbose: false)
        let watcher = try WindowMapWatcher(display: fixture.display)
        // The backend started and one dialog shown and gone, so what it allocates on first use
        // is there before the flood.
        let warmUp = try fixture.client.showTimePicker(["title": .string("Warm up")])
        _ = try watcher.waitForMap(titled: "Warm up")
        _ = try fixture.client.call("Cancel", path: warmUp, interface: BusClient.sessionInterface)
        try watcher.waitUntilNoneOnScreen()
        let backend = try fixture.backendProcessID()
        let residentBefore = try FuzzRun.residentKiB(of: backend)

        let floodStarted = WindowMapWatcher.monotonicSeconds()
        let flood = try Flood(bus: fixture.bus, connections: 4)
        try flood.run(seconds: Self.floodSeconds)
        let sent = WindowMapWatcher.monotonicSeconds()
        let pick = try fixture.client.startCall(
            "PickTimeRange", [.vardict(["title": .string("After the flood"), "handle_token": .string("after")])])
        let shown = try watcher.waitForMap(titled: "After the flood", seconds: 180)
        // Then the flood's dialogs go, as soon as the figure allows (after that, they count as
        // left behind); the one asked for after the flood stays.
        try? waitUntil("the flood's dialogs to go", seconds: Self.backlogGoneWithinSeconds) { watcher.changes.last?.onScreen == 1 }
        let peak = try peakResidentKiB(of: backend)
        let ofTheFlood = watcher.changes.filter { $0.seconds >= floodStarted && $0.window != shown.window }
        let mostOnScreen = ofTheFlood.map(\.onScreen).max() ?? 0
        let maps = ofTheFlood.filter(\.isMap).count
        let stillOnScreen = watcher.changes.last.map { $0.onScreen - 1 } ?? 0
        let lastFloodUnmap = ofTheFlood.last { !$0.isMap }.map { $0.seconds - sent } ?? 0
        try flood.finish()
        print("""
              dialog flood: \(flood.sessions) sessions in \(Self.floodSeconds) s from 4 connections (\(flood.refusals) refused); \
            \(maps) dialogs mapped, at most \(mostOnScreen) on screen, the last unmapped \(String(format: "%.2f", lastFloodUnmap)) s after the flood \
            (\(stillOnScreen) still on screen); \
            PickTimeRange on screen \(String(format: "%.2f", shown.seconds - sent)) s after it was sent; \
            backend VmRSS \(residentBefore) KiB before, VmHWM \(peak) KiB after
            """)

        let path = try #require(ObjectPath("/io/github/timepickerd/TimePicker1/session/\(fixture.client.senderElement)/after"))
        _ = try fixture.client.call("Cancel", path: path, interface: BusClient.sessionInterface)
        #expect(try fixture.client.waitForReply(to: pick, seconds: 20).errorName == "io.github.timepickerd.TimePicker1.Error.Cancelled")
        #expect(shown.seconds - sent < Self.showWithinSeconds, "the dialog asked for after the flood waited behind dead ones")
        #expect(stillOnScreen == 0 && lastFloodUnmap < Self.backlogGoneWithinSeconds, "dead dialogs went on being shown after the flood")
        #expect(maps * Self.mappedAtMostOneIn <= flood.sessions, "\(maps) of \(flood.sessions) cancelled sessions were shown")
        #expect(mostOnScreen <= Self.mostOnScreen, "\(mostOnScreen) dialogs of cancelled sessions were on screen at once")
        if SanitizerBuild.measuresFigures {
            #expect(peak - residentBefore < Self.peakGrowthMiB * 1024, "the backend's peak resident memory grew from \(residentBefore) KiB to \(peak) KiB")
        }
    }
}

/// Callers that each pipeline ShowTimePicker + Cancel pairs (the Cancel sent before the
/// ShowTimePicker is answered, on the path its handle_token makes), keeping `window` pairs
/// unanswered at most, as fast as the daemon answers.
private final class Flood {
    private let callers: [BusClient]
    private var unanswered: [Int]
    private let window: Int
    private(set) var sessions = 0
    /// Calls answered with an error other than the session having ended already.
    private(set) var refusals = 0

    init(bus: PrivateBus, connections: Int, window: Int = 32) throws {
        callers = try (0..<connections).map { _ in try BusClient(bus: bus) }
        unanswered = Array(repeating: 0, count: connections)
        self.window = window
    }

    /// Floods for `seconds`.
    func run(seconds: Double) throws {
        let start = monotonicNanoseconds()
        while secondsSince(start) < seconds {
            for (index, caller) in callers.enumerated() {
                read(index, caller, waitingMilliseconds: unanswered[index] >= 2 * window ? 1 : 0)
                while unanswered[index] < 2 * window {
                    let token = "flood\(sessions)"
                    _ = try caller.startCall("ShowTimePicker", [.vardict(["handle_token": .string(token)])])
                    let path = try #require(ObjectPath("/io/github/timepickerd/TimePicker1/session/\(caller.senderElement)/\(token)"))
                    _ = try caller.startCall("Cancel", path: path, interface: BusClient.sessionInterface)
                    unanswered[index] += 2
                    sessions += 1
                }
            }
        }
    }

    /// Waits for the answers still to come.
    func finish() throws {
        try waitUntil("the flood's calls to be answered", seconds: 120) {
            for (index, caller) in callers.enumerated() { read(index, caller, waitingMilliseconds: 10) }
            return unanswered.allSatisfy { $0 == 0 }
        }
    }

    private func read(_ index: Int, _ caller: BusClient, waitingMilliseconds: Int32) {
        var timeout = waitingMilliseconds
        while let message = caller.connection.nextMessage(timeoutMilliseconds: timeout) {
            timeout = 0
            guard message.kind == .methodReturn || message.kind == .error else { continue }
            unanswered[index] -= 1
            // A session the daemon already ended is gone before its Cancel.
            if message.kind == .error, message.errorName?.rawValue != "org.freedesktop.DBus.Error.UnknownObject" { refusals += 1 }
        }
    }
}
