import DBusKit
import Testing
import TimePickerCore

/// Stopping: every session ends with Cancelled(shutdown), every waiting call is answered, and
/// the service says it is done only once every front end gave back what it borrowed.
@Suite("Shutdown")
struct ShutdownTests {
    @Test("Every open session ends with Cancelled(shutdown); done comes once the front ends gave back")
    func shutdown() throws {
        let fixture = ServiceFixture(kinds: [.terminal, .notification])
        let first = try fixture.showTimePicker()
        let pick = try fixture.call("PickTimeRange", [.vardict(["ui": .string("notification")])])
        fixture.frontEnd(.notification).givesBackAtOnce = false
        var done = 0
        fixture.service.shutdown { done += 1 }
        #expect(fixture.outcomes(on: first) == ["Cancelled shutdown"])
        #expect(fixture.bus.answer(to: pick)?.errorMessage == "shutdown")
        #expect(done == 0, "the notifications are not given back yet")
        fixture.frontEnd(.notification).finishShutdown()
        #expect(done == 1)
        #expect(fixture.frontEnd(.terminal).count(.shutdown) == 1)
    }

    @Test("A session asked for while the service stops ends at once with Cancelled(shutdown), never shown")
    func duringShutdown() throws {
        let fixture = ServiceFixture()
        fixture.frontEnd().givesBackAtOnce = false
        fixture.service.shutdown {}
        let pick = try fixture.call("PickTimeRange", [.vardict([:])])
        #expect(fixture.bus.answer(to: pick)?.errorMessage == "shutdown")
        #expect(fixture.frontEnd().calls == [.shutdown])
    }
}
