import DBusKit
import Foundation
import Glibc
import Testing

/// How notification sessions end when the person, the server or the clock ends them: every
/// session gets exactly one outcome, never hangs.
@Suite("Notification UI: how sessions end")
struct NotificationEndingTests {
    private static let noUserInterface = "io.github.timepickerd.TimePicker1.Error.NoUserInterface"
    private static let cancelledError = "io.github.timepickerd.TimePicker1.Error.Cancelled"

    @Test("Dismissing the notification (closed with reason 2, no action before) cancels with 'user'")
    func dismissal() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let handle = try fixture.client.showTimePicker(["title": .string("Dismiss me")])
        let shown = try mock.waitForNotify(summary: "Dismiss me")
        try mock.closeNotification(shown.id, reason: 2)
        #expect(try fixture.waitForSignal("Cancelled", on: handle, seconds: 30).strings == ["user"], "\(fixture.logs)")
        #expect(fixture.client.receivedSignals("Selected").isEmpty)
        // A notification the server already closed is not shown again.
        #expect(!mock.receivedCalls().contains { $0.notification?.summary == "Dismiss me" && $0.notification?.replacesID == shown.id })
    }

    @Test("PickTimeRange whose notification is dismissed answers Error.Cancelled with 'user'")
    func pickTimeRangeDismissed() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let path = try fixture.sessionPath("pick")
        let serial = try fixture.client.startCall(
            "PickTimeRange", [.vardict(["title": .string("Pick, then dismiss"), "handle_token": .string("pick")])])
        let shown = try mock.waitForNotify(summary: "Pick, then dismiss")
        // A step first: the dismissal after it is still the person's.
        try mock.invokeAction("later", on: shown.id)
        try fixture.client.waitForPropertiesChanged(on: path, ["Start": "02:00"])
        _ = try mock.waitForNotify(summary: "Pick, then dismiss")
        try mock.closeNotification(shown.id, reason: 2)
        let reply = try fixture.client.waitForReply(to: serial, seconds: 30)
        #expect(reply.errorName?.rawValue == Self.cancelledError, "\(fixture.logs)")
        #expect(reply.errorMessage == "user")
        #expect(try fixture.waitForSignal("Cancelled", on: path).strings == ["user"])
    }

    @Test("A server without the actions capability: Cancelled('unavailable'), PickTimeRange NoUserInterface, nothing shown")
    func serverWithoutActions() throws {
        let fixture = try NotificationFixture(capabilities: "body body-markup")
        let mock = try fixture.mock
        let handle = try fixture.client.showTimePicker(["title": .string("No buttons")])
        #expect(try fixture.waitForSignal("Cancelled", on: handle, seconds: 30).strings == ["unavailable"], "\(fixture.logs)")

        let reply = try fixture.client.waitForReply(
            to: try fixture.client.startCall("PickTimeRange", [.vardict(["title": .string("No buttons either")])]), seconds: 30)
        #expect(reply.errorName?.rawValue == Self.noUserInterface, "\(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? "")")

        let asked = try mock.recordedMethods()
        #expect(asked.contains("GetCapabilities"), "asked: \(asked)")
        #expect(!asked.contains("Notify"), "a picker without buttons is never shown; asked: \(asked)")
        #expect(fixture.daemon.log.contains("actions"), "the log says why: \(fixture.daemon.log)")
    }

    @Test("No notification server at all: Cancelled('unavailable') at once, PickTimeRange NoUserInterface")
    func noServer() throws {
        let fixture = try NotificationFixture(capabilities: nil)
        #expect(try fixture.client.property("UserInterface") == .string("notification"))
        let started = ContinuousClock.now
        let handle = try fixture.client.showTimePicker(["title": .string("Nobody there")])
        #expect(try fixture.waitForSignal("Cancelled", on: handle, seconds: 30).strings == ["unavailable"], "\(fixture.logs)")
        #expect(ContinuousClock.now - started < .seconds(20), "no server is known at once, not after a call timeout")

        let reply = try fixture.client.waitForReply(to: try fixture.client.startCall("PickTimeRange", [.vardict([:])]), seconds: 30)
        #expect(reply.errorName?.rawValue == Self.noUserInterface, "\(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? "")")
        #expect(fixture.daemon.process.isRunning)
    }

    @Test("A notification server of another Unix user is never sent a picker: NoUserInterface names its uid; the user's own server then is", .actsAsOtherUser)
    func serverOfAnotherUser() throws {
        let fixture = try NotificationFixture(capabilities: nil)
        let stranger = try fixture.startServer(launcher: OtherUser.launcher)
        let reply = try fixture.client.waitForReply(
            to: try fixture.client.startCall("PickTimeRange", [.vardict(["title": .string("Private")])]), seconds: 30)
        #expect(reply.errorName?.rawValue == Self.noUserInterface, "\(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? "")")
        #expect(reply.errorMessage?.contains("another user (uid \(OtherUser.uid))") == true, "\(reply.errorMessage ?? "")")
        let asked = try stranger.recordedMethods()
        #expect(!asked.contains("Notify") && !asked.contains("GetCapabilities"), "asked: \(asked)")

        // The user's own server in its place is trusted: the next picker shows there.
        try fixture.killServer()
        let own = try fixture.startServer()
        _ = try fixture.client.showTimePicker(["title": .string("Mine")])
        _ = try own.waitForNotify(summary: "Mine")
    }

    @Test("A server whose name another process takes over mid-session counts as gone: its session ends 'unavailable', the next goes to the new owner")
    func serverTakenOverMidSession() throws {
        let fixture = try NotificationFixture()
        let old = try fixture.mock
        let handle = try fixture.client.showTimePicker(["title": .string("Before")])
        _ = try old.waitForNotify(summary: "Before")
        let new = try fixture.startServer()
        #expect(try fixture.waitForSignal("Cancelled", on: handle).strings == ["unavailable"])
        let after = try fixture.client.showTimePicker(["title": .string("After")])
        let shownAfter = try new.waitForNotify(summary: "After")
        // The old process's signals no longer count; the new one's do (and arrive after them).
        try old.invokeAction("later", on: shownAfter.id)
        try new.invokeAction("later", on: shownAfter.id)
        try fixture.client.waitForPropertiesChanged(on: after, ["Start": "02:00"])
        #expect(try fixture.client.sessionProperty("Start", of: after) == .string("02:00"))
        let oldAsked = try old.recordedMethods()
        #expect(oldAsked.filter { $0 == "Notify" }.count == 1, "asked: \(oldAsked)")
    }

    @Test("A server taken over while it is being asked about itself is not the server: the next picker goes to the new owner")
    func serverTakenOverWhileAsked() throws {
        let fixture = try NotificationFixture()
        let old = try fixture.mock
        try old.answerServerInformationOnceReplaced()
        let first = try fixture.client.startCall("PickTimeRange", [.vardict(["title": .string("First")])])
        try old.waitForCall("GetServerInformation")
        // dbusmock takes the name over (and allows it to be taken): the old one stays on the bus.
        let new = try fixture.startServer()
        let reply = try fixture.client.waitForReply(to: first, seconds: 30)
        #expect(reply.errorName?.rawValue == Self.noUserInterface, "\(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? "")")

        _ = try fixture.client.showTimePicker(["title": .string("Second")])
        #expect(throws: Never.self, "\(fixture.logs)") { try new.waitForNotify(summary: "Second", seconds: 10) }
        let oldAsked = try old.recordedMethods()
        #expect(!oldAsked.contains("Notify"), "the process that lost the name is sent no picker; asked: \(oldAsked)")
    }

    @Test("A server that answers every Notify with the same id: each session whose id a newer one took ends with Cancelled('unavailable'); the newest picks")
    func sameIDForEveryNotify() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        try mock.answerEveryNotify(withID: 7)
        let first = try fixture.client.showTimePicker(["title": .string("First")])
        _ = try mock.waitForNotify(summary: "First")
        let second = try fixture.client.showTimePicker(["title": .string("Second")])
        _ = try mock.waitForNotify(summary: "Second")
        #expect(try fixture.waitForSignal("Cancelled", on: first).strings == ["unavailable"])
        let serial = try fixture.client.startCall("PickTimeRange", [.vardict(["title": .string("Third")])])
        _ = try mock.waitForNotify(summary: "Third")
        #expect(try fixture.waitForSignal("Cancelled", on: second).strings == ["unavailable"])

        // The newest is not stranded either: what the person does to notification 7 is its own.
        try mock.invokeAction("default", on: 7)
        _ = try mock.waitForNotify(summary: "Third") { $0.isStepperEndStep }
        try mock.invokeAction("default", on: 7)
        let reply = try fixture.client.waitForReply(to: serial, seconds: 30)
        #expect(reply.kind == .methodReturn, "\(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? ""); \(fixture.logs)")
        #expect(reply.strings == ["01:00", "02:00"])
    }

    @Test("The server killed mid-session (SIGKILL): every open session ends with Cancelled('unavailable')")
    func serverKilled() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let shown = try fixture.client.showTimePicker(["title": .string("First")])
        let picker = try fixture.newClient()
        let pickPath = try fixture.sessionPath("waiting", of: picker)
        let pick = try picker.startCall("PickTimeRange", [.vardict(["title": .string("Second"), "handle_token": .string("waiting")])])
        let first = try mock.waitForNotify(summary: "First")
        _ = try mock.waitForNotify(summary: "Second")
        // One of them mid-step.
        try mock.invokeAction("default", on: first.id)
        _ = try mock.waitForNotify(summary: "First") { $0.isStepperEndStep }

        try fixture.killServer()

        #expect(try fixture.waitForSignal("Cancelled", on: shown, seconds: 30).strings == ["unavailable"], "\(fixture.logs)")
        #expect(try fixture.waitForSignal("Cancelled", on: pickPath, seconds: 30).strings == ["unavailable"], "\(fixture.logs)")
        let reply = try picker.waitForReply(to: pick, seconds: 30)
        #expect(reply.errorName?.rawValue == Self.noUserInterface, "\(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? "")")
        #expect(fixture.client.receivedSignals("Selected").isEmpty)
        #expect(fixture.daemon.process.isRunning)
        _ = try fixture.client.call("Ping", interface: "org.freedesktop.DBus.Peer")
    }

    @Test("The server restarted: a session after the restart is shown by the new server and completes")
    func serverRestarted() throws {
        let fixture = try NotificationFixture()
        let before = try fixture.client.showTimePicker(["title": .string("Before")])
        _ = try fixture.mock.waitForNotify(summary: "Before")

        try fixture.killServer()
        #expect(try fixture.waitForSignal("Cancelled", on: before, seconds: 30).strings == ["unavailable"], "\(fixture.logs)")
        // While there is none, sessions end at once.
        let between = try fixture.client.showTimePicker(["title": .string("Between")])
        #expect(try fixture.waitForSignal("Cancelled", on: between, seconds: 30).strings == ["unavailable"], "\(fixture.logs)")

        let server = try fixture.startServer()
        let serial = try fixture.client.startCall(
            "PickTimeRange", [.vardict(["title": .string("After"), "start": .string("08:00"), "end": .string("09:00")])])
        let shown = try server.waitForNotify(summary: "After")
        #expect(shown.actionKeys.contains("later"), "\(shown)")
        try server.invokeAction("default", on: shown.id)
        let endPhase = try server.waitForNotify(summary: "After") { $0.isStepperEndStep }
        try server.invokeAction("later", on: endPhase.id)
        _ = try server.waitForNotify(summary: "After") { $0.body.contains("10:00") }
        try server.invokeAction("default", on: endPhase.id)
        let reply = try fixture.client.waitForReply(to: serial, seconds: 30)
        #expect(reply.kind == .methodReturn, "\(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? ""); \(fixture.logs)")
        #expect(reply.strings == ["08:00", "10:00"])
    }

    @Test("The session's timeout option: Cancelled('timeout'), and the daemon closes the notification")
    func sessionTimeout() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let handle = try fixture.client.showTimePicker(["title": .string("Hurry"), "timeout": .uint32(1)])
        let shown = try mock.waitForNotify(summary: "Hurry")
        #expect(shown.expireTimeout == 0, "the daemon keeps the time, not the server")
        #expect(try fixture.waitForSignal("Cancelled", on: handle, seconds: 30).strings == ["timeout"], "\(fixture.logs)")
        try mock.waitForCloseNotification(shown.id)
    }

    @Test(
        "The server closing the notification by itself ends the session: expired is 'timeout', anything else 'unavailable'",
        arguments: [(UInt32(1), "timeout"), (3, "unavailable"), (4, "unavailable")])
    func serverClosed(reason: UInt32, expected: String) throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let handle = try fixture.client.showTimePicker(["title": .string("Closed by the server")])
        let shown = try mock.waitForNotify(summary: "Closed by the server")
        try mock.closeNotification(shown.id, reason: reason)
        #expect(try fixture.waitForSignal("Cancelled", on: handle, seconds: 30).strings == [expected], "\(fixture.logs)")
    }
}
