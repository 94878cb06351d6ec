import DBusKit
import Foundation
import TestHarness
import Testing

/// "Choose in a window…": a notification session goes on in the dialog, the same session (its
/// path, signals and timeout), through the real daemon, the real GTK backend on a virtual
/// display and a mock notification server, on a private bus.
@Suite("Notifications: handing over to the dialog", .serialized)
struct NotificationHandOverTests {
    /// A daemon showing notifications, with the dialog backend installed (or not, or without a
    /// display), and the mock server.
    static func fixture(installBackend: Bool = true, backendHasDisplay: Bool = true) throws -> DaemonDialogFixture {
        try DaemonDialogFixture(
            daemonArguments: ["--ui", "notification", "--verbose"], installBackend: installBackend,
            backendHasDisplay: backendHasDisplay, notificationServer: true)
    }

    @Test("Offered where the backend can be started; not where none is installed, nor to a caller that asked for notifications by ui")
    func offeredOnlyWhereAWindowCanOpen() throws {
        let fixture = try Self.fixture()
        let mock = try #require(fixture.notifications)
        let handle = try fixture.client.showTimePicker(["title": .string("Offered"), "step": .uint32(30)])
        let shown = try mock.waitForNotify(summary: "Offered")
        #expect(shown.actionKeys == ["default", "window", "later-hour", "later"], "\(shown) \(fixture.logs)")
        #expect(shown.label(of: "window") == "Choose in a window…")
        #expect(shown.body.contains("Or choose both times in a window."), "\(shown.body)")
        _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)

        let named = try fixture.client.showTimePicker(["title": .string("Named"), "step": .uint32(30), "ui": .string("notification")])
        let asked = try mock.waitForNotify(summary: "Named")
        #expect(asked.actionKeys == ["default", "earlier-hour", "later-hour", "later"], "\(asked)")
        _ = try fixture.client.call("Cancel", path: named, interface: BusClient.sessionInterface)

        let without = try Self.fixture(installBackend: false)
        let none = try without.client.showTimePicker(["title": .string("No backend"), "step": .uint32(30)])
        let plain = try #require(without.notifications).waitForNotify(summary: "No backend")
        #expect(plain.actionKeys == ["default", "earlier-hour", "later-hour", "later"], "\(plain)")
        #expect(!plain.body.contains("window"), "\(plain.body)")
        _ = try without.client.call("Cancel", path: none, interface: BusClient.sessionInterface)
    }

    @Test("One click: the notification closes, the dialog shows the same range with the server's activation token, and OK there selects on the same session")
    func handsOver() throws {
        let fixture = try Self.fixture()
        let mock = try #require(fixture.notifications)
        let handle = try fixture.client.showTimePicker([
            "title": .string("Handed over"), "step": .uint32(30), "start": .string("09:00"), "end": .string("10:00"),
            "clock": .string("24h"), "timeout": .uint32(120),
        ])
        let first = try mock.waitForNotify(summary: "Handed over")
        try mock.invokeAction("later-hour", on: first.id)
        let moved = try mock.waitForNotify(summary: "Handed over") { $0.body.contains("Start: 10:00") }
        try mock.invokeAction("window", on: moved.id, activationToken: "timepickerd_TIME777")
        try mock.waitForCloseNotification(moved.id)
        let dialog = try fixture.dialog("Handed over")
        #expect(dialog.first(role: "list", name: "Start")?.selectedItem == "10:00", "\(fixture.logs)")
        #expect(dialog.first(role: "list", name: "End")?.selectedItem == "11:00")
        let window = try fixture.display.window(titled: "Handed over")
        #expect(try fixture.display.property("_NET_STARTUP_ID", of: window).contains("timepickerd_TIME777"))
        try fixture.press(["Tab", "Down", "Return"], inWindowTitled: "Handed over")
        #expect(try fixture.client.waitForSignal("Selected", path: handle, seconds: 20).strings == ["10:00", "11:30"], "\(fixture.logs)")
        #expect(fixture.daemon.log.contains("handed over from the notification to a dialog"))
    }

    @Test("The time limit goes on: the dialog counts down what was left, and the session times out on time, on the same path")
    func timeoutGoesOn() throws {
        let fixture = try Self.fixture()
        let mock = try #require(fixture.notifications)
        let created = Date()
        let handle = try fixture.client.showTimePicker(["title": .string("Timed"), "timeout": .uint32(12)])
        let shown = try mock.waitForNotify(summary: "Timed")
        // The person reads the notification for a while before asking for the window.
        Thread.sleep(forTimeInterval: 4)
        try mock.invokeAction("window", on: shown.id)
        let dialog = try fixture.dialog("Timed") { $0.all.contains { $0.label.hasPrefix("Closes in") } }
        let countdown = try #require(dialog.all.first { $0.label.hasPrefix("Closes in") }?.label)
        let seconds = try #require(countdown.split(separator: " ").dropFirst(2).first.flatMap { Int($0) }, "\(countdown)")
        #expect(seconds <= 8, "what was left, not the whole limit again: \(countdown)")
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle, seconds: 30).strings == ["timeout"])
        // A limit started again at the hand-over would end 16 s after the start or later.
        #expect(Date().timeIntervalSince(created) < 15, "\(fixture.logs)")
    }

    @Test("A backend that cannot open a window: the session goes back to a notification that says so, without the button, and still picks")
    func failedHandOverKeepsTheSession() throws {
        let fixture = try Self.fixture(backendHasDisplay: false)
        let mock = try #require(fixture.notifications)
        let handle = try fixture.client.showTimePicker(["title": .string("No display"), "step": .uint32(30)])
        let shown = try mock.waitForNotify(summary: "No display")
        #expect(shown.actionKeys.contains("window"), "\(shown) \(fixture.logs)")
        try mock.invokeAction("window", on: shown.id)
        let back = try mock.waitForNotify(summary: "No display") { $0.body.hasPrefix("No window could be opened: choose here.") }
        #expect(back.actionKeys == ["default", "earlier-hour", "later-hour", "later"], "\(back)")
        try mock.invokeAction("default", on: back.id)
        let end = try mock.waitForNotify(summary: "No display") { $0.body.contains("The buttons move the end.") }
        #expect(!end.actionKeys.contains("window") && !end.body.hasPrefix("No window"), "\(end)")
        try mock.invokeAction("default", on: end.id)
        #expect(try fixture.client.waitForSignal("Selected", path: handle, seconds: 20).strings == ["01:00", "01:30"], "\(fixture.logs)")
        // The next session is not offered a window the backend cannot open.
        let next = try fixture.client.showTimePicker(["title": .string("Next one"), "step": .uint32(30)])
        let plain = try mock.waitForNotify(summary: "Next one")
        #expect(!plain.actionKeys.contains("window"), "\(plain)")
        _ = try fixture.client.call("Cancel", path: next, interface: BusClient.sessionInterface)
    }
}
