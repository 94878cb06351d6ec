import DBusKit
import Testing
import TimePickerCore

/// The state going to the backend (Update), and the person's input coming back (Event).
@Suite("Dialog front end: Update and Event")
struct DialogUpdateAndEventTests {
    @Test("One Update out at a time, carrying the latest state; a state the backend already draws is not sent")
    func oneUpdateInFlight() throws {
        let bench = DialogBench()
        bench.answersUpdate = false
        let backend = bench.startBackend()
        try bench.show(1...1)
        bench.run()
        let handle = try #require(bench.calls("ShowPicker").first.flatMap(DialogBench.handle(of:)))

        for slots in 1...3 { bench.frontEnd.update(session(1), try DialogBench.state(after: [.move(by: slots)])) }
        bench.run()
        var updates = bench.calls("Update")
        try #require(updates.count == 1)
        #expect(updates.first?.destination == backend)
        #expect(updates.first.flatMap(DialogBench.handle(of:)) == handle)
        #expect(updates.first.map { DialogBench.strings(in: $0, at: 1)["start"] } == "02:00")

        bench.bus.reply(to: updates[0], from: backend, .values([]))
        bench.run()
        updates = bench.calls("Update")
        try #require(updates.count == 2)
        #expect(updates.last.map { DialogBench.strings(in: $0, at: 1)["start"] } == "04:00", "not the latest state")

        bench.bus.reply(to: updates[1], from: backend, .values([]))
        bench.frontEnd.update(session(1), try DialogBench.state(after: [.move(by: 3)]))
        bench.run()
        #expect(bench.calls("Update").count == 2, "a state the backend draws already was sent again")
    }

    @Test("Events come only from the process the ShowPicker went to, for its handle, and never confirm or cancel")
    func eventsFromTheOwnerOnly() throws {
        let bench = DialogBench()
        let backend = bench.startBackend()
        try bench.show(1...1)
        bench.run()
        let handle = try #require(bench.calls("ShowPicker").first.flatMap(DialogBench.handle(of:)))
        let impostor = bench.bus.connect()

        try bench.sendEvent("move 1", for: handle, from: impostor)
        try bench.sendEvent("move 2", for: "/test/session/s1/dialog99", from: backend)
        try bench.sendEvent("confirm", for: handle, from: backend)
        try bench.sendEvent("cancel", for: handle, from: backend)
        try bench.sendEvent("move sideways", for: handle, from: backend)
        try bench.sendEvent("move 3", for: handle, from: backend)
        bench.run()
        #expect(bench.delegate.reports == [.event(session(1), .move(by: 3))])

        // Another process takes the backend's name over: the dialog is still the first one's.
        let successor = bench.startBackend()
        bench.run()
        try bench.sendEvent("move 4", for: handle, from: successor)
        try bench.sendEvent("move 5", for: handle, from: backend)
        bench.run()
        #expect(bench.delegate.reports == [.event(session(1), .move(by: 3)), .event(session(1), .move(by: 5))])
    }

    @Test("A Notice from the process showing the dialog is logged; one from anyone else is not")
    func notices() throws {
        let bench = DialogBench()
        let backend = bench.startBackend()
        try bench.show(1...1)
        bench.run()
        let handle = try #require(bench.calls("ShowPicker").first.flatMap(DialogBench.handle(of:)))
        try bench.sendNotice("forged", for: handle, from: bench.bus.connect())
        try bench.sendNotice("no parent window", for: handle, from: backend)
        bench.run()
        #expect(bench.problems == ["\(handle.rawValue): no parent window"])
        #expect(bench.delegate.reports.isEmpty)
    }
}
