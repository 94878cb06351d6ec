import DBusKit
import Foundation
import TestHarness
import Testing

/// One caller's flood of sessions against a slow notification server must not keep another
/// caller's first notification waiting: the Notify calls out are shared among the callers as the
/// system tells them apart (here: by process), however many connections each uses.
@Suite("Notification UI: callers take turns at a slow server")
struct NotificationFairnessTests {
    /// A server that answers each Notify after a delay, several at once.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/slow-notification-server.py")

    @Test("With a server taking 0.25 s per Notify and one process holding 240 sessions over 15 connections, another process's first Notify arrives within 1 s")
    func firstNotifyBeforeBacklog() throws {
        // 16 sessions a connection, the most one connection may have.
        try expectAnotherProcessServedPromptly(connections: 15, sessionsEach: 16)
    }

    @Test("With a server taking 0.25 s per Notify and one process holding 240 sessions over 240 connections of one session each, another process's first Notify arrives within 1 s")
    func manyConnectionsBuyNothing() throws {
        try expectAnotherProcessServedPromptly(connections: 240, sessionsEach: 1)
    }

    /// Floods the daemon from this process (`connections` × `sessionsEach` ShowTimePicker calls)
    /// against a server taking 0.25 s per Notify, then has another process (busctl) ask for one
    /// picker, and expects its Notify at the server within 1 s of the asking.
    private func expectAnotherProcessServedPromptly(connections: Int, sessionsEach: Int) throws {
        var server: ChildProcess?
        var serverLog: URL?
        let fixture = try NotificationFixture(capabilities: nil) { bus in
            let watcher = try NameWatcher(address: bus.address, name: "org.freedesktop.Notifications")
            let log = uniqueFile(in: bus.directory, "slow-notify", "log")
            let process = try startLogged(
                ["/usr/bin/python3", Self.script.path, bus.address, "0.25"], environment: bus.environment, logFile: log)
            try watcher.waitUntilOwned(by: process, "the slow notification server", seconds: 30) { logText(log) }
            (server, serverLog) = (process, log)
        }
        defer { server?.stop() }
        let log = try #require(serverLog)
        /// The summaries of the Notify calls the server has received, in order.
        func notified() -> [Substring] {
            logText(log).split(separator: "\n").compactMap { $0.hasPrefix("notify ") ? $0.dropFirst("notify ".count) : nil }
        }

        let flood = try (0..<connections).map { _ in try BusClient(bus: fixture.bus) }
        var calls: [(caller: BusClient, serial: UInt32)] = []
        for (index, caller) in flood.enumerated() {
            for session in 0..<sessionsEach {
                calls.append((caller, try caller.startCall("ShowTimePicker", [.vardict(["title": .string("Flood \(index).\(session)")])])))
            }
        }
        for (caller, serial) in calls {
            let reply = try caller.waitForReply(to: serial, seconds: 30)
            try #require(reply.kind == .methodReturn, "\(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? "")")
        }
        // The server is busy with the flood, and most of it still waits in the daemon.
        try waitUntil("the server to have been sent 20 of the flood's notifications", seconds: 30) { notified().count >= 20 }

        let sentBefore = notified().count
        let asked = ContinuousClock.now
        let honest = try ShowTimePickerElsewhere.run(title: "Mine", on: fixture.bus)
        try #require(honest.termination == .exited(0), "busctl: \(honest.stderr)")
        do {
            try waitUntil("the other process's Notify at the server", seconds: 30) { notified().contains("Mine") }
        } catch {
            throw HarnessError("\(error)\ndaemon log:\n\(fixture.daemon.log)")
        }
        let waited = ContinuousClock.now - asked
        let ahead = (notified().firstIndex(of: "Mine") ?? 0) - sentBefore
        print("  another process's first Notify reached the server \(waited) after it asked, behind \(ahead) of the flood's (\(connections) connections × \(sessionsEach))")
        #expect(waited < .seconds(1), "another process's first notification waited \(waited) behind \(ahead) of the flood's")
    }
}

/// ShowTimePicker asked by another process than the test's (busctl), which the daemon must
/// tell apart from the test's own connections.
enum ShowTimePickerElsewhere {
    /// Runs busctl's ShowTimePicker with `title` on `bus` to its end (it leaves with the reply;
    /// the session stays).
    static func run(title: String, on bus: PrivateBus) throws -> CapturedCommand.Result {
        try CapturedCommand.run(
            "/usr/bin/busctl", ["--user", "call", "io.github.timepickerd.TimePicker1", "/io/github/timepickerd/TimePicker1",
                                "io.github.timepickerd.TimePicker1", "ShowTimePicker", "a{sv}", "1", "title", "s", title],
            environment: bus.environment, directory: bus.directory, seconds: 30)
    }
}
