import DBusKit
import Glibc
import Testing
import TimePickerCore

/// Which backend process gets the dialogs: found, started, trusted, replaced.
@Suite("Dialog front end: the backend process")
struct DialogBackendChangeTests {
    @Test("A backend that leaves without having taken the ShowPicker: the dialog goes once more, to the next owner, under a new handle; not a third time")
    func retriedOnce() throws {
        let bench = DialogBench()
        bench.answersVersion = false
        let first = bench.startBackend()
        try bench.show(1...1)
        bench.run()
        let firstHandle = try #require(bench.calls("ShowPicker").first.flatMap(DialogBench.handle(of:)))

        bench.bus.disconnect(first)
        let second = bench.startBackend()
        bench.run()
        var showPickers = bench.calls("ShowPicker")
        #expect(showPickers.count == 2)
        #expect(showPickers.last?.destination == second)
        let secondHandle = try #require(showPickers.last.flatMap(DialogBench.handle(of:)))
        #expect(secondHandle != firstHandle, "the retry reused the first dialog's handle")
        #expect(bench.delegate.reports.isEmpty)
        #expect(bench.problems.count == 1)
        #expect(bench.problems.first?.hasPrefix("\(firstHandle.rawValue): ") == true, "\(bench.problems)")

        bench.bus.disconnect(second)
        bench.startBackend()
        bench.run()
        showPickers = bench.calls("ShowPicker")
        #expect(showPickers.count == 2, "sent a third time")
        #expect(bench.delegate.reports == [.cannotShow(session(1), .unavailable)])
    }

    @Test("A backend that took the ShowPicker and then left: the dialog may have been seen, so the session ends as unavailable")
    func takenThenGone() throws {
        let bench = DialogBench()
        let first = bench.startBackend()
        try bench.show(1...1)
        bench.run()
        bench.bus.disconnect(first)
        bench.startBackend()
        bench.run()
        #expect(bench.calls("ShowPicker").count == 1)
        #expect(bench.delegate.reports == [.cannotShow(session(1), .unavailable)])
    }

    @Test("Sessions waiting when the backend leaves go to the next one, without waiting for the calls out to fail")
    func waitingGoToTheNext() throws {
        let bench = DialogBench()
        bench.answersVersion = false
        bench.startBackend()
        try bench.show(1...5)
        bench.run()
        #expect(bench.shownSessions == [1, 2, 3, 4])
        // Another process takes the name over; the first still has the four calls, untaken.
        let second = bench.startBackend()
        bench.run()
        #expect(bench.shownSessions == [1, 2, 3, 4, 5])
        #expect(bench.calls("ShowPicker").last?.destination == second)
    }

    @Test("A backend of another user is not trusted: the sessions waiting go back unseen, and nothing is sent to it")
    func otherUserRefused() throws {
        let bench = DialogBench()
        let stranger = bench.startBackend(user: getuid() + 1)
        try bench.show(1...2)
        bench.run()
        let asked = bench.calls("GetConnectionUnixUser")
        #expect(asked.count == 1)
        #expect(try asked.first?.arguments() == [.string(stranger.rawValue)])
        #expect(bench.calls("ShowPicker").isEmpty)
        #expect(bench.delegate.reports == [.couldNotShow(session(1)), .couldNotShow(session(2))])
        #expect(bench.delegate.messages.allSatisfy { $0.contains("another user") }, "\(bench.delegate.messages)")
    }

    @Test("No backend on the bus and none to start: asked for by name, then the sessions go back unseen")
    func noBackend() throws {
        let bench = DialogBench()
        try bench.show(1...1)
        bench.run()
        let started = bench.calls("StartServiceByName")
        #expect(started.count == 1)
        #expect(try started.first?.arguments() == [.string("test.timepickerd.Dialog"), .uint32(0)])
        #expect(bench.calls("ShowPicker").isEmpty)
        #expect(bench.delegate.reports == [.couldNotShow(session(1))])
    }
}
