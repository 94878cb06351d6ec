import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// libnotify waits up to about 25 s for a server that does not answer. A frozen server (SIGSTOP)
/// must not stall the daemon: every other caller is answered at once, and the frozen server's
/// sessions end with a reason once libnotify gives up.
@Suite("Notification UI: a frozen server")
struct NotificationFrozenServerTests {
    /// Far below libnotify's 25 s, and generous for a loaded CI machine.
    private static let prompt: Duration = .seconds(3)

    /// Runs `body` and checks it took less than `prompt`.
    private func expectPrompt(_ what: String, _ body: () throws -> Void) throws {
        let elapsed = try ContinuousClock().measure(body)
        #expect(elapsed < Self.prompt, "\(what) took \(elapsed) while the notification server was frozen")
    }

    /// The calls another client makes while a session's Notify hangs; each must be answered at once.
    private func timeOtherCalls(by caller: BusClient) throws {
        try expectPrompt("Peer.Ping") {
            _ = try caller.call("Ping", interface: "org.freedesktop.DBus.Peer", seconds: 5)
        }
        try expectPrompt("Get UserInterface") {
            let userInterface = try caller.property("UserInterface")
            #expect(userInterface == .string("notification"))
        }
        var other: ObjectPath?
        try expectPrompt("ShowTimePicker") {
            other = try caller.showTimePicker(["title": .string("Meanwhile")])
        }
        let handle = try #require(other)
        try expectPrompt("Cancel()") {
            _ = try caller.call("Cancel", path: handle, interface: BusClient.sessionInterface, seconds: 5)
        }
        #expect(try caller.waitForSignal("Cancelled", path: handle, seconds: 5).strings == ["caller"])
    }

    @Test("While the server is frozen every other call is answered at once; thawed, the frozen session is shown and completes")
    func frozenThenThawed() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        defer { mock.thaw() }
        let caller = try fixture.newClient()
        // The server is known before it freezes, so the call that hangs is the Notify itself.
        _ = try fixture.client.showTimePicker(["title": .string("Warm-up")])
        _ = try mock.waitForNotify(summary: "Warm-up")

        try mock.freeze()
        let serial = try fixture.client.startCall(
            "PickTimeRange", [.vardict(["title": .string("Frozen"), "handle_token": .string("frozen")])])
        try timeOtherCalls(by: caller)
        mock.thaw()

        let shown = try mock.waitForNotify(summary: "Frozen", seconds: 60)
        try mock.invokeAction("default", on: shown.id)
        let endPhase = try mock.waitForNotify(summary: "Frozen") { $0.actionKeys.contains("ok") }
        try mock.invokeAction("default", on: endPhase.id)
        let reply = try fixture.client.waitForReply(to: serial, seconds: 30)
        #expect(reply.kind == .methodReturn, "\(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? ""); \(fixture.logs)")
        #expect(reply.strings == ["01:00", "02:00"])
    }

    @Test("A server that stays frozen: its session ends with Cancelled('unavailable') once libnotify gives up; the daemon answers throughout")
    func frozenUntilLibnotifyGivesUp() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        defer { mock.thaw() }
        let caller = try fixture.newClient()
        // The server is known before it freezes, so the call that hangs is the Notify itself.
        let warmUp = try fixture.client.showTimePicker(["title": .string("Warm-up")])
        _ = try mock.waitForNotify(summary: "Warm-up")

        try mock.freeze()
        let frozen = try fixture.client.showTimePicker(["title": .string("Frozen for good"), "handle_token": .string("frozen")])
        try timeOtherCalls(by: caller)
        try expectPrompt("Cancel() of a session shown before the freeze") {
            _ = try fixture.client.call("Cancel", path: warmUp, interface: BusClient.sessionInterface, seconds: 5)
        }
        #expect(try fixture.waitForSignal("Cancelled", on: warmUp, seconds: 5).strings == ["caller"])

        // libnotify gives up after about 25 s.
        let cancelled = try fixture.waitForSignal("Cancelled", on: frozen, seconds: 60)
        #expect(cancelled.strings == ["unavailable"], "\(fixture.logs)")
        try expectPrompt("Peer.Ping after the timeout") {
            _ = try caller.call("Ping", interface: "org.freedesktop.DBus.Peer", seconds: 5)
        }

        // Thawed, the server gets the Notify that hung, and is used again.
        mock.thaw()
        _ = try mock.waitForNotify(summary: "Frozen for good", seconds: 30)
        let serial = try caller.startCall("PickTimeRange", [.vardict(["title": .string("After the thaw")])])
        let shown = try mock.waitForNotify(summary: "After the thaw", seconds: 60)
        try mock.invokeAction("default", on: shown.id)
        let endPhase = try mock.waitForNotify(summary: "After the thaw") { $0.actionKeys.contains("ok") }
        try mock.invokeAction("default", on: endPhase.id)
        let reply = try caller.waitForReply(to: serial, seconds: 60)
        #expect(reply.kind == .methodReturn, "\(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? ""); \(fixture.logs)")
        #expect(reply.strings == ["01:00", "02:00"])
    }

    @Test("Several sessions waiting on a frozen server all end once it times out, not one timeout after another")
    func queuedSessionsEndTogether() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        defer { mock.thaw() }
        _ = try fixture.client.showTimePicker(["title": .string("Warm-up")])
        _ = try mock.waitForNotify(summary: "Warm-up")

        try mock.freeze()
        let frozenAt = ContinuousClock.now
        var waiting: [ObjectPath] = []
        for index in 1...3 {
            waiting.append(try fixture.client.showTimePicker(["title": .string("Waiting \(index)")]))
        }
        // One libnotify timeout (about 25 s), with room for a loaded machine; three timeouts in
        // a row would be 75 s.
        for path in waiting {
            let remaining = Double((frozenAt + .seconds(45) - ContinuousClock.now).components.seconds)
            let outcome: DBusMessage
            do {
                outcome = try fixture.client.waitForMessage(seconds: max(1, remaining), "Cancelled on \(path) within 45 s of the freeze") {
                    $0.kind == .signal && $0.member == "Cancelled" && $0.path == path
                }
            } catch {
                throw HarnessError("\(error)\n\(fixture.logs)")
            }
            #expect(outcome.strings == ["unavailable"])
        }
    }
}
