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
        let bench = NotificationBench()
        let server = bench.startServer()
        try bench.show(1...3)
        bench.run()
        #expect(bench.calls("GetServerInformation").count == 1)
        #expect(try bench.calls("GetConnectionUnixUser").first?.arguments() == [.string(server.rawValue)])
        #expect(bench.calls("GetCapabilities").map(\.destination) == [server])
        #expect(bench.notifiedSummaries == ["S1", "S2", "S3"])
        #expect(bench.calls("Notify").allSatisfy { $0.destination == server })
    }

    @Test("At most four Notify out: the rest wait in order and go as the server answers")
    func atMostFourInFlight() throws {
        let bench = NotificationBench()
        bench.answersNotify = false
        let server = bench.startServer()
        try bench.show(1...6)
        bench.run()
        #expect(bench.notifiedSummaries == ["S1", "S2", "S3", "S4"])
        bench.showNotify(try bench.call("Notify", 2), id: 3, from: server)
        bench.run()
        #expect(bench.notifiedSummaries == ["S1", "S2", "S3", "S4", "S5"])
        #expect(bench.delegate.reports.isEmpty)
    }

    @Test("A session's newest state goes once its Notify is answered, replacing what it shows; one withdrawn while it waits never reaches the server")
    func newestStateAndWithdrawn() throws {
        let bench = NotificationBench()
        bench.answersNotify = false
        let server = bench.startServer()
        try bench.show(1...5)
        bench.run()
        #expect(bench.notifiedSummaries == ["S1", "S2", "S3", "S4"])

        let latest = try NotificationBench.state(title: "S1", after: [.move(by: 3)])
        bench.frontEnd.update(session(1), try NotificationBench.state(title: "S1", after: [.move(by: 1)]))
        bench.frontEnd.update(session(1), latest)
        bench.frontEnd.withdraw(session(5))
        bench.run()
        #expect(bench.calls("Notify").count == 4, "sent while the session's Notify was out")

        bench.showNotify(try bench.call("Notify", 0), id: 11, from: server)
        bench.run()
        let notifies = bench.calls("Notify")
        try #require(notifies.count == 5)
        #expect(NotificationBench.replacedID(in: notifies[4]) == 11)
        #expect(NotificationBench.strings(in: notifies[4]) == [bench.content(of: latest).summary, bench.content(of: latest).body])
        #expect(!bench.notifiedSummaries.contains("S5"))
    }

    @Test("Withdrawn: what the server shows is closed at once; what a Notify still out shows, once it is answered")
    func closing() throws {
        let bench = NotificationBench()
        bench.answersNotify = false
        let server = bench.startServer()
        try bench.show(1...2)
        bench.run()
        let notifies = bench.calls("Notify")
        try #require(notifies.count == 2)
        bench.showNotify(notifies[0], id: 7, from: server)
        bench.run()

        bench.frontEnd.withdraw(session(1))
        bench.frontEnd.withdraw(session(2))
        bench.run()
        #expect(bench.closedIDs == [7])
        #expect(bench.calls("CloseNotification").allSatisfy { $0.destination == server })
        bench.showNotify(notifies[1], id: 8, from: server)
        bench.run()
        #expect(bench.closedIDs == [7, 8])
        #expect(bench.delegate.reports.isEmpty)
    }

    @Test("Where each step is a new notification (GNOME Shell), the one it follows is closed once the new one is shown")
    func newNotificationEachStep() throws {
        let bench = NotificationBench()
        bench.name = "gnome-shell"
        bench.startServer()
        try bench.show(1...1)
        bench.run()
        #expect(bench.notifiedSummaries == ["S1"])
        bench.frontEnd.update(session(1), try NotificationBench.state(title: "S1", after: [.move(by: 1)]))
        bench.run()
        let notifies = bench.calls("Notify")
        #expect(notifies.count == 2)
        #expect(notifies.map { NotificationBench.replacedID(in: $0) } == [0, 0])
        #expect(bench.closedIDs == [1])
    }

    @Test("Shutdown closes what the server shows, and is done once it answered; a Notify still out is closed when answered")
    func shutdown() throws {
        let bench = NotificationBench()
        bench.answersNotify = false
        let server = bench.startServer()
        try bench.show(1...3)
        bench.run()
        let notifies = bench.calls("Notify")
        try #require(notifies.count == 3)
        bench.showNotify(notifies[0], id: 4, from: server)
        bench.showNotify(notifies[1], id: 5, from: server)
        bench.run()
        var done = 0
        bench.frontEnd.shutdown { done += 1 }
        #expect(done == 0, "done before the server answered")
        bench.run()
        #expect(done == 1)
        #expect(Set(bench.closedIDs) == [4, 5])
        bench.showNotify(notifies[2], id: 6, from: server)
        bench.run()
        #expect(bench.closedIDs.last == 6)
        #expect(bench.closedIDs.count == 3)
        #expect(bench.delegate.reports.isEmpty)
    }
}
