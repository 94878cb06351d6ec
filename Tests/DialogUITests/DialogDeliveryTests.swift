import DBusKit
import Testing
import TimePickerCore

/// How many ShowPicker calls wait on the backend, and which sessions it never hears of.
@Suite("Dialog front end: ShowPicker calls out and waiting")
struct DialogDeliveryTests {
    @Test("At most four ShowPicker the backend has not taken: the rest wait in order and go as it takes or answers them")
    func atMostFourInFlight() throws {
        let fixture = DialogFixture()
        fixture.answersVersion = false
        let backend = fixture.startBackend()
        try fixture.show(1...6)
        fixture.run()
        #expect(fixture.shownSessions == [1, 2, 3, 4])
        #expect(fixture.calls("ShowPicker").allSatisfy { $0.destination == backend }, "sent to the process that owns the name")
        let probes = fixture.calls("Get")
        try #require(probes.count == 4)
        for probe in probes {
            #expect(probe.destination == backend)
            #expect(probe.interface == "org.freedesktop.DBus.Properties")
            #expect(try probe.arguments() == [.string("io.github.timepickerd.impl.TimePicker1"), .string("Version")])
        }

        // Taken: one more goes.
        fixture.take(probes[2], from: backend)
        fixture.run()
        #expect(fixture.shownSessions == [1, 2, 3, 4, 5])
        // Answered before it was known to be taken: the last one goes.
        fixture.end(try fixture.call("ShowPicker", 0), from: backend, response: 1)
        fixture.run()
        #expect(fixture.shownSessions == [1, 2, 3, 4, 5, 6])
        #expect(fixture.delegate.reports == [.event(session(1), .cancel)])
    }

    @Test("Callers take turns: another caller's first dialog goes before one caller's backlog")
    func callersTakeTurns() throws {
        let fixture = DialogFixture(caller: { .connection($0.rawValue < 100 ? ":1.8" : ":1.9") })
        fixture.answersVersion = false
        let backend = fixture.startBackend()
        try fixture.show(1...8)
        fixture.run()
        #expect(fixture.shownSessions == [1, 2, 3, 4])
        fixture.frontEnd.show(session(100), try DialogFixture.state())
        fixture.run()
        #expect(fixture.shownSessions == [1, 2, 3, 4])
        fixture.take(try fixture.call("Get", 0), from: backend)
        fixture.run()
        #expect(fixture.shownSessions == [1, 2, 3, 4, 100])
    }

    @Test("A session withdrawn while it waits is never sent; one withdrawn after its ShowPicker gets Close, and counts until taken")
    func withdrawn() throws {
        let fixture = DialogFixture()
        fixture.answersVersion = false
        let backend = fixture.startBackend()
        try fixture.show(1...6)
        fixture.run()
        let firstShowPicker = try #require(fixture.calls("ShowPicker").first)

        fixture.frontEnd.withdraw(session(5))
        fixture.frontEnd.withdraw(session(1))
        fixture.run()
        let closes = fixture.calls("Close")
        #expect(closes.map(DialogFixture.handle(of:)) == [DialogFixture.handle(of: firstShowPicker)])
        #expect(closes.first?.destination == backend)
        #expect(!fixture.bus.unanswered.contains { $0 === firstShowPicker }, "the withdrawn session's ShowPicker was not given up")
        #expect(fixture.shownSessions == [1, 2, 3, 4], "a withdrawn session's untaken ShowPicker stopped counting")

        fixture.take(try fixture.call("Get", 0), from: backend)
        fixture.run()
        #expect(fixture.shownSessions == [1, 2, 3, 4, 6])
        #expect(fixture.calls("Close").count == 1, "a session never sent was closed")
        #expect(fixture.delegate.reports.isEmpty)
    }

    @Test("Shutdown closes every dialog sent, never sends those waiting, and is done once the backend answered")
    func shutdown() throws {
        let fixture = DialogFixture()
        fixture.answersVersion = false
        let backend = fixture.startBackend()
        try fixture.show(1...6)
        fixture.run()
        var done = 0
        fixture.frontEnd.shutdown { done += 1 }
        #expect(done == 0, "done before the backend answered Close")
        fixture.run()
        #expect(done == 1)
        #expect(Set(fixture.calls("Close").compactMap(DialogFixture.handle(of:))) == Set(fixture.calls("ShowPicker").compactMap(DialogFixture.handle(of:))))
        for probe in fixture.calls("Get") { fixture.take(probe, from: backend) }
        fixture.run()
        #expect(fixture.shownSessions == [1, 2, 3, 4])
        #expect(fixture.delegate.reports.isEmpty)
    }
}
