import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// Sessions made and cancelled faster than a notification server shows them: the daemon must
/// catch up with what is true now, not replay every request to the server.
@Suite("Hardening: notifications under a flood")
struct NotificationFloodTests {
    @Test("Show and Cancel at full speed: no backlog of stale notifications afterwards, and memory stays flat")
    func flood() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let pid = fixture.daemon.process.pid
        // Warm up, so that what the daemon allocates on first use exists before memory is read.
        try cycle(fixture, sessions: 200, round: 0)
        let residentBefore = try FuzzRun.residentKiB(of: pid)
        var notifies: [Int] = []
        var lag: [Double] = []
        for round in 1...3 {
            try cycle(fixture, sessions: 1500, round: round)
            // Every session has ended by now; the server may still be sent what is in flight,
            // but nothing more than that.
            let ended = Date()
            var last = mock.receivedCalls().count
            var lastChange = Date()
            while Date().timeIntervalSince(lastChange) < 1, Date().timeIntervalSince(ended) < 30 {
                usleep(50_000)
                let now = mock.receivedCalls().count
                if now != last { last = now; lastChange = Date() }
            }
            lag.append(lastChange.timeIntervalSince(ended))
            notifies.append(mock.receivedCalls().filter { $0.method == "Notify" }.count)
        }
        let residentAfter = try FuzzRun.residentKiB(of: pid)
        print("  flood: Notify calls seen after each round \(notifies); the server still got calls for \(lag.map { String(format: "%.2f", $0) }) s after each round's last Cancel; VmRSS \(residentBefore) → \(residentAfter) KiB")
        #expect(lag.allSatisfy { $0 < 3 }, "calls for long-ended sessions went on reaching the server: \(lag) s")
        if SanitizerBuild.measuresFigures {
            #expect(residentAfter - residentBefore < 1024, "resident memory grew from \(residentBefore) KiB to \(residentAfter) KiB")
        }
        _ = try fixture.client.call("Ping", interface: "org.freedesktop.DBus.Peer")
    }

    /// `sessions` ShowTimePicker + Cancel pairs, pipelined on one connection, all answered.
    private func cycle(_ fixture: NotificationFixture, sessions: Int, round: Int) throws {
        let caller = try BusClient(bus: fixture.bus)
        var serials: [UInt32] = []
        for index in 0..<sessions {
            let token = "flood\(round)_\(index)"
            serials.append(try caller.startCall("ShowTimePicker", [.vardict(["handle_token": .string(token)])]))
            serials.append(try caller.startCall("Cancel", path: try fixture.sessionPath(token, of: caller), interface: BusClient.sessionInterface))
        }
        for serial in serials {
            let reply = try caller.waitForReply(to: serial, seconds: 60)
            // A session the server already failed (it cannot keep up) is gone before its Cancel.
            #expect(reply.kind == .methodReturn || reply.errorName == "org.freedesktop.DBus.Error.UnknownObject",
                    "\(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? "")")
        }
    }
}
