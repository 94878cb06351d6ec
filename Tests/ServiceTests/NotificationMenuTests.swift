import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// Notification menus a person can use (issue 10, item 6), and what the body says (item 3): the
/// real daemon with `--ui notification` against python-dbusmock's notification server, the test
/// playing the person through the actions a menu or the buttons offer.
@Suite("Notification UI: menus, steps and the countdown")
struct NotificationMenuTests {
    @Test("List menu: its entries, sorted as text the way a menu program sorts them, are in time order", arguments: ["12h", "24h"])
    func listSortsAsText(clock: String) throws {
        let fixture = try NotificationFixture(layout: "list")
        let mock = try fixture.mock
        _ = try fixture.client.startCall(
            "PickTimeRange", [.vardict(["title": .string("Sorted"), "clock": .string(clock), "step": .uint32(30)])])
        let starts = try mock.waitForNotify(summary: "Sorted")
        #expect(starts.actions.count == 47, "01:00 to 24:00 in half hours: every slot at once")
        for locale in ["C", "C.UTF-8"] {
            let sorted = try sortedAsText(starts.dunstMenuLines, locale: locale, in: fixture.bus.directory)
            #expect(sorted == starts.dunstMenuLines, "sorted in \(locale):\n\(sorted.joined(separator: "\n"))")
        }

        try mock.invokeAction("start-11:30", on: starts.id)
        let ends = try mock.waitForNotify(summary: "Sorted")
        #expect(ends.actionKeys.first == "change-start")
        for locale in ["C", "C.UTF-8"] {
            let sorted = try sortedAsText(ends.dunstMenuLines, locale: locale, in: fixture.bus.directory)
            #expect(sorted == ends.dunstMenuLines, "sorted in \(locale):\n\(sorted.joined(separator: "\n"))")
        }
    }

    @Test("List menu with step 5: hours first, then the minutes of the hour chosen, back to the hours; no menu over about 60 entries")
    func hourThenMinutes() throws {
        let fixture = try NotificationFixture(layout: "list")
        let mock = try fixture.mock
        let (handle, hours) = try fixture.showPicker("Fine", token: "fine", [
            "clock": .string("24h"), "step": .uint32(5), "first": .string("00:00"), "start": .string("06:00"), "end": .string("07:00"),
        ])
        var shown: [MockNotificationServer.Notification] = []
        func step(_ key: String, on notification: MockNotificationServer.Notification) throws -> MockNotificationServer.Notification {
            #expect(notification.actionKeys.contains(key), "\(key) is offered: \(notification.actionKeys)")
            try mock.invokeAction(key, on: notification.id)
            let next = try mock.waitForNotify(summary: "Fine")
            shown.append(next)
            return next
        }

        shown.append(hours)
        #expect(hours.actionKeys.count == 25, "\(hours.actionKeys)")
        #expect(hours.label(of: "start-hour-09") == "Start 09:00–09:55…")
        #expect(hours.body.contains("first the hour"), "body: \(hours.body)")

        let nine = try step("start-hour-09", on: hours)
        #expect(nine.replacesID == hours.id)
        #expect(nine.actionKeys == (0..<12).map { String(format: "start-09:%02d", $0 * 5) } + ["start-hours"], "\(nine.actionKeys)")
        #expect(nine.label(of: "start-hours") == "Start at another hour…")
        // Narrowing the menu is not a step of the session.
        #expect(try fixture.client.sessionProperty("Start", of: handle) == .string("06:00"))

        let backToHours = try step("start-hours", on: nine)
        #expect(backToHours.actionKeys == hours.actionKeys)
        let eight = try step("start-hour-08", on: backToHours)
        let endHours = try step("start-08:35", on: eight)
        try fixture.client.waitForPropertiesChanged(on: handle, ["Start": "08:35"])
        #expect(endHours.actionKeys.first == "change-start", "\(endHours.actionKeys)")
        #expect(endHours.label(of: "end-hour-08") == "End 08:35–08:55…")
        #expect(endHours.actionKeys.last == "end-24:00", "an hour of one slot is offered as the slot")
        let five = try step("end-hour-17", on: endHours)
        #expect(five.actionKeys.first == "change-start")
        #expect(five.label(of: "end-17:05") == "End 17:05 (8 h 30 min)")
        #expect(five.actionKeys.last == "end-hours")

        try mock.invokeAction("end-17:05", on: five.id)
        #expect(try fixture.waitForSignal("Selected", on: handle).strings == ["08:35", "17:05"])
        for notification in shown {
            #expect(notification.actions.count <= 62, "a menu of \(notification.actions.count) entries: \(notification.actionKeys)")
        }
    }

    @Test("List menu: Change start… goes back to the start step, and the pick goes on from there")
    func changeStart() throws {
        let fixture = try NotificationFixture(layout: "list")
        let mock = try fixture.mock
        let (handle, starts) = try fixture.showPicker("Second thoughts", token: "back", ["clock": .string("12h")])
        try mock.invokeAction("start-09:00", on: starts.id)
        let ends = try mock.waitForNotify(summary: "Second thoughts")
        #expect(ends.actionKeys.first == "change-start")
        #expect(ends.label(of: "change-start") == "Change start…")

        try mock.invokeAction("change-start", on: ends.id)
        let startsAgain = try mock.waitForNotify(summary: "Second thoughts")
        #expect(startsAgain.replacesID == starts.id)
        #expect(startsAgain.actionKeys == starts.actionKeys, "the start step again: \(startsAgain.actionKeys)")
        #expect(try fixture.client.sessionProperty("Start", of: handle) == .string("09:00"), "the start is kept until another is chosen")

        try mock.invokeAction("start-10:00", on: startsAgain.id)
        let endsAgain = try mock.waitForNotify(summary: "Second thoughts")
        #expect(endsAgain.actionKeys.dropFirst().first == "end-10:00", "\(endsAgain.actionKeys)")
        #expect(endsAgain.body.contains("Start: 10:00 AM"), "body: \(endsAgain.body)")
        try mock.invokeAction("end-12:00", on: endsAgain.id)
        #expect(try fixture.waitForSignal("Selected", on: handle).strings == ["10:00", "12:00"])
    }

    @Test("Stepper: each action offered once, in both steps; the click on the body is Next, then OK")
    func stepperEachActionOnce() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let (handle, start) = try fixture.showPicker("Once", token: "once", ["clock": .string("24h"), "min_duration": .uint32(30)])
        try mock.invokeAction("default", on: start.id)
        let end = try mock.waitForNotify(summary: "Once")
        for notification in [start, end] {
            #expect(notification.actions.count <= 3, "\(notification.actionKeys)")
            #expect(Set(notification.actionKeys).count == notification.actions.count, "\(notification.actionKeys)")
            #expect(Set(notification.actionLabels).count == notification.actions.count, "\(notification.actionLabels)")
            #expect(notification.body.contains("Duration: 1 h (at least 30 min)"), "body: \(notification.body)")
        }
        #expect(start.dunstMenuLines == ["#−1 h (Once) [\(start.id),earlier]", "#+1 h (Once) [\(start.id),later]", "#Next (Once) [\(start.id),default]"])
        #expect(end.actionLabels == ["−1 h", "+1 h", "OK"])
        try mock.invokeAction("later", on: end.id)
        _ = try mock.waitForNotify(summary: "Once") { $0.body.contains("Duration: 2 h") }
        try mock.invokeAction("default", on: end.id)
        #expect(try fixture.waitForSignal("Selected", on: handle).strings == ["01:00", "03:00"])
    }

    @Test("With a timeout the body counts down, every 10 s then every second; without one nothing is redrawn")
    func countdown() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        _ = try fixture.showPicker("No hurry", token: "quiet")
        let started = ContinuousClock.now
        let (handle, first) = try fixture.showPicker("Hurry", token: "hurry", ["timeout": .uint32(13)])
        #expect(first.body.contains("Closes in 13 s") || first.body.contains("Closes in 12 s"), "body: \(first.body)")
        #expect(first.expireTimeout == 0, "the daemon keeps the time, not the server")
        let ten = try mock.waitForNotify(summary: "Hurry", seconds: 20) { $0.body.contains("Closes in 10 s") }
        #expect(ten.replacesID == first.id)
        #expect(ContinuousClock.now - started >= .seconds(2.5), "not redrawn before the text changes")
        let nine = try mock.waitForNotify(summary: "Hurry", seconds: 5) { $0.body.contains("Closes in 9 s") }
        #expect(nine.replacesID == first.id)
        #expect(try fixture.waitForSignal("Cancelled", on: handle).strings == ["timeout"])
        try mock.waitForCloseNotification(first.id)

        let hurried = mock.receivedCalls().compactMap(\.notification).filter { $0.summary == "Hurry" }
        let counts = hurried.compactMap { notification in
            notification.body.split(separator: "\n").first { $0.hasPrefix("Closes in ") }
                .flatMap { Int($0.dropFirst("Closes in ".count).prefix { $0.isNumber }) }
        }
        #expect(counts.count == hurried.count, "every redraw shows the countdown")
        #expect(counts == counts.sorted(by: >) && Set(counts).count == counts.count, "counting down, each value once: \(counts)")
        #expect(hurried.count <= 12, "\(hurried.count) Notify calls for 13 s: \(counts)")

        let quietOnes = mock.receivedCalls().compactMap(\.notification).filter { $0.summary == "No hurry" }
        #expect(quietOnes.count == 1, "a session without a timeout is never redrawn by itself: \(quietOnes)")
        #expect(quietOnes.allSatisfy { !$0.body.contains("Closes in") })
    }
}
