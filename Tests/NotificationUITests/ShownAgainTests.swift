import DBusKit
import Testing
import TimePickerCore

/// A session withdrawn and shown again (a hand-over to a dialog that came back) while its last
/// Notify was still out: shown once that Notify is answered and closed, not lost.
@Suite("Notification delivery: a session shown again while it was being closed")
struct ShownAgainTests {
    @Test("Withdrawn with a Notify out, then shown again: once the server answers, that notification is closed and the session's newest view is sent")
    func shownAfterTheClose() throws {
        let fixture = NotificationFixture()
        fixture.answersNotify = false
        let server = fixture.startServer()
        try fixture.show(1...1)
        fixture.run()
        fixture.showNotify(try fixture.call("Notify", 0), id: 5, from: server)
        fixture.run()
        let session = PickerSessionID(1)
        fixture.frontEnd.update(session, try NotificationFixture.state(title: "S1", after: [.move(by: 2)]))
        fixture.run()
        #expect(fixture.calls("Notify").count == 2)

        fixture.frontEnd.withdraw(session)
        fixture.frontEnd.show(session, try NotificationFixture.state(title: "S1", after: [.move(by: 4)]))
        fixture.frontEnd.update(session, try NotificationFixture.state(title: "S1", after: [.move(by: 6)]))
        fixture.run()
        #expect(fixture.calls("Notify").count == 2, "nothing new while the old Notify is out")

        fixture.showNotify(try fixture.call("Notify", 1), id: 5, from: server)
        fixture.run()
        #expect(fixture.calls("CloseNotification").count == 1)
        let again = try fixture.call("Notify", 2)
        #expect(NotificationFixture.replacedID(in: again) == 0, "a new notification, not the closed one")
        #expect(NotificationFixture.strings(in: again).contains { $0.contains("Start: 07:00") }, "\(NotificationFixture.strings(in: again))")
    }

    @Test("Withdrawn for good while its Notify is out: nothing is shown again")
    func notShownWhenEnded() throws {
        let fixture = NotificationFixture()
        fixture.answersNotify = false
        let server = fixture.startServer()
        try fixture.show(1...1)
        fixture.run()
        let session = PickerSessionID(1)
        fixture.frontEnd.withdraw(session)
        fixture.run()
        fixture.showNotify(try fixture.call("Notify", 0), id: 5, from: server)
        fixture.run()
        #expect(fixture.calls("Notify").count == 1)
        #expect(fixture.calls("CloseNotification").count == 1)
    }
}
