import DBusKit
import Foundation
import Testing

/// The real daemon with `--ui notification` against the mock server answering
/// GetServerInformation as each measured server does: what it sends each one. (The servers
/// themselves are driven by the desktop tests, `make test-desktops`.)
@Suite("Notification UI: per server")
struct NotificationServerProfileTests {
    @Test("As GNOME Shell: each step a new notification with critical urgency, the old one closed; 09:00–17:30 in 18 clicks")
    func gnomeShell() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        try mock.pretend(toBe: "gnome-shell")
        let (handle, first) = try fixture.showPicker("Shift", token: "gnome", ["clock": .string("24h"), "step": .uint32(30)])
        #expect(first.replacesID == 0)
        #expect(first.hints["urgency"] == .byte(2), "critical: the banner stays expanded until acted on: \(first.hints)")
        #expect(first.hints["resident"] == .boolean(true))
        #expect(first.actionLabels == ["Next", "−1 h", "+1 h", "+30 min"], "\(first)")
        #expect(first.body.contains("Click this notification to go on to the end."), "\(first.body)")

        var shown = first
        var clicks = 0
        /// The person clicks `key` on what is shown; the next notification is a new one, and the
        /// one clicked is closed.
        func click(_ key: String, expecting body: String? = nil) throws {
            clicks += 1
            // A click on the body just after a banner came is taken for a missed button.
            if key == "default" { Thread.sleep(forTimeInterval: 0.5) }
            try mock.invokeAction(key, on: shown.id)
            guard let body else { return }
            let next = try mock.waitForNotify(summary: "Shift") { $0.body.contains(body) }
            #expect(next.replacesID == 0, "a new notification, so GNOME Shell shows it as a banner with its buttons: \(next)")
            #expect(next.id != shown.id)
            try mock.waitForCloseNotification(shown.id)
            #expect(mock.openNotifications == [next.id], "only the newest on screen")
            shown = next
        }
        for hour in 2...9 { try click("later-hour", expecting: String(format: "Start: %02d:00  ◀", hour)) }
        try click("default", expecting: "End: 09:30  ◀")
        for hour in 10...17 { try click("later-hour", expecting: String(format: "End: %02d:30  ◀", hour)) }
        try click("default")
        #expect(try fixture.waitForSignal("Selected", on: handle).strings == ["09:00", "17:30"])
        #expect(clicks == 18)
        try mock.waitForCloseNotification(shown.id)
        #expect(fixture.client.receivedSignals("Cancelled").isEmpty, "the daemon's own closes are no dismissals: \(fixture.logs)")
    }

    @Test("As GNOME Shell: a click on the body less than 0.4 s after a banner came is a click meant for a button that moved, and does nothing")
    func gnomeShellSettling() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        try mock.pretend(toBe: "gnome-shell")
        let (handle, first) = try fixture.showPicker("Settle", token: "settle", ["clock": .string("24h")])
        try mock.invokeAction("default", on: first.id)
        try mock.invokeAction("later", on: first.id)
        let moved = try mock.waitForNotify(summary: "Settle")
        #expect(moved.body.contains("Start: 02:00  ◀"), "the body click did nothing, the button moved the start: \(moved.body)")
        Thread.sleep(forTimeInterval: 0.5)
        try mock.invokeAction("default", on: moved.id)
        let end = try mock.waitForNotify(summary: "Settle")
        #expect(end.body.contains("End: 03:00  ◀"), "\(end.body)")
        Thread.sleep(forTimeInterval: 0.5)
        try mock.invokeAction("default", on: end.id)
        #expect(try fixture.waitForSignal("Selected", on: handle).strings == ["02:00", "03:00"])
    }

    @Test("As GNOME Shell: a timeout reads as the time it closes at, and no countdown pops up new notifications")
    func gnomeShellTimeout() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        try mock.pretend(toBe: "gnome-shell")
        let (_, first) = try fixture.showPicker("Timed", token: "timed", ["timeout": .uint32(12)])
        #expect(first.body.contains("Closes at "), "\(first.body)")
        #expect(!first.body.contains("Closes in"), "\(first.body)")
        // A countdown would redraw at 10 s left, 2 s from now: nothing more is sent.
        Thread.sleep(forTimeInterval: 3)
        #expect(mock.receivedCalls().filter { $0.method == "Notify" }.count == 1, "\(mock.receivedCalls())")
    }

    @Test("As xfce4-notifyd: updated in place, Next and OK as buttons, no word of clicking the body (that closes it there)")
    func xfce() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        try mock.pretend(toBe: "Xfce Notify Daemon")
        let (handle, first) = try fixture.showPicker("Xfce", token: "xfce", ["step": .uint32(30)])
        #expect(first.hints["urgency"] == nil)
        #expect(first.actionLabels == ["−1 h", "−30 min", "+30 min", "+1 h", "Next"], "in the order of time, the answer last: \(first)")
        #expect(!first.body.lowercased().contains("click"), "\(first.body)")
        #expect(first.body.contains("Next goes on to the end."), "\(first.body)")
        try mock.invokeAction("later", on: first.id)
        let moved = try mock.waitForNotify(summary: "Xfce") { $0.body.contains("Start: 01:30") }
        #expect(moved.replacesID == first.id, "updated in place: \(moved)")
        try mock.invokeAction("default", on: first.id)
        let end = try mock.waitForNotify(summary: "Xfce") { $0.body.contains("End: 02:00  ◀") }
        #expect(end.body.contains("OK accepts."), "\(end.body)")
        try mock.invokeAction("default", on: first.id)
        #expect(try fixture.waitForSignal("Selected", on: handle).strings == ["01:30", "02:00"])
    }
}
