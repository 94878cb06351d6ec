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
        let bench = NotificationBench()
        let server = bench.startServer()
        try bench.show(1...1)
        bench.run()
        try bench.invoke("later", on: 1, from: bench.bus.connect())
        try bench.invoke("start-09:00", on: 1, from: server)
        try bench.invoke("later", on: 2, from: server)
        try bench.invoke("later", on: 1, from: server)
        bench.run()
        #expect(bench.delegate.reports == [.event(session(1), .move(by: 1))])
    }

    @Test("Dismissed reports cancel; expired ends the session as timed out; closed otherwise as unavailable")
    func closedByTheServer() throws {
        let bench = NotificationBench()
        let server = bench.startServer()
        try bench.show(1...3)
        bench.run()
        try bench.close(1, reason: 2, from: server)
        try bench.close(2, reason: 1, from: server)
        try bench.close(3, reason: 3, from: server)
        try bench.close(3, reason: 2, from: server)
        bench.run()
        #expect(bench.delegate.reports == [
            .event(session(1), .cancel), .cannotShow(session(2), .timeout), .cannotShow(session(3), .unavailable),
        ])
    }

    @Test("A dismissal right after an action is the server closing it as part of the step, not the person cancelling")
    func dismissalAfterAction() throws {
        let bench = NotificationBench()
        let server = bench.startServer()
        try bench.show(1...1)
        bench.run()
        try bench.invoke("later", on: 1, from: server)
        try bench.close(1, reason: 2, from: server)
        bench.run()
        #expect(bench.delegate.reports == [.event(session(1), .move(by: 1))])
        #expect(bench.calls("Notify").count == 2, "the step was not shown anew")
    }

    @Test("The same with the step's Notify still waiting its turn: no cancel, and the step comes as a new notification")
    func dismissalAfterActionWhileWaiting() throws {
        let bench = NotificationBench()
        bench.answersNotify = false
        let server = bench.startServer()
        try bench.show(1...5)
        bench.run()
        bench.showNotify(try bench.call("Notify", 0), id: 1, from: server)
        bench.run()
        #expect(bench.notifiedSummaries == ["S1", "S2", "S3", "S4", "S5"])
        try bench.invoke("later", on: 1, from: server)
        try bench.close(1, reason: 2, from: server)
        bench.run()
        #expect(bench.delegate.reports == [.event(session(1), .move(by: 1))])
        #expect(bench.calls("Notify").count == 5, "more than four Notify out")

        bench.showNotify(try bench.call("Notify", 1), id: 2, from: server)
        bench.run()
        let step = try #require(bench.calls("Notify").last)
        #expect(bench.calls("Notify").count == 6)
        #expect(NotificationBench.strings(in: step).first == "S1")
        #expect(NotificationBench.replacedID(in: step) == 0, "replaced a notification the server had taken down")
        #expect(bench.delegate.reports == [.event(session(1), .move(by: 1))])
    }

    @Test("Closed by the server while the session's next Notify is out: the session ends, and what that Notify shows is closed once answered")
    func closedWhileNotifyOut() throws {
        let bench = NotificationBench()
        bench.answersNotify = false
        let server = bench.startServer()
        try bench.show(1...1)
        bench.run()
        bench.showNotify(try bench.call("Notify", 0), id: 5, from: server)
        bench.run()
        bench.frontEnd.update(session(1), try NotificationBench.state(title: "S1", after: [.move(by: 1)]))
        bench.run()
        #expect(bench.calls("Notify").count == 2)
        try bench.close(5, reason: 2, from: server)
        bench.run()
        #expect(bench.delegate.reports == [.event(session(1), .cancel)])
        bench.frontEnd.withdraw(session(1))
        bench.run()
        #expect(bench.closedIDs.isEmpty, "closed before the Notify out was answered")
        // The server made the step a notification again, the one it replaced being gone.
        bench.showNotify(try bench.call("Notify", 1), id: 6, from: server)
        bench.run()
        #expect(bench.closedIDs == [6], "a notification for a session that ended stayed on the server")
        #expect(bench.delegate.reports == [.event(session(1), .cancel)])
    }

    @Test("A forged NotificationClosed from another process ends nothing")
    func forgedClose() throws {
        let bench = NotificationBench()
        bench.startServer()
        try bench.show(1...1)
        bench.run()
        try bench.close(1, reason: 2, from: bench.bus.connect())
        bench.run()
        #expect(bench.delegate.reports.isEmpty)
    }

    @Test("The server leaving ends every session it showed as unavailable, and the next session goes to the next server")
    func serverLeaves() throws {
        let bench = NotificationBench()
        let first = bench.startServer()
        try bench.show(1...2)
        bench.run()
        bench.bus.disconnect(first)
        bench.run()
        #expect(bench.delegate.reports == [.cannotShow(session(1), .unavailable), .cannotShow(session(2), .unavailable)])

        let second = bench.startServer()
        try bench.show(3...3)
        bench.run()
        #expect(bench.calls("GetServerInformation").count == 2)
        #expect(bench.calls("Notify").last?.destination == second)
        #expect(bench.notifiedSummaries.last == "S3")
    }

    @Test("A server of another user is not trusted: the sessions end as unavailable and it is sent no notification")
    func otherUserRefused() throws {
        let bench = NotificationBench()
        bench.startServer(user: getuid() + 1)
        try bench.show(1...2)
        bench.run()
        #expect(bench.calls("Notify").isEmpty)
        #expect(bench.delegate.reports == [.cannotShow(session(1), .unavailable), .cannotShow(session(2), .unavailable)])
        #expect(bench.delegate.messages.allSatisfy { $0.contains("another user") }, "\(bench.delegate.messages)")
    }

    @Test("A server that shows no actions cannot show a picker: the sessions end as unavailable")
    func noActions() throws {
        let bench = NotificationBench()
        bench.capabilities = ["body"]
        bench.startServer()
        try bench.show(1...1)
        bench.run()
        #expect(bench.calls("Notify").isEmpty)
        #expect(bench.delegate.reports == [.cannotShow(session(1), .unavailable)])
    }

    @Test("A Notify the server refuses ends that session as unavailable, and the server is asked about itself again")
    func notifyRefused() throws {
        let bench = NotificationBench()
        bench.answersNotify = false
        let server = bench.startServer()
        try bench.show(1...1)
        bench.run()
        bench.bus.reply(to: try bench.call("Notify", 0), from: server, .error("org.freedesktop.DBus.Error.Failed", "full"))
        bench.run()
        #expect(bench.delegate.reports == [.cannotShow(session(1), .unavailable)])
        try bench.show(2...2)
        bench.run()
        #expect(bench.calls("GetServerInformation").count == 2)
        #expect(bench.notifiedSummaries == ["S1", "S2"])
    }
}
