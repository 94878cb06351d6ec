import DBusKit
import Glibc
import NotificationUI
import Testing
import TimePickerCore

/// What the server tells about its notifications, and the server itself coming and going.
@Suite("Notification front end: the server's signals and the server")
struct NotificationServerSignalTests {
    @Test("An action the notification offers, invoked on the server, reports its events; from anyone else, or a key never offered, nothing")
    func actions() throws {
        let fixture = NotificationFixture()
        let server = fixture.startServer()
        try fixture.show(1...1)
        fixture.run()
        try fixture.invoke("later", on: 1, from: fixture.bus.connect())
        try fixture.invoke("start-09:00", on: 1, from: server)
        try fixture.invoke("later", on: 2, from: server)
        try fixture.invoke("later", on: 1, from: server)
        fixture.run()
        #expect(fixture.delegate.reports == [.event(session(1), .move(by: 1))])
    }

    @Test("Dismissed reports cancel; expired ends the session as timed out; closed otherwise as unavailable")
    func closedByTheServer() throws {
        let fixture = NotificationFixture()
        let server = fixture.startServer()
        try fixture.show(1...3)
        fixture.run()
        try fixture.close(1, reason: 2, from: server)
        try fixture.close(2, reason: 1, from: server)
        try fixture.close(3, reason: 3, from: server)
        try fixture.close(3, reason: 2, from: server)
        fixture.run()
        #expect(fixture.delegate.reports == [
            .event(session(1), .cancel), .cannotShow(session(2), .timeout), .cannotShow(session(3), .unavailable),
        ])
    }

    @Test("A dismissal right after an action is the server closing it as part of the step, not the person cancelling")
    func dismissalAfterAction() throws {
        let fixture = NotificationFixture()
        let server = fixture.startServer()
        try fixture.show(1...1)
        fixture.run()
        try fixture.invoke("later", on: 1, from: server)
        try fixture.close(1, reason: 2, from: server)
        fixture.run()
        #expect(fixture.delegate.reports == [.event(session(1), .move(by: 1))])
        #expect(fixture.calls("Notify").count == 2, "the step was not shown anew")
    }

    @Test("The same with the step's Notify still waiting its turn: no cancel, and the step comes as a new notification")
    func dismissalAfterActionWhileWaiting() throws {
        let fixture = NotificationFixture()
        fixture.answersNotify = false
        let server = fixture.startServer()
        try fixture.show(1...5)
        fixture.run()
        fixture.showNotify(try fixture.call("Notify", 0), id: 1, from: server)
        fixture.run()
        #expect(fixture.notifiedSummaries == ["S1", "S2", "S3", "S4", "S5"])
        try fixture.invoke("later", on: 1, from: server)
        try fixture.close(1, reason: 2, from: server)
        fixture.run()
        #expect(fixture.delegate.reports == [.event(session(1), .move(by: 1))])
        #expect(fixture.calls("Notify").count == 5, "more than four Notify out")

        fixture.showNotify(try fixture.call("Notify", 1), id: 2, from: server)
        fixture.run()
        let step = try #require(fixture.calls("Notify").last)
        #expect(fixture.calls("Notify").count == 6)
        #expect(NotificationFixture.strings(in: step).first == "S1")
        #expect(NotificationFixture.replacedID(in: step) == 0, "replaced a notification the server had taken down")
        #expect(fixture.delegate.reports == [.event(session(1), .move(by: 1))])
    }

    @Test("Closed by the server while the session's next Notify is out: the session ends, and what that Notify shows is closed once answered")
    func closedWhileNotifyOut() throws {
        let fixture = NotificationFixture()
        fixture.answersNotify = false
        let server = fixture.startServer()
        try fixture.show(1...1)
        fixture.run()
        fixture.showNotify(try fixture.call("Notify", 0), id: 5, from: server)
        fixture.run()
        fixture.frontEnd.update(session(1), try NotificationFixture.state(title: "S1", after: [.move(by: 1)]))
        fixture.run()
        #expect(fixture.calls("Notify").count == 2)
        try fixture.close(5, reason: 2, from: server)
        fixture.run()
        #expect(fixture.delegate.reports == [.event(session(1), .cancel)])
        fixture.frontEnd.withdraw(session(1))
        fixture.run()
        #expect(fixture.closedIDs.isEmpty, "closed before the Notify out was answered")
        // The server made the step a notification again, the one it replaced being gone.
        fixture.showNotify(try fixture.call("Notify", 1), id: 6, from: server)
        fixture.run()
        #expect(fixture.closedIDs == [6], "a notification for a session that ended stayed on the server")
        #expect(fixture.delegate.reports == [.event(session(1), .cancel)])
    }

    @Test("A forged NotificationClosed from another process ends nothing")
    func forgedClose() throws {
        let fixture = NotificationFixture()
        fixture.startServer()
        try fixture.show(1...1)
        fixture.run()
        try fixture.close(1, reason: 2, from: fixture.bus.connect())
        fixture.run()
        #expect(fixture.delegate.reports.isEmpty)
    }

    @Test("The server leaving ends every session it showed as unavailable, and the next session goes to the next server")
    func serverLeaves() throws {
        let fixture = NotificationFixture()
        let first = fixture.startServer()
        try fixture.show(1...2)
        fixture.run()
        fixture.bus.disconnect(first)
        fixture.run()
        #expect(fixture.delegate.reports == [.cannotShow(session(1), .unavailable), .cannotShow(session(2), .unavailable)])

        let second = fixture.startServer()
        try fixture.show(3...3)
        fixture.run()
        #expect(fixture.calls("GetServerInformation").count == 2)
        #expect(fixture.calls("Notify").last?.destination == second)
        #expect(fixture.notifiedSummaries.last == "S3")
    }

    @Test("A server of another user is not trusted: the sessions end as unavailable and it is sent no notification")
    func otherUserRefused() throws {
        let fixture = NotificationFixture()
        fixture.startServer(user: getuid() + 1)
        try fixture.show(1...2)
        fixture.run()
        #expect(fixture.calls("Notify").isEmpty)
        #expect(fixture.delegate.reports == [.cannotShow(session(1), .unavailable), .cannotShow(session(2), .unavailable)])
        #expect(fixture.delegate.messages.allSatisfy { $0.contains("another user") }, "\(fixture.delegate.messages)")
    }

    @Test("A server that shows no actions cannot show a picker: the sessions end as unavailable")
    func noActions() throws {
        let fixture = NotificationFixture()
        fixture.capabilities = ["body"]
        fixture.startServer()
        try fixture.show(1...1)
        fixture.run()
        #expect(fixture.calls("Notify").isEmpty)
        #expect(fixture.delegate.reports == [.cannotShow(session(1), .unavailable)])
    }

    @Test("A Notify the server refuses ends that session as unavailable, and the server is asked about itself again")
    func notifyRefused() throws {
        let fixture = NotificationFixture()
        fixture.answersNotify = false
        let server = fixture.startServer()
        try fixture.show(1...1)
        fixture.run()
        fixture.bus.reply(to: try fixture.call("Notify", 0), from: server, .error("org.freedesktop.DBus.Error.Failed", "full"))
        fixture.run()
        #expect(fixture.delegate.reports == [.cannotShow(session(1), .unavailable)])
        try fixture.show(2...2)
        fixture.run()
        #expect(fixture.calls("GetServerInformation").count == 2)
        #expect(fixture.notifiedSummaries == ["S1", "S2"])
    }
}
