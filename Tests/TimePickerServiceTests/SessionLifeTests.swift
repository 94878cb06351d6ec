import DBusKit
import EventLoop
import FrontEndTesting
import Testing
import TimePickerCore

/// A session's life as the service rules it: its object and path, the limits, what the person's
/// events do, and how exactly one outcome goes out. All through a fake bus and a fake front end.
@Suite("Sessions: paths, limits, events and outcomes")
struct SessionLifeTests {
    @Test("ShowTimePicker answers at once with the session's path, made from the caller's name, and shows it")
    func showTimePicker() throws {
        let fixture = ServiceFixture()
        let path = try fixture.showTimePicker(["title": .string("Lunch")])
        // ":1.1001" is "1_1001" in a path.
        let element = String(fixture.caller.rawValue.dropFirst().map { $0 == "." ? "_" : $0 })
        #expect(path.rawValue == "/io/github/timepickerd/TimePicker1/session/\(element)/t1")
        let session = try fixture.lastShown()
        #expect(fixture.frontEnd().shown[session]?.options.title == "Lunch")
        #expect(fixture.outcomes(on: path).isEmpty)
    }

    @Test("A handle_token names the path; the same token again while open is refused, and free again once it ended")
    func handleToken() throws {
        let fixture = ServiceFixture()
        let path = try fixture.showTimePicker(["handle_token": .string("meeting")])
        #expect(path.rawValue.hasSuffix("/meeting"))
        let again = try fixture.call("ShowTimePicker", [.vardict(["handle_token": .string("meeting")])])
        #expect(fixture.errorName(of: again) == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(fixture.bus.answer(to: again)?.errorMessage?.contains("handle_token") == true)
        try fixture.call("Cancel", path: path, interface: ServiceFixture.sessionInterface)
        #expect(try fixture.showTimePicker(["handle_token": .string("meeting")]) == path)
    }

    @Test("At most 16 open sessions per caller and 256 in all; the next gets LimitsExceeded and is never shown")
    func limits() throws {
        let fixture = ServiceFixture()
        for _ in 0..<16 { _ = try fixture.showTimePicker() }
        let seventeenth = try fixture.call("ShowTimePicker", [.vardict([:])])
        #expect(fixture.errorName(of: seventeenth) == "io.github.timepickerd.TimePicker1.Error.LimitsExceeded")
        #expect(fixture.frontEnd().count(.show(PickerSessionID(17))) == 0)
        for _ in 0..<15 {
            let other = fixture.bus.connect()
            for _ in 0..<16 { _ = try fixture.showTimePicker(from: other) }
        }
        let lastCaller = fixture.bus.connect()
        let beyond = try fixture.call("ShowTimePicker", [.vardict([:])], from: lastCaller)
        #expect(fixture.errorName(of: beyond) == "io.github.timepickerd.TimePicker1.Error.LimitsExceeded")
        #expect(fixture.bus.answer(to: beyond)?.errorMessage?.contains("256") == true)
    }

    @Test("The person's moves are announced as PropertiesChanged and drawn; OK sends Selected once and answers PickTimeRange")
    func eventsThenSelected() throws {
        let fixture = ServiceFixture()
        let pick = try fixture.call("PickTimeRange", [.vardict(["step": .uint32(30), "start": .string("09:00"), "end": .string("10:00"), "handle_token": .string("p")])])
        #expect(fixture.bus.answer(to: pick) == nil, "PickTimeRange answers only with the outcome")
        let session = try fixture.lastShown()
        let frontEnd = fixture.frontEnd()
        frontEnd.personDoes(.switchFocus, in: session)
        frontEnd.personDoes(.move(by: 2), in: session)
        #expect(frontEnd.shown[session]?.end == Slot(wireText: "11:00"))
        #expect(frontEnd.count(.update(session)) == 2, "an update follows each event that does not end the session")
        let changed = fixture.bus.signals("PropertiesChanged")
        #expect(changed.count == 1, "the focus is not a property; only the end moved")
        frontEnd.personDoes(.confirm, in: session)
        frontEnd.personDoes(.confirm, in: session)
        let path = try #require(changed.first?.path)
        #expect(fixture.outcomes(on: path) == ["Selected 09:00 11:00"])
        #expect(frontEnd.count(.withdraw(session)) == 1)
        let reply = try #require(fixture.bus.answer(to: pick))
        #expect(try reply.arguments() == [.string("09:00"), .string("11:00")])
    }

    @Test("The person cancelling sends Cancelled(user) and PickTimeRange's Cancelled error")
    func personCancels() throws {
        let fixture = ServiceFixture()
        let pick = try fixture.call("PickTimeRange", [.vardict(["handle_token": .string("c")])])
        let session = try fixture.lastShown()
        fixture.frontEnd().personDoes(.cancel, in: session)
        #expect(fixture.errorName(of: pick) == "io.github.timepickerd.TimePicker1.Error.Cancelled")
        #expect(fixture.bus.answer(to: pick)?.errorMessage == "user")
        #expect(fixture.bus.signals("Cancelled").count == 1)
    }

    @Test("A caller that asked for no reply gets none, but its session is made and shown")
    func noReplyExpected() throws {
        let fixture = ServiceFixture()
        let call = try fixture.call("ShowTimePicker", [.vardict([:])], expectsReply: false)
        #expect(fixture.bus.answer(to: call) == nil)
        #expect(fixture.frontEnd().shown.count == 1)
    }

    @Test("The timeout option ends the session with Cancelled(timeout) and takes it down")
    func timeout() throws {
        let fixture = ServiceFixture()
        let path = try fixture.showTimePicker(["timeout": .uint32(1)])
        let session = try fixture.lastShown()
        #expect(fixture.frontEnd().shown[session]?.secondsLeft(at: MonotonicClock.now()) != nil)
        fixture.turn(until: "the timeout", seconds: 3) { !fixture.outcomes(on: path).isEmpty }
        #expect(fixture.outcomes(on: path) == ["Cancelled timeout"])
        #expect(fixture.frontEnd().count(.withdraw(session)) == 1)
    }

    @Test("A pause in typing finishes the typed time, in whichever front end it was typed")
    func typingPause() throws {
        let fixture = ServiceFixture()
        _ = try fixture.showTimePicker(["start": .string("09:00"), "end": .string("17:00")])
        let session = try fixture.lastShown()
        let frontEnd = fixture.frontEnd()
        frontEnd.personDoes(.type("1"), in: session)
        frontEnd.personDoes(.type("0"), in: session)
        #expect(frontEnd.shown[session]?.typed == "10")
        #expect(frontEnd.shown[session]?.start == Slot(wireText: "10:00"))
        fixture.turn(until: "the typing to end after a pause", seconds: 4) { frontEnd.shown[session]?.typed == "" }
        #expect(frontEnd.shown[session]?.start == Slot(wireText: "10:00"))
    }

    @Test("A caller leaving the bus while its PickTimeRange waits ends the session with Cancelled(caller)")
    func callerLeaves() throws {
        let fixture = ServiceFixture()
        let leaving = fixture.bus.connect()
        try fixture.call("PickTimeRange", [.vardict(["handle_token": .string("gone")])], from: leaving)
        let session = try fixture.lastShown()
        fixture.bus.disconnect(leaving)
        fixture.settle()
        #expect(fixture.bus.signals("Cancelled").map { (try? $0.arguments()) ?? [] } == [[.string("caller")]])
        #expect(fixture.frontEnd().count(.withdraw(session)) == 1)
        #expect(fixture.bus.matchRules.allSatisfy { !$0.contains(leaving.rawValue) }, "the watch on the caller is taken back")
    }

    @Test("Reports from a front end that no longer shows the session change nothing")
    func staleReports() throws {
        // The dialog could not show it, so the notification front end does: the dialog's
        // reports about it are no longer anyone's.
        let fixture = ServiceFixture(kinds: [.dialog, .notification], preferred: .dialog, fallback: .notification)
        fixture.frontEnd(.dialog).showBehaviour = .couldNotShow("no display")
        let path = try fixture.showTimePicker()
        let session = try fixture.lastShown(on: .notification)
        let dialog = fixture.frontEnd(.dialog)
        fixture.service.frontEnd(dialog, session: session, didReport: .confirm)
        fixture.service.frontEnd(dialog, session: session, cannotShow: .unavailable, because: "stale")
        #expect(fixture.outcomes(on: path).isEmpty)
        #expect(fixture.frontEnd(.notification).shown[session] != nil)
        fixture.frontEnd(.notification).personDoes(.confirm, in: session)
        #expect(fixture.outcomes(on: path).count == 1)
    }
}
