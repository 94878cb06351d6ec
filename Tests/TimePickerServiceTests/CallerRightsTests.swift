import DBusKit
import Testing
import TimePickerCore

/// Whom the service serves: connections of its own Unix user, as the bus vouches for them, and
/// nobody else; any of them may cancel any session.
@Suite("Callers: the daemon's own user only")
struct CallerRightsTests {
    @Test("The creator's own connection cancels at once: Cancelled(caller), an empty reply")
    func creatorCancels() throws {
        let fixture = ServiceFixture()
        let path = try fixture.showTimePicker()
        let cancel = try fixture.call("Cancel", path: path, interface: ServiceFixture.sessionInterface)
        #expect(fixture.bus.answer(to: cancel)?.kind == .methodReturn)
        #expect(fixture.outcomes(on: path) == ["Cancelled caller"])
        let again = try fixture.call("Cancel", path: path, interface: ServiceFixture.sessionInterface)
        #expect(fixture.errorName(of: again) == "org.freedesktop.DBus.Error.UnknownObject", "the object went with the session")
    }

    @Test("Another connection of the same user may cancel, once the bus has vouched for it")
    func sameUserCancels() throws {
        let fixture = ServiceFixture()
        let path = try fixture.showTimePicker()
        let sibling = fixture.bus.connect(user: ServiceFixture.user)
        let cancel = try fixture.call("Cancel", path: path, interface: ServiceFixture.sessionInterface, from: sibling)
        #expect(fixture.bus.answer(to: cancel)?.kind == .methodReturn)
        #expect(fixture.outcomes(on: path) == ["Cancelled caller"])
    }

    @Test("A connection of another user gets AccessDenied for every call, before anything is shown; the user's session goes on")
    func otherUserRefused() throws {
        let fixture = ServiceFixture()
        let path = try fixture.showTimePicker()
        let stranger = fixture.bus.connect(user: ServiceFixture.user + 1, processID: 4343)
        let calls = [
            try fixture.call("ShowTimePicker", [.vardict(["title": .string("Session locked")])], from: stranger),
            try fixture.call("PickTimeRange", [.vardict(["title": .string("Session locked")])], from: stranger),
            try fixture.call("Cancel", path: path, interface: ServiceFixture.sessionInterface, from: stranger),
            try fixture.call("Introspect", path: ServiceFixture.manager, interface: "org.freedesktop.DBus.Introspectable", from: stranger),
            try fixture.call(
                "Get", path: path, interface: "org.freedesktop.DBus.Properties", [.string("io.github.timepickerd.TimePicker1.Session"), .string("Title")],
                from: stranger),
            try fixture.call("NoSuchMethod", from: stranger),
        ]
        for call in calls {
            #expect(fixture.errorName(of: call) == "org.freedesktop.DBus.Error.AccessDenied", "\(call.member?.rawValue ?? "")")
            #expect(fixture.bus.answer(to: call)?.errorMessage?.contains("serves its own user (uid 1000) only") == true)
        }
        #expect(fixture.outcomes(on: path).isEmpty)
        #expect(fixture.frontEnd().shown.count == 1, "only the user's own session is shown")
    }

    @Test("A caller the bus cannot name (it left at once, as busctl does with its reply) is refused: nothing is shown")
    func unknownCallerRefused() throws {
        let fixture = ServiceFixture()
        let fleeting = fixture.bus.connect()
        let call = try fixture.bus.deliverCall(
            from: fleeting, path: ServiceFixture.manager, interface: ServiceFixture.managerInterface, member: "ShowTimePicker",
            [.vardict([:])])
        // Gone before the service asks the bus who it was.
        fixture.bus.disconnect(fleeting)
        fixture.settle()
        #expect(fixture.errorName(of: call) == "org.freedesktop.DBus.Error.AccessDenied")
        #expect(fixture.bus.answer(to: call)?.errorMessage?.contains("cannot say which user") == true)
        #expect(fixture.frontEnd().shown.isEmpty)
    }

    @Test("The bus is asked once per caller, and the answer forgotten when the caller leaves")
    func askedOncePerCaller() throws {
        let fixture = ServiceFixture()
        let caller = fixture.bus.connect(user: ServiceFixture.user, processID: 4444)
        _ = try fixture.showTimePicker(from: caller)
        _ = try fixture.showTimePicker(from: caller)
        let questions = { fixture.bus.sent(where: { $0.member == "GetConnectionCredentials" && (try? $0.arguments().first) == .string(caller.rawValue) }).count }
        #expect(questions() == 1)
        #expect(fixture.bus.matchRules.contains { $0.contains("arg0='\(caller)'") })
        fixture.bus.disconnect(caller)
        fixture.settle()
        #expect(!fixture.bus.matchRules.contains { $0.contains("arg0='\(caller)'") })
    }
}
