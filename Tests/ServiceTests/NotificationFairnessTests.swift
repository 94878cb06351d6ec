import DBusKit
import Foundation
import TestHarness
import Testing

/// One caller's flood of sessions against a slow notification server must not keep another
/// caller's first notification waiting: the Notify calls out are shared among the callers.
@Suite("Notification UI: callers take turns at a slow server")
struct NotificationFairnessTests {
    /// A server that answers each Notify after a delay, several at once.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/slow-notification-server.py")

    @Test("With a server taking 0.25 s per Notify and one caller holding 240 sessions over 15 connections, another caller's first Notify arrives within 1 s")
    func firstNotifyBeforeBacklog() throws {
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

        // 240 sessions over 15 connections: 16 each, the most one connection may have.
        let flood = try (0..<15).map { _ in try BusClient(bus: fixture.bus) }
        var calls: [(caller: BusClient, serial: UInt32)] = []
        for (index, caller) in flood.enumerated() {
            for session in 0..<16 {
                calls.append((caller, try caller.startCall("ShowTimePicker", [.vardict(["title": .string("Flood \(index).\(session)")])])))
            }
        }
        for (caller, serial) in calls {
            let reply = try caller.waitForReply(to: serial, seconds: 30)
            try #require(reply.kind == .methodReturn, "\(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? "")")
        }
        // The server is busy with the flood, and most of it still waits in the daemon.
        try waitUntil("the server to have been sent 20 of the flood's notifications", seconds: 30) { notified().count >= 20 }

        let honest = try BusClient(bus: fixture.bus)
        let sentBefore = notified().count
        let asked = ContinuousClock.now
        _ = try honest.showTimePicker(["title": .string("Mine")])
        do {
            try waitUntil("the other caller's Notify at the server", seconds: 30) { notified().contains("Mine") }
        } catch {
            throw HarnessError("\(error)\ndaemon log:\n\(fixture.daemon.log)")
        }
        let waited = ContinuousClock.now - asked
        let ahead = (notified().firstIndex(of: "Mine") ?? 0) - sentBefore
        print("  another caller's first Notify reached the server \(waited) after it asked, behind \(ahead) of the flood's")
        #expect(waited < .seconds(1), "another caller's first notification waited \(waited) behind \(ahead) of the flood's")
    }
}
