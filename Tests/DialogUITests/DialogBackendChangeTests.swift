import DBusKit
import Glibc
import Testing
import TimePickerCore

/// Which backend process gets the dialogs: found, started, trusted, replaced.
@Suite("Dialog front end: the backend process")
struct DialogBackendChangeTests {
    @Test("A backend that leaves without having taken the ShowPicker: the dialog goes once more, to the next owner, under a new handle; not a third time")
    func retriedOnce() throws {
        let fixture = DialogFixture()
        fixture.answersVersion = false
        let first = fixture.startBackend()
        try fixture.show(1...1)
        fixture.run()
        let firstHandle = try #require(fixture.calls("ShowPicker").first.flatMap(DialogFixture.handle(of:)))

        fixture.bus.disconnect(first)
        let second = fixture.startBackend()
        fixture.run()
        var showPickers = fixture.calls("ShowPicker")
        #expect(showPickers.count == 2)
        #expect(showPickers.last?.destination == second)
        let secondHandle = try #require(showPickers.last.flatMap(DialogFixture.handle(of:)))
        #expect(secondHandle != firstHandle, "the retry reused the first dialog's handle")
        #expect(fixture.delegate.reports.isEmpty)
        #expect(fixture.problems.count == 1)
        #expect(fixture.problems.first?.hasPrefix("\(firstHandle.rawValue): ") == true, "\(fixture.problems)")

        fixture.bus.disconnect(second)
        fixture.startBackend()
        fixture.run()
        showPickers = fixture.calls("ShowPicker")
        #expect(showPickers.count == 2, "sent a third time")
        #expect(fixture.delegate.reports == [.cannotShow(session(1), .unavailable)])
    }

    @Test("A backend that took the ShowPicker and then left: the dialog may have been seen, so the session ends as unavailable")
    func takenThenGone() throws {
        let fixture = DialogFixture()
        let first = fixture.startBackend()
        try fixture.show(1...1)
        fixture.run()
        fixture.bus.disconnect(first)
        fixture.startBackend()
        fixture.run()
        #expect(fixture.calls("ShowPicker").count == 1)
        #expect(fixture.delegate.reports == [.cannotShow(session(1), .unavailable)])
    }

    @Test("Sessions waiting when the backend leaves go to the next one, without waiting for the calls out to fail")
    func waitingGoToTheNext() throws {
        let fixture = DialogFixture()
        fixture.answersVersion = false
        fixture.startBackend()
        try fixture.show(1...5)
        fixture.run()
        #expect(fixture.shownSessions == [1, 2, 3, 4])
        // Another process takes the name over; the first still has the four calls, untaken.
        let second = fixture.startBackend()
        fixture.run()
        #expect(fixture.shownSessions == [1, 2, 3, 4, 5])
        #expect(fixture.calls("ShowPicker").last?.destination == second)
    }

    @Test("A backend of another user is not trusted: the sessions waiting go back unseen, and nothing is sent to it")
    func otherUserRefused() throws {
        let fixture = DialogFixture()
        let stranger = fixture.startBackend(user: getuid() + 1)
        try fixture.show(1...2)
        fixture.run()
        let asked = fixture.calls("GetConnectionUnixUser")
        #expect(asked.count == 1)
        #expect(try asked.first?.arguments() == [.string(stranger.rawValue)])
        #expect(fixture.calls("ShowPicker").isEmpty)
        #expect(fixture.delegate.reports == [.couldNotShow(session(1)), .couldNotShow(session(2))])
        #expect(fixture.delegate.messages.allSatisfy { $0.contains("another user") }, "\(fixture.delegate.messages)")
    }

    @Test("No backend on the bus and none to start: asked for by name, then the sessions go back unseen")
    func noBackend() throws {
        let fixture = DialogFixture()
        try fixture.show(1...1)
        fixture.run()
        let started = fixture.calls("StartServiceByName")
        #expect(started.count == 1)
        #expect(try started.first?.arguments() == [.string("test.timepickerd.Dialog"), .uint32(0)])
        #expect(fixture.calls("ShowPicker").isEmpty)
        #expect(fixture.delegate.reports == [.couldNotShow(session(1))])
    }
}
