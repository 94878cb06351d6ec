import DBusKit
import Testing
import TimePickerCore

/// What the method table answers: the right method by interface and member on the right
/// objects, and the standard error for anything else, named precisely.
@Suite("The method table: routing, signatures, introspection and properties")
struct MethodTableTests {
    @Test("A method that does not exist, an object that does not exist, a wrong signature: each its own error")
    func errors() throws {
        let fixture = ServiceFixture()
        let unknownMethod = try fixture.call("Frobnicate")
        #expect(fixture.errorName(of: unknownMethod) == "org.freedesktop.DBus.Error.UnknownMethod")
        #expect(fixture.bus.answer(to: unknownMethod)?.errorMessage?.contains("'Frobnicate'") == true)
        let unknownObject = try fixture.call("Cancel", path: "/io/github/timepickerd/TimePicker1/session/x/y", interface: ServiceFixture.sessionInterface)
        #expect(fixture.errorName(of: unknownObject) == "org.freedesktop.DBus.Error.UnknownObject")
        let signature = try fixture.call("ShowTimePicker", [.string("title")])
        #expect(fixture.errorName(of: signature) == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(fixture.bus.answer(to: signature)?.errorMessage == "ShowTimePicker takes arguments of type 'a{sv}', got 's'")
        let cancelOnManager = try fixture.call("Cancel", interface: ServiceFixture.sessionInterface)
        #expect(fixture.errorName(of: cancelOnManager) == "org.freedesktop.DBus.Error.UnknownMethod", "Cancel is on sessions only")
        #expect(fixture.frontEnd().calls.isEmpty)
    }

    @Test("A call without an interface finds the service's own methods by member, and only those")
    func withoutInterface() throws {
        let fixture = ServiceFixture()
        let show = try fixture.call("ShowTimePicker", interface: nil, [.vardict([:])])
        #expect(fixture.bus.answer(to: show)?.kind == .methodReturn)
        let introspect = try fixture.call("Introspect", interface: nil)
        #expect(fixture.errorName(of: introspect) == "org.freedesktop.DBus.Error.UnknownMethod")
    }

    @Test("Introspect gives the interface file's text for an object and its children for a node")
    func introspection() throws {
        let fixture = ServiceFixture()
        let path = try fixture.showTimePicker()
        let root = try fixture.call("Introspect", path: "/", interface: "org.freedesktop.DBus.Introspectable")
        guard case .string(let rootXML)? = try fixture.bus.answer(to: root)?.arguments().first else {
            Issue.record("no document for /")
            return
        }
        #expect(rootXML.contains("<node name=\"io\"/>"))
        let session = try fixture.call("Introspect", path: path, interface: "org.freedesktop.DBus.Introspectable")
        guard case .string(let sessionXML)? = try fixture.bus.answer(to: session)?.arguments().first else {
            Issue.record("no document for the session")
            return
        }
        #expect(sessionXML.contains("<interface name=\"io.github.timepickerd.TimePicker1.Session\">"))
        #expect(!sessionXML.contains("<method name=\"ShowTimePicker\">"))
    }

    @Test("Properties: Version and UserInterface on the manager, Title/Start/End on a session; every one read-only")
    func properties() throws {
        let fixture = ServiceFixture(kinds: [.terminal, .notification], preferred: .notification)
        let version = try fixture.call("Get", interface: "org.freedesktop.DBus.Properties", [.string("io.github.timepickerd.TimePicker1"), .string("Version")])
        #expect(try fixture.bus.answer(to: version)?.arguments() == [.variant(.uint32(1))])
        let preferred = try fixture.call("Get", interface: "org.freedesktop.DBus.Properties", [.string(""), .string("UserInterface")])
        #expect(try fixture.bus.answer(to: preferred)?.arguments() == [.variant(.string("notification"))])
        let path = try fixture.showTimePicker(["title": .string("Stand-up"), "step": .uint32(15), "start": .string("09:00"), "end": .string("09:15")])
        let all = try fixture.call("GetAll", path: path, interface: "org.freedesktop.DBus.Properties", [.string("")])
        #expect(try fixture.bus.answer(to: all)?.arguments() == [.vardict(["Title": .string("Stand-up"), "Start": .string("09:00"), "End": .string("09:15")])])
        let set = try fixture.call("Set", path: path, interface: "org.freedesktop.DBus.Properties", [.string(""), .string("Start"), .variant(.string("10:00"))])
        #expect(fixture.errorName(of: set) == "org.freedesktop.DBus.Error.PropertyReadOnly")
        let wrongInterface = try fixture.call("GetAll", path: path, interface: "org.freedesktop.DBus.Properties", [.string("org.example.Other")])
        #expect(fixture.errorName(of: wrongInterface) == "org.freedesktop.DBus.Error.UnknownInterface")
    }
}
