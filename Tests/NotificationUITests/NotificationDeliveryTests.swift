import DBusKit
import Glibc
import NotificationUI
import Testing
import TimePickerCore

/// What reaches the notification server, and when: a few Notify calls at a time, the newest
/// state of each session, nothing for a session that ended.
@Suite("Notification front end: what is sent to the server")
struct NotificationDeliveryTests {
    @Test("The server is asked who it is, who runs it and what it can do, once, and everything goes to that process")
    func serverAskedOnce() throws {
        let fixture = NotificationFixture()
        let server = fixture.startServer()
        try fixture.show(1...3)
        fixture.run()
        #expect(fixture.calls("GetServerInformation").count == 1)
        #expect(try fixture.calls("GetConnectionUnixUser").first?.arguments() == [.string(server.rawValue)])
        #expect(fixture.calls("GetCapabilities").map(\.destination) == [server])
        #expect(fixture.notifiedSummaries == ["S1", "S2", "S3"])
        #expect(fixture.calls("Notify").allSatisfy { $0.destination == server })
    }

    @Test("At most four Notify out: the rest wait in order and go as the server answers")
    func atMostFourInFlight() throws {
        let fixture = NotificationFixture()
        fixture.answersNotify = false
        let server = fixture.startServer()
        try fixture.show(1...6)
        fixture.run()
        #expect(fixture.notifiedSummaries == ["S1", "S2", "S3", "S4"])
        fixture.showNotify(try fixture.call("Notify", 2), id: 3, from: server)
        fixture.run()
        #expect(fixture.notifiedSummaries == ["S1", "S2", "S3", "S4", "S5"])
        #expect(fixture.delegate.reports.isEmpty)
    }

    @Test("Callers take turns: another caller's first notification goes before one caller's backlog")
    func callersTakeTurns() throws {
        let fixture = NotificationFixture(caller: { .connection($0.rawValue < 100 ? ":1.8" : ":1.9") })
        fixture.answersNotify = false
        let server = fixture.startServer()
        try fixture.show(1...8)
        fixture.run()
        #expect(fixture.notifiedSummaries == ["S1", "S2", "S3", "S4"])
        fixture.frontEnd.show(session(100), try NotificationFixture.state(title: "S100"))
        fixture.run()
        #expect(fixture.notifiedSummaries == ["S1", "S2", "S3", "S4"])
        fixture.showNotify(try fixture.call("Notify", 0), id: 1, from: server)
        fixture.run()
        #expect(fixture.notifiedSummaries == ["S1", "S2", "S3", "S4", "S100"])
    }

    @Test("A server that answers with an id another session's notification has: that session ends unavailable, and its id is left to the newer")
    func idTakenOver() throws {
        let fixture = NotificationFixture()
        let (server, notifies) = try fixture.showTwo(firstAs: 7)
        #expect(fixture.delegate.reports.isEmpty)

        fixture.showNotify(notifies[1], id: 7, from: server)
        fixture.run()
        #expect(fixture.delegate.reports == [.cannotShow(session(1), .unavailable)])
        #expect(fixture.delegate.messages.last?.contains("id (7)") == true, "\(fixture.delegate.messages)")
        // The service takes the ended session away: the notification it had is the other's now.
        fixture.frontEnd.withdraw(session(1))
        fixture.run()
        #expect(fixture.closedIDs.isEmpty)
        try fixture.close(7, reason: 2, from: server)
        fixture.run()
        #expect(fixture.delegate.reports.last == .event(session(2), .cancel))
    }

    @Test("A session's newest state goes once its Notify is answered, replacing what it shows; one withdrawn while it waits never reaches the server")
    func newestStateAndWithdrawn() throws {
        let fixture = NotificationFixture()
        fixture.answersNotify = false
        let server = fixture.startServer()
        try fixture.show(1...5)
        fixture.run()
        #expect(fixture.notifiedSummaries == ["S1", "S2", "S3", "S4"])

        let latest = try NotificationFixture.state(title: "S1", after: [.move(by: 3)])
        fixture.frontEnd.update(session(1), try NotificationFixture.state(title: "S1", after: [.move(by: 1)]))
        fixture.frontEnd.update(session(1), latest)
        fixture.frontEnd.withdraw(session(5))
        fixture.run()
        #expect(fixture.calls("Notify").count == 4, "sent while the session's Notify was out")

        fixture.showNotify(try fixture.call("Notify", 0), id: 11, from: server)
        fixture.run()
        let notifies = fixture.calls("Notify")
        try #require(notifies.count == 5)
        #expect(NotificationFixture.replacedID(in: notifies[4]) == 11)
        #expect(NotificationFixture.strings(in: notifies[4]) == [fixture.content(of: latest).summary, fixture.content(of: latest).body])
        #expect(!fixture.notifiedSummaries.contains("S5"))
    }

    @Test("Withdrawn: what the server shows is closed at once; what a Notify still out shows, once it is answered")
    func closing() throws {
        let fixture = NotificationFixture()
        let (server, notifies) = try fixture.showTwo(firstAs: 7)

        fixture.frontEnd.withdraw(session(1))
        fixture.frontEnd.withdraw(session(2))
        fixture.run()
        #expect(fixture.closedIDs == [7])
        #expect(fixture.calls("CloseNotification").allSatisfy { $0.destination == server })
        fixture.showNotify(notifies[1], id: 8, from: server)
        fixture.run()
        #expect(fixture.closedIDs == [7, 8])
        #expect(fixture.delegate.reports.isEmpty)
    }

    @Test("Where each step is a new notification (GNOME Shell), the one it follows is closed once the new one is shown")
    func newNotificationEachStep() throws {
        let fixture = NotificationFixture()
        fixture.name = "gnome-shell"
        fixture.startServer()
        try fixture.show(1...1)
        fixture.run()
        #expect(fixture.notifiedSummaries == ["S1"])
        fixture.frontEnd.update(session(1), try NotificationFixture.state(title: "S1", after: [.move(by: 1)]))
        fixture.run()
        let notifies = fixture.calls("Notify")
        #expect(notifies.count == 2)
        #expect(notifies.map { NotificationFixture.replacedID(in: $0) } == [0, 0])
        #expect(fixture.closedIDs == [1])
    }

    @Test("Shutdown closes what the server shows, and is done once it answered; a Notify still out is closed when answered")
    func shutdown() throws {
        let fixture = NotificationFixture()
        fixture.answersNotify = false
        let server = fixture.startServer()
        try fixture.show(1...3)
        fixture.run()
        let notifies = fixture.calls("Notify")
        try #require(notifies.count == 3)
        fixture.showNotify(notifies[0], id: 4, from: server)
        fixture.showNotify(notifies[1], id: 5, from: server)
        fixture.run()
        var done = 0
        fixture.frontEnd.shutdown { done += 1 }
        #expect(done == 0, "done before the server answered")
        fixture.run()
        #expect(done == 1)
        #expect(Set(fixture.closedIDs) == [4, 5])
        fixture.showNotify(notifies[2], id: 6, from: server)
        fixture.run()
        #expect(fixture.closedIDs.last == 6)
        #expect(fixture.closedIDs.count == 3)
        #expect(fixture.delegate.reports.isEmpty)
    }
}
