import DBusKit
import FrontEndTesting
import Testing
import TimePickerCore

/// Which front end shows a session, and what happens when it cannot: the fallback for one
/// nobody saw, the caller told why, and the end of one a front end lost.
@Suite("Front ends: the one chosen, the fallback, and losing a session")
struct FrontEndChoiceTests {
    @Test("The `ui` option chooses the front end; a session naming none goes to the preferred one")
    func chosenByOption() throws {
        let fixture = ServiceFixture(kinds: [.terminal, .notification], preferred: .terminal)
        _ = try fixture.showTimePicker(["ui": .string("notification")])
        _ = try fixture.showTimePicker()
        #expect(fixture.frontEnd(.notification).shown.count == 1)
        #expect(fixture.frontEnd(.terminal).shown.count == 1)
    }

    @Test("A kind the daemon does not offer ends the session unavailable, and PickTimeRange says why")
    func missingKind() throws {
        let fixture = ServiceFixture(kinds: [.terminal])
        let pick = try fixture.call("PickTimeRange", [.vardict(["ui": .string("dialog")])])
        #expect(fixture.errorName(of: pick) == "io.github.timepickerd.TimePicker1.Error.NoUserInterface")
        #expect(fixture.bus.answer(to: pick)?.errorMessage?.contains("the test has no dialog") == true)
        #expect(fixture.bus.signals("Cancelled").count == 1)
    }

    @Test("A session the preferred front end could not put before anyone goes to the fallback, once")
    func fallback() throws {
        let fixture = ServiceFixture(kinds: [.dialog, .notification], preferred: .dialog, fallback: .notification)
        fixture.frontEnd(.dialog).showBehaviour = .couldNotShow("no display")
        let path = try fixture.showTimePicker()
        #expect(fixture.frontEnd(.notification).shown.count == 1)
        #expect(fixture.outcomes(on: path).isEmpty)
        #expect(fixture.frontEnd(.dialog).calls.filter { if case .withdraw = $0 { true } else { false } }.isEmpty,
                "a session handed back is no longer the dialog's: it is not withdrawn from it")
    }

    @Test("Without a fallback, or when the session named its front end, nobody seeing it ends it unavailable with the reason")
    func noFallback() throws {
        let fixture = ServiceFixture(kinds: [.dialog, .notification], preferred: .dialog, fallback: .notification)
        fixture.frontEnd(.dialog).showBehaviour = .couldNotShow("no display")
        let pick = try fixture.call("PickTimeRange", [.vardict(["ui": .string("dialog")])])
        #expect(fixture.errorName(of: pick) == "io.github.timepickerd.TimePicker1.Error.NoUserInterface")
        #expect(fixture.bus.answer(to: pick)?.errorMessage == "no user interface can show a time picker: no display")
        #expect(fixture.frontEnd(.notification).shown.isEmpty)
    }

    @Test("A front end losing a shown session ends it with the reason it gave")
    func lost() throws {
        let fixture = ServiceFixture()
        let pick = try fixture.call("PickTimeRange", [.vardict(["handle_token": .string("l")])])
        let session = try fixture.lastShown()
        fixture.frontEnd().lose(session, reason: .unavailable, because: "the terminal hung up")
        #expect(fixture.bus.answer(to: pick)?.errorMessage == "no user interface can show a time picker: the terminal hung up")
        #expect(fixture.bus.signals("Cancelled").map { (try? $0.arguments()) ?? [] } == [[.string("unavailable")]])
        #expect(fixture.frontEnd().count(.withdraw(session)) == 1, "withdrawn once, as the contract says")
    }
}
