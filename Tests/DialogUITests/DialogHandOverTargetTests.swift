import DBusKit
import Testing
import TimePickerCore

/// Whether the dialog front end says a session handed over now would get a window: asked of the
/// bus without waiting, and followed as the backend's name changes hands.
@Suite("Dialog front end: accepting a hand-over")
struct DialogHandOverTargetTests {
    @Test("No backend on the bus and none the bus can start: not accepted; once one owns the name: accepted")
    func followsTheOwner() throws {
        let fixture = DialogFixture()
        fixture.run()
        #expect(!fixture.frontEnd.acceptsHandOver)
        let backend = fixture.startBackend()
        fixture.run()
        #expect(fixture.frontEnd.acceptsHandOver)
        fixture.bus.disconnect(backend)
        fixture.run()
        #expect(!fixture.frontEnd.acceptsHandOver, "the fake bus can start nothing")
    }

    @Test("A backend that ran before the daemon asked: accepted at once")
    func ownerFirst() throws {
        let fixture = DialogFixture()
        fixture.startBackend()
        fixture.run()
        #expect(fixture.frontEnd.acceptsHandOver)
    }

    @Test("A backend that showed no dialog (no display): not accepted while it stays, nor after it leaves; accepted when another process takes the name")
    func failedUntilAnotherOwner() throws {
        let fixture = DialogFixture()
        let backend = fixture.startBackend()
        try fixture.show(1...1)
        fixture.run()
        fixture.end(try fixture.call("ShowPicker", 0), from: backend, response: 2, results: ["reason": .variant(.string("no display"))])
        fixture.run()
        #expect(fixture.delegate.reports.count == 1)
        #expect(!fixture.frontEnd.acceptsHandOver)
        fixture.bus.disconnect(backend)
        fixture.run()
        #expect(!fixture.frontEnd.acceptsHandOver)
        fixture.startBackend()
        fixture.run()
        #expect(fixture.frontEnd.acceptsHandOver)
    }
}
