import DBusKit
import Foundation
import Glibc
import Testing

/// Picking through desktop notifications: the real daemon with `--ui notification` and no
/// terminal, against python-dbusmock's notification server on a private bus. The test plays the
/// person (ActionInvoked) and the server (NotificationClosed) and checks what the daemon asks
/// the server to show and what it says on the bus.
@Suite("Notification UI: picking")
struct NotificationPickTests {
    @Test("A full pick through the stepper layout: −1 h/+1 h and a click (Next), then −1 h/+1 h and a click (OK), one notification updated in place")
    func stepperPick() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let handle = try fixture.client.showTimePicker(
            ["title": .string("Stand-up"), "clock": .string("24h"), "handle_token": .string("stepper")])

        // The start phase.
        let first = try mock.waitForNotify(summary: "Stand-up")
        #expect(first.replacesID == 0, "the first Notify makes a new notification")
        #expect(first.appName == "timepickerd")
        #expect(first.hints["desktop-entry"] == .string("io.github.timepickerd.TimePicker1"), "hints: \(first.hints)")
        #expect(first.appIcon == "io.github.timepickerd.TimePicker1")
        #expect(first.actionKeys == ["earlier", "later", "default"], "\(first)")
        #expect(first.actionLabels == ["−1 h", "+1 h", "Next"], "\(first)")
        #expect(first.hints["resident"] == .boolean(true), "hints: \(first.hints)")
        #expect(first.expireTimeout == 0, "never expires")
        #expect(first.body.contains("Start: 01:00"), "body: \(first.body)")
        #expect(first.body.contains("End: 02:00"), "body: \(first.body)")
        #expect(first.body.contains("Duration: 1 h"), "body: \(first.body)")
        #expect(!first.body.contains("Closes in"), "no countdown without a timeout: \(first.body)")
        #expect(!first.body.contains("<"), "body: \(first.body)")

        try mock.invokeAction("later", on: first.id)
        try fixture.client.waitForPropertiesChanged(on: handle, ["Start": "02:00", "End": "03:00"])
        let later = try mock.waitForNotify(summary: "Stand-up")
        #expect(later.replacesID == first.id, "updated in place: \(later)")
        #expect(later.body.contains("Start: 02:00"), "body: \(later.body)")
        #expect(later.body.contains("End: 03:00"), "body: \(later.body)")
        #expect(later.actionKeys == ["earlier", "later", "default"], "\(later)")
        #expect(later.hints["resident"] == .boolean(true))
        #expect(later.hints["desktop-entry"] == .string("io.github.timepickerd.TimePicker1"), "every Notify names the desktop entry")
        #expect(later.appIcon == "io.github.timepickerd.TimePicker1")
        #expect(try fixture.client.sessionProperty("Start", of: handle) == .string("02:00"))

        // The end phase.
        try mock.invokeAction("default", on: first.id)
        let endPhase = try mock.waitForNotify(summary: "Stand-up")
        #expect(endPhase.replacesID == first.id, "\(endPhase)")
        #expect(endPhase.actionKeys == ["earlier", "later", "default"], "\(endPhase)")
        #expect(endPhase.actionLabels == ["−1 h", "+1 h", "OK"], "\(endPhase)")

        try mock.invokeAction("later", on: first.id)
        try fixture.client.waitForPropertiesChanged(on: handle, ["End": "04:00"])
        let endMoved = try mock.waitForNotify(summary: "Stand-up")
        #expect(endMoved.replacesID == first.id)
        #expect(endMoved.body.contains("Start: 02:00"), "body: \(endMoved.body)")
        #expect(endMoved.body.contains("End: 04:00"), "body: \(endMoved.body)")
        #expect(endMoved.body.contains("Duration: 2 h"), "body: \(endMoved.body)")

        try mock.invokeAction("default", on: first.id)
        let selected = try fixture.waitForSignal("Selected", on: handle, seconds: 30)
        #expect(selected.strings == ["02:00", "04:00"])
        // The daemon takes its notification down itself: servers that keep resident
        // notifications would otherwise leave a finished picker on screen.
        try mock.waitForCloseNotification(first.id)
        #expect(mock.openNotifications.isEmpty)
        #expect(fixture.client.receivedSignals("Cancelled").isEmpty, "\(fixture.logs)")
    }

    @Test("Every Notify names timepickerd's desktop entry and icon: the files make install puts where desktops look")
    func desktopEntryAndIcon() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        _ = try fixture.client.showTimePicker(["title": .string("Whose?")])
        let shown = try mock.waitForNotify(summary: "Whose?")
        guard case .string(let entry)? = shown.hints["desktop-entry"] else {
            Issue.record("no desktop-entry hint: \(shown.hints)")
            return
        }
        let file = try String(contentsOfFile: RepositoryFiles.path("desktop/\(entry).desktop.in"), encoding: .utf8)
        for line in ["X-GNOME-UsesNotifications=true", "NoDisplay=true", "Icon=\(shown.appIcon)"] {
            #expect(file.split(separator: "\n").contains(Substring(line)), "desktop/\(entry).desktop.in lacks \(line)")
        }
        #expect(FileManager.default.fileExists(atPath: RepositoryFiles.path("desktop/\(shown.appIcon).svg")))
    }

    @Test("The default action (a click on the body) is Next, then OK")
    func defaultAction() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let serial = try fixture.client.startCall(
            "PickTimeRange", [.vardict(["title": .string("Click"), "start": .string("10:00"), "end": .string("12:00")])])
        let first = try mock.waitForNotify(summary: "Click")
        try mock.invokeAction("default", on: first.id)
        let endPhase = try mock.waitForNotify(summary: "Click")
        #expect(endPhase.isStepperEndStep, "\(endPhase)")
        try mock.invokeAction("default", on: endPhase.id)
        let reply = try fixture.client.waitForReply(to: serial, seconds: 30)
        #expect(reply.kind == .methodReturn, "\(reply.errorName?.rawValue ?? ""): \(reply.errorMessage ?? "")")
        #expect(reply.strings == ["10:00", "12:00"])
    }

    @Test("A full pick through the list layout: one action per slot, labelled by the clock option, then Change start… and only valid ends")
    func listPick() throws {
        let fixture = try NotificationFixture(layout: "list")
        let mock = try fixture.mock
        let handle = try fixture.client.showTimePicker(
            ["title": .string("Workday"), "clock": .string("12h"), "handle_token": .string("list")])

        let starts = try mock.waitForNotify(summary: "Workday")
        let allSlots = (1...24).map { String(format: "%02d:00", $0) }
        #expect(starts.actionKeys == allSlots.map { "start-\($0)" }, "slots in time order: \(starts.actionKeys)")
        #expect(starts.label(of: "start-01:00") == "Start 01:00 · 1:00 AM")
        #expect(starts.label(of: "start-09:00") == "Start 09:00 · 9:00 AM")
        #expect(starts.label(of: "start-12:00") == "Start 12:00 · 12:00 PM")
        #expect(starts.label(of: "start-17:00") == "Start 17:00 · 5:00 PM")
        #expect(starts.hints["resident"] == .boolean(true))
        #expect(starts.expireTimeout == 0)

        try mock.invokeAction("start-09:00", on: starts.id)
        try fixture.client.waitForPropertiesChanged(on: handle, ["Start": "09:00"])
        let ends = try mock.waitForNotify(summary: "Workday")
        #expect(ends.replacesID == starts.id, "updated in place: \(ends)")
        let validEnds = (9...24).map { String(format: "%02d:00", $0) }
        #expect(ends.actionKeys == ["change-start"] + validEnds.map { "end-\($0)" }, "only ends from 09:00 on, in order: \(ends.actionKeys)")
        #expect(!ends.actionKeys.contains { $0.hasPrefix("start-") })
        #expect(ends.label(of: "end-17:00") == "End 17:00 · 5:00 PM (8 h)")
        #expect(ends.label(of: "end-24:00") == "End 24:00 · midnight (15 h)")
        #expect(ends.body.contains("9:00 AM"), "body: \(ends.body)")

        try mock.invokeAction("end-17:00", on: ends.id)
        #expect(try fixture.waitForSignal("Selected", on: handle, seconds: 30).strings == ["09:00", "17:00"])
        try mock.waitForCloseNotification(starts.id)
    }

    @Test("The list layout honours min_duration: no end closer to the start than it allows")
    func listMinDuration() throws {
        let fixture = try NotificationFixture(layout: "list")
        let mock = try fixture.mock
        let serial = try fixture.client.startCall(
            "PickTimeRange", [.vardict(["title": .string("Long"), "clock": .string("24h"), "min_duration": .uint32(120)])])
        let starts = try mock.waitForNotify(summary: "Long")
        #expect(starts.actionKeys.last == "start-22:00", "no start without room for two hours: \(starts.actionKeys)")
        #expect(starts.label(of: "start-13:00") == "Start 13:00")
        #expect(starts.body.contains("at least 2 h"), "body: \(starts.body)")
        try mock.invokeAction("start-13:00", on: starts.id)
        let ends = try mock.waitForNotify(summary: "Long")
        #expect(ends.actionKeys.dropFirst().first == "end-15:00", "\(ends.actionKeys)")
        #expect(ends.label(of: "end-15:00") == "End 15:00 (2 h)")
        // An end the list did not offer is not taken.
        try mock.invokeAction("end-14:00", on: ends.id)
        try mock.invokeAction("end-16:00", on: ends.id)
        let reply = try fixture.client.waitForReply(to: serial, seconds: 30)
        #expect(reply.strings == ["13:00", "16:00"], "\(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? "")")
    }

    @Test("An action followed at once by the server's own close (reason 2) is a step, not a dismissal")
    func actionThenServerClose() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let handle = try fixture.client.showTimePicker(
            ["title": .string("GNOME style"), "clock": .string("24h"), "handle_token": .string("gnome")])
        var shown = try mock.waitForNotify(summary: "GNOME style")

        // As GNOME's notification-daemon does: ActionInvoked, then at once NotificationClosed(id, 2).
        try mock.invokeActionThenClose("later", on: shown.id)
        try fixture.client.waitForPropertiesChanged(on: handle, ["Start": "02:00"])
        // The session goes on: the picker is shown again, with the new start.
        shown = try mock.waitForNotify(summary: "GNOME style") { $0.body.contains("Start: 02:00") }
        #expect(fixture.client.receivedSignals("Cancelled").isEmpty, "\(fixture.logs)")

        // And it can be completed on the notification the server now shows, each step closed
        // by the server the same way.
        try mock.invokeActionThenClose("default", on: shown.id)
        shown = try mock.waitForNotify(summary: "GNOME style") { $0.isStepperEndStep }
        try mock.invokeActionThenClose("later", on: shown.id)
        try fixture.client.waitForPropertiesChanged(on: handle, ["End": "04:00"])
        shown = try mock.waitForNotify(summary: "GNOME style") { $0.body.contains("End: 04:00") }
        try mock.invokeActionThenClose("default", on: shown.id)

        let outcome = try fixture.client.waitForMessage(seconds: 30, "Selected or Cancelled on \(handle)") {
            $0.kind == .signal && $0.path == handle && ($0.member == "Selected" || $0.member == "Cancelled")
        }
        #expect(outcome.member == "Selected", "got \(outcome.member?.rawValue ?? "") \(outcome.strings); \(fixture.logs)")
        #expect(outcome.strings == ["02:00", "04:00"])

        // Nothing of it stays on screen: no earlier state shown again and left behind. Another
        // session's Notify marks the point by which the daemon has dealt with everything before.
        _ = try fixture.client.showTimePicker(["title": .string("Barrier")])
        let barrier = try mock.waitForNotify(summary: "Barrier")
        let leftOver = mock.openNotifications.subtracting([barrier.id])
        #expect(leftOver.isEmpty, "notifications left open on the server: \(leftOver.sorted()); calls:\n\(mock.receivedCalls().map(\.description).joined(separator: "\n"))")
    }

    @Test("Several sessions at once are several notifications, each with its own state and outcome")
    func severalSessions() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let morning = try fixture.client.showTimePicker(
            ["title": .string("Morning"), "clock": .string("24h"), "handle_token": .string("morning")])
        let other = try fixture.newClient()
        let evening = try other.showTimePicker(
            ["title": .string("Evening"), "clock": .string("24h"), "start": .string("18:00"), "end": .string("19:00")])

        let morningShown = try mock.waitForNotify(summary: "Morning")
        let eveningShown = try mock.waitForNotify(summary: "Evening")
        #expect(morningShown.id != eveningShown.id, "two notifications")
        #expect(morningShown.replacesID == 0 && eveningShown.replacesID == 0)
        #expect(eveningShown.body.contains("Start: 18:00"), "body: \(eveningShown.body)")

        // Moving one leaves the other alone.
        try mock.invokeAction("later", on: morningShown.id)
        try fixture.client.waitForPropertiesChanged(on: morning, ["Start": "02:00"])
        let morningMoved = try mock.waitForNotify(summary: "Morning")
        #expect(morningMoved.replacesID == morningShown.id)
        #expect(try fixture.client.sessionProperty("Start", of: evening) == .string("18:00"))
        #expect(try fixture.client.sessionProperty("End", of: evening) == .string("19:00"))
        #expect(!mock.receivedCalls().contains { $0.notification?.summary == "Evening" && $0.notification?.replacesID != 0 },
                "the evening notification was not redrawn")

        try mock.invokeAction("earlier", on: eveningShown.id)
        try fixture.client.waitForPropertiesChanged(on: evening, ["Start": "17:00"])
        let eveningMoved = try mock.waitForNotify(summary: "Evening")
        #expect(eveningMoved.replacesID == eveningShown.id)
        #expect(try fixture.client.sessionProperty("Start", of: morning) == .string("02:00"))

        // Each ends its own way.
        try mock.invokeAction("default", on: morningShown.id)
        _ = try mock.waitForNotify(summary: "Morning") { $0.isStepperEndStep }
        try mock.invokeAction("default", on: morningShown.id)
        #expect(try fixture.waitForSignal("Selected", on: morning, seconds: 30).strings == ["02:00", "03:00"])
        try mock.waitForCloseNotification(morningShown.id)

        #expect(try fixture.client.sessionProperty("Start", of: evening) == .string("17:00"), "the evening session is still open")
        try mock.closeNotification(eveningShown.id, reason: 2)
        #expect(try fixture.waitForSignal("Cancelled", on: evening, seconds: 30).strings == ["user"])
        #expect(fixture.client.receivedSignals("Selected").allSatisfy { $0.path != evening })
    }

    @Test("Caller text is neutralised: no control characters in the summary, a body valid as markup; UserInterface is 'notification'")
    func markupAndControlCharacters() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        #expect(try fixture.client.property("UserInterface") == .string("notification"))

        let title = "<b>x</b> & \u{1B}[2J"
        let handle = try fixture.client.showTimePicker(["title": .string(title), "handle_token": .string("markup")])
        let shown = try mock.waitForNotify { $0.summary.hasPrefix("<b>x</b>") }
        #expect(!shown.summary.unicodeScalars.contains { $0.properties.generalCategory == .control }, "summary: \(shown.summary.debugDescription)")
        #expect(!shown.summary.contains("\u{1B}"))
        // The summary is plain text for every server: shown as the caller wrote it, the escape
        // character replaced.
        #expect(shown.summary == "<b>x</b> & \u{FFFD}[2J", "summary: \(shown.summary.debugDescription)")
        #expect(isValidBodyMarkup(shown.body), "body: \(shown.body.debugDescription)")
        #expect(try fixture.client.sessionProperty("Title", of: handle) == .string(title), "the Title property keeps what the caller sent")

        // The same in the end phase; and a title full of controls, breaks and a bidi override.
        try mock.invokeAction("default", on: shown.id)
        let endPhase = try mock.waitForNotify { $0.summary.hasPrefix("<b>x</b>") }
        #expect(isValidBodyMarkup(endPhase.body), "body: \(endPhase.body.debugDescription)")

        _ = try fixture.client.showTimePicker(["title": .string("line\none\u{7}\u{9B}2J\u{202E}evil")])
        let second = try mock.waitForNotify { $0.summary.hasPrefix("line") }
        #expect(second.summary == "line one\u{FFFD}\u{FFFD}2J\u{FFFD}evil", "summary: \(second.summary.debugDescription)")
    }
}

/// Whether `body` is well-formed for a server with `body-markup`: every `&` starts an entity,
/// every tag is one the specification allows, and no control character other than a line break.
func isValidBodyMarkup(_ body: String) -> Bool {
    let allowedTags = ["b", "/b", "i", "/i", "u", "/u", "br/", "br /"]
    var rest = Substring(body)
    while let index = rest.firstIndex(where: { $0 == "&" || $0 == "<" }) {
        let tail = rest[index...]
        if tail.first == "&" {
            guard let semicolon = tail.firstIndex(of: ";") else { return false }
            let entity = tail[tail.index(after: tail.startIndex)..<semicolon]
            let named = ["amp", "lt", "gt", "quot", "apos"].contains(String(entity))
            let numeric = entity.hasPrefix("#") && entity.dropFirst().allSatisfy(\.isNumber) && entity.count > 1
            guard named || numeric else { return false }
            rest = tail[tail.index(after: semicolon)...]
        } else {
            guard let close = tail.firstIndex(of: ">") else { return false }
            let tag = tail[tail.index(after: tail.startIndex)..<close]
            guard allowedTags.contains(String(tag)) else { return false }
            rest = tail[tail.index(after: close)...]
        }
    }
    return !body.unicodeScalars.contains { $0 != "\n" && $0.properties.generalCategory == .control }
}
