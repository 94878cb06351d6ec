import DBusKit
import Foundation
import TestHarness
import Testing

/// A range typed in the notification's reply field, on a server that offers one (`inline-reply`,
/// as Plasma and SwayNotificationCenter do): one interaction where the buttons take eighteen.
@Suite("Notifications: a range typed in the reply field")
struct NotificationReplyTests {
    static let capabilities = MockNotificationServer.fullCapabilities + " inline-reply"

    /// A picker shown on a server with a reply field: its path and first notification.
    static func show(
        _ fixture: NotificationFixture, _ title: String, _ options: [String: DBusValue] = [:]
    ) throws -> (handle: ObjectPath, shown: MockNotificationServer.Notification) {
        try fixture.showPicker(title, token: title.replacing(" ", with: "_"), ["step": .uint32(30)].merging(options) { $1 })
    }

    @Test("Each way people write a range is taken at once: Selected with the times it means", arguments: [
        ("9-17:30", "09:00", "17:30", false), ("9am to 5:30pm", "09:00", "17:30", false), ("930-1100", "09:30", "11:00", false),
        ("22:00-06:00", "22:00", "06:00", true),
    ])
    func typedRanges(typed: String, start: String, end: String, overnight: Bool) throws {
        let fixture = try NotificationFixture(capabilities: Self.capabilities)
        let mock = try fixture.mock
        let (handle, shown) = try Self.show(fixture, "Typed", overnight ? ["overnight": .boolean(true)] : [:])
        #expect(shown.label(of: "inline-reply") != nil, "actions: \(shown.actions)")
        #expect(shown.hints["x-kde-reply-placeholder-text"] == .variant(.string("9-17:30")) || shown.hints["x-kde-reply-placeholder-text"] == .string("9-17:30"),
                "hints: \(shown.hints)")
        try mock.reply(typed, on: shown.id)
        let selected = try fixture.waitForSignal("Selected", on: handle)
        #expect(selected.strings == [start, end], "\(typed)")
    }

    @Test("A line that is no range gets a clear answer in the notification, and the person tries again")
    func wrongThenRight() throws {
        let fixture = try NotificationFixture(capabilities: Self.capabilities)
        let mock = try fixture.mock
        let (handle, shown) = try Self.show(fixture, "Again")
        try mock.reply("after lunch", on: shown.id)
        let told = try mock.waitForNotify { $0.summary == "Again" && $0.body.contains("is not a range") }
        // The mock reads the body as markup: the quotes come escaped.
        #expect(told.body.hasPrefix("&apos;after lunch&apos; is not a range: type one such as 9-17:30."), "body: \(told.body)")
        try mock.reply("25-26", on: told.id)
        let notATime = try mock.waitForNotify { $0.summary == "Again" && $0.body.contains("Not taken") }
        #expect(notATime.body.hasPrefix("Not taken: 25 is not a time."), "body: \(notATime.body)")
        try mock.reply("9-17:30", on: notATime.id)
        #expect(try fixture.waitForSignal("Selected", on: handle).strings == ["09:00", "17:30"])
    }

    @Test("What a server sends back as typed is shown display-safe when it is no time: no escape sequence or bidi override reaches the body")
    func notATimeDisplaySafe() throws {
        let fixture = try NotificationFixture(capabilities: Self.capabilities)
        let mock = try fixture.mock
        let (_, shown) = try Self.show(fixture, "Hostile")
        try mock.reply("\u{1B}]0;owned\u{07}\u{202E}25-26", on: shown.id)
        let told = try mock.waitForNotify { $0.summary == "Hostile" && $0.body.contains("Not taken") }
        #expect(!told.body.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" }, "body: \(told.body.debugDescription)")
        #expect(told.body.hasPrefix("Not taken: \u{FFFD}]0;owned\u{FFFD}\u{FFFD}25 is not a time."), "body: \(told.body.debugDescription)")
    }

    @Test("17:30-9 is not taken unsaid as 17:30 to 21:00: shown for OK, saying how the 9 was read")
    func twentyFourHourStartThenBareHour() throws {
        let fixture = try NotificationFixture(capabilities: Self.capabilities)
        let mock = try fixture.mock
        let (handle, shown) = try Self.show(fixture, "Evening")
        try mock.reply("17:30-9", on: shown.id)
        let read = try mock.waitForNotify { $0.summary == "Evening" && $0.body.contains("Read as") }
        #expect(read.body.hasPrefix("Read as 17:30–21:00 (9 read as 21:00): click this notification (or OK) to take it."), "body: \(read.body)")
        try mock.invokeAction("default", on: read.id)
        #expect(try fixture.waitForSignal("Selected", on: handle).strings == ["17:30", "21:00"])
    }

    @Test("A time between slots is read to the nearest and shown for OK, not taken unseen, saying how to take it on that server: on Plasma, where OK is no button but a click on the popup, a click", arguments: [
        // A server not measured: OK may be a button or a click on the body.
        (nil, "click this notification (or OK) to take it."), ("Plasma", "click this notification to take it."),
        ("Xfce Notify Daemon", "OK takes it."),
    ] as [(String?, String)])
    func guessShownFirst(server: String?, howToTake: String) throws {
        let fixture = try NotificationFixture(capabilities: Self.capabilities)
        let mock = try fixture.mock
        if let server { try mock.pretend(toBe: server) }
        let (handle, shown) = try Self.show(fixture, "Guess")
        try mock.reply("9:10-17:30", on: shown.id)
        let read = try mock.waitForNotify { $0.summary == "Guess" && $0.body.contains("Read as") }
        #expect(read.body.hasPrefix("Read as 09:00–17:30 (09:10 is not on the 30-min grid: 09:00): \(howToTake)"), "body: \(read.body)")
        if server == nil { #expect(read.isStepperEndStep, "the end step, with OK: \(read.actions)") }
        try mock.invokeAction("default", on: read.id)
        #expect(try fixture.waitForSignal("Selected", on: handle).strings == ["09:00", "17:30"])
    }

    @Test("A server without a reply field gets no reply action, and a NotificationReplied it did not offer picks nothing")
    func noReplyField() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let (_, shown) = try Self.show(fixture, "Buttons")
        #expect(shown.label(of: "inline-reply") == nil)
        #expect(!shown.body.contains("type the range"))
        try mock.reply("9-17:30", on: shown.id)
        // Nothing happens: the next thing the daemon sends is for the person's own step.
        try mock.invokeAction("later", on: shown.id)
        let next = try mock.waitForNotify { $0.replacesID == shown.id }
        #expect(next.body.contains("01:30"), "body: \(next.body)")
    }
}
