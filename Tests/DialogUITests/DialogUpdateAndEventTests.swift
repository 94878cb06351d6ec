import DBusKit
import EventLoop
import Testing
import TimePickerCore

/// The state going to the backend (Update), and the person's input coming back (Event).
@Suite("Dialog front end: Update and Event")
struct DialogUpdateAndEventTests {
    @Test("One Update out at a time, carrying the latest state; a state the backend already draws is not sent")
    func oneUpdateInFlight() throws {
        let fixture = DialogFixture()
        fixture.answersUpdate = false
        let backend = fixture.startBackend()
        try fixture.show(1...1)
        fixture.run()
        let handle = try #require(fixture.calls("ShowPicker").first.flatMap(DialogFixture.handle(of:)))

        for slots in 1...3 { fixture.frontEnd.update(session(1), try DialogFixture.state(after: [.move(by: slots)])) }
        fixture.run()
        var updates = fixture.calls("Update")
        try #require(updates.count == 1)
        #expect(updates.first?.destination == backend)
        #expect(updates.first.flatMap(DialogFixture.handle(of:)) == handle)
        #expect(updates.first.map { DialogFixture.strings(in: $0, at: 1)["start"] } == "02:00")

        fixture.bus.reply(to: updates[0], from: backend, .values([]))
        fixture.run()
        updates = fixture.calls("Update")
        try #require(updates.count == 2)
        #expect(updates.last.map { DialogFixture.strings(in: $0, at: 1)["start"] } == "04:00", "not the latest state")

        fixture.bus.reply(to: updates[1], from: backend, .values([]))
        fixture.frontEnd.update(session(1), try DialogFixture.state(after: [.move(by: 3)]))
        fixture.run()
        #expect(fixture.calls("Update").count == 2, "a state the backend draws already was sent again")
    }

    @Test("More time changes only the time limit: the backend still gets an Update, with the new seconds and the extensions left")
    func extensionIsSent() throws {
        let fixture = DialogFixture()
        _ = fixture.startBackend()
        var model = PickerModel(options: try PickerOptions(
            validating: ["timeout": .uint32(60), "timeout_extensions": .uint32(2)], defaultClock: .twentyFourHour))
        let now = MonotonicClock.now()
        model.deadline = now + 5_000
        fixture.frontEnd.show(session(1), model.state)
        fixture.run()
        _ = model.apply(.extendTime, now: now)
        fixture.frontEnd.update(session(1), model.state)
        fixture.run()
        let update = try fixture.call("Update", 0)
        let values = try #require(try update.arguments().dropFirst().first?.stringKeyedEntries)
        let numbers = Dictionary(uniqueKeysWithValues: values.compactMap { entry -> (String, UInt32)? in
            guard case .variant(.uint32(let number)) = entry.value else { return nil }
            return (entry.key, number)
        })
        #expect(numbers["timeout_extensions"] == 1, "\(numbers)")
        #expect((55...60).contains(numbers["timeout"] ?? 0), "\(numbers)")
    }

    @Test("Events come only from the process the ShowPicker went to, for its handle, and never confirm or cancel")
    func eventsFromTheOwnerOnly() throws {
        let fixture = DialogFixture()
        let backend = fixture.startBackend()
        try fixture.show(1...1)
        fixture.run()
        let handle = try #require(fixture.calls("ShowPicker").first.flatMap(DialogFixture.handle(of:)))
        let impostor = fixture.bus.connect()

        try fixture.sendEvent("move 1", for: handle, from: impostor)
        try fixture.sendEvent("move 2", for: "/test/session/s1/dialog99", from: backend)
        try fixture.sendEvent("confirm", for: handle, from: backend)
        try fixture.sendEvent("cancel", for: handle, from: backend)
        try fixture.sendEvent("move sideways", for: handle, from: backend)
        try fixture.sendEvent("move 3", for: handle, from: backend)
        fixture.run()
        #expect(fixture.delegate.reports == [.event(session(1), .move(by: 3))])

        // Another process takes the backend's name over: the dialog is still the first one's.
        let successor = fixture.startBackend()
        fixture.run()
        try fixture.sendEvent("move 4", for: handle, from: successor)
        try fixture.sendEvent("move 5", for: handle, from: backend)
        fixture.run()
        #expect(fixture.delegate.reports == [.event(session(1), .move(by: 3)), .event(session(1), .move(by: 5))])
    }

    @Test("A Notice from the process showing the dialog is logged; one from anyone else is not")
    func notices() throws {
        let fixture = DialogFixture()
        let backend = fixture.startBackend()
        try fixture.show(1...1)
        fixture.run()
        let handle = try #require(fixture.calls("ShowPicker").first.flatMap(DialogFixture.handle(of:)))
        try fixture.sendNotice("forged", for: handle, from: fixture.bus.connect())
        try fixture.sendNotice("no parent window", for: handle, from: backend)
        fixture.run()
        #expect(fixture.problems == ["\(handle.rawValue): no parent window"])
        #expect(fixture.delegate.reports.isEmpty)
    }
}
