import DBusKit
import Testing
import TimePickerCore

/// Who may cancel a session: its creator's connection, another connection of the same Unix
/// user once the bus has said so, and nobody else.
@Suite("Cancel(): the creator's user only")
struct CancelRightsTests {
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

    @Test("Another connection of the same user may cancel, once the bus has vouched for both")
    func sameUserCancels() throws {
        let fixture = ServiceFixture()
        let path = try fixture.showTimePicker()
        let sibling = fixture.bus.connect(user: ServiceFixture.user)
        let cancel = try fixture.call("Cancel", path: path, interface: ServiceFixture.sessionInterface, from: sibling)
        #expect(fixture.bus.answer(to: cancel)?.kind == .methodReturn)
        #expect(fixture.outcomes(on: path) == ["Cancelled caller"])
    }

    @Test("A connection of another user is refused with AccessDenied; the session goes on")
    func otherUserRefused() throws {
        let fixture = ServiceFixture()
        let path = try fixture.showTimePicker()
        let stranger = fixture.bus.connect(user: ServiceFixture.user + 1)
        let cancel = try fixture.call("Cancel", path: path, interface: ServiceFixture.sessionInterface, from: stranger)
        #expect(fixture.errorName(of: cancel) == "org.freedesktop.DBus.Error.AccessDenied")
        #expect(fixture.bus.answer(to: cancel)?.errorMessage?.contains("another user") == true)
        #expect(fixture.outcomes(on: path).isEmpty)
        #expect(fixture.frontEnd().shown.count == 1)
    }

    @Test("When the bus cannot say who created a session (its creator left at once), nobody else may cancel it")
    func unknownCreator() throws {
        let fixture = ServiceFixture()
        let fleeting = fixture.bus.connect()
        let call = try fixture.bus.deliverCall(
            from: fleeting, path: ServiceFixture.manager, interface: ServiceFixture.managerInterface, member: "ShowTimePicker",
            [.vardict([:])])
        // Gone before the service asks the bus who it was: as busctl does, leaving with its reply.
        fixture.bus.disconnect(fleeting)
        fixture.settle()
        guard case .objectPath(let path)? = try fixture.bus.answer(to: call)?.arguments().first else {
            Issue.record("ShowTimePicker was not answered with a path")
            return
        }
        let cancel = try fixture.call("Cancel", path: path, interface: ServiceFixture.sessionInterface)
        #expect(fixture.errorName(of: cancel) == "org.freedesktop.DBus.Error.AccessDenied")
        #expect(fixture.outcomes(on: path).isEmpty)
    }
}
