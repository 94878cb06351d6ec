import TestHarness
import DBusKit
import Foundation
import Glibc
import Testing

/// The GTK backend's D-Bus contract: argument checks and errors, its own user only, parent
/// windows, unicast events, the Version property, idling out and staying asleep, and a display
/// that is missing.
@Suite("GTK dialog backend: interface", .serialized)
struct DialogInterfaceTests {
    static let handle: ObjectPath = "/io/github/timepickerd/TimePicker1/session/1_7/iface"

    @Test("Malformed arguments are InvalidArgs naming them; unknown option keys are ignored")
    func invalidArguments() throws {
        let fixture = try DialogFixture()
        for parent in ["x11:", "x11:zz", "x11:0", "x11:123456789", "mir:1", "wayland:", "wayland:a\tb", "X11:1a"] {
            let serial = try fixture.caller.showPicker(Self.handle, parentWindow: parent)
            let failure = dbusError { _ = try fixture.caller.outcome(of: serial) }
            #expect(failure?.name == "org.freedesktop.DBus.Error.InvalidArgs", "\(parent)")
            #expect(failure?.message.contains("parent_window") == true, "\(failure?.message ?? "")")
        }
        let badOptions: [(String, DBusValue)] = [
            ("step", .uint32(7)), ("start", .string("9")), ("clock", .string("13h")), ("focus", .string("middle")),
            ("title", .uint32(1)), ("timeout", .string("soon")), ("min_duration", .uint32(5000)), ("end", .string("00:30")),
        ]
        for (key, value) in badOptions {
            let serial = try fixture.caller.showPicker(Self.handle, [key: value])
            let failure = dbusError { _ = try fixture.caller.outcome(of: serial) }
            #expect(failure?.name == "org.freedesktop.DBus.Error.InvalidArgs", "\(key)")
            #expect(failure?.message.contains("'\(key)'") == true, "\(key): \(failure?.message ?? "")")
        }
        #expect(try Accessibility.dialogs(on: fixture.display).isEmpty)
        // Keys from a newer daemon, or the daemon's own, are ignored.
        let serial = try fixture.caller.showPicker(Self.handle, [
            "title": .string("Forward"), "shiny_new_option": .boolean(true), "handle_token": .string("t"),
        ])
        try fixture.dialog("Forward")
        let again = try fixture.caller.showPicker(Self.handle, ["title": .string("Again")])
        let duplicate = dbusError { _ = try fixture.caller.outcome(of: again) }
        #expect(duplicate?.name == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(duplicate?.message.contains("already has a dialog") == true)
        try fixture.caller.close(Self.handle)
        #expect(try fixture.caller.outcome(of: serial).response == 2)
    }

    @Test("Update: an unknown handle or another caller's is UnknownObject, a bad state InvalidArgs naming the key")
    func updateErrors() throws {
        let fixture = try DialogFixture()
        let serial = try fixture.caller.showPicker(Self.handle, ["title": .string("Errors"), "min_duration": .uint32(120)])
        try fixture.dialog("Errors")
        let unknown = dbusError { try fixture.caller.update("/io/github/timepickerd/TimePicker1/session/1_7/nothing", [:]) }
        #expect(unknown?.name == "org.freedesktop.DBus.Error.UnknownObject")
        let stranger = try BackendCaller(bus: fixture.bus)
        let foreign = dbusError { try stranger.update(Self.handle, ["start": .string("05:00")]) }
        #expect(foreign?.name == "org.freedesktop.DBus.Error.UnknownObject", "one caller cannot drive another's dialog")
        try stranger.close(Self.handle)
        for (key, value) in [("end", DBusValue.string("02:00")), ("start", .string("23:30")), ("focus", .string("both")), ("timeout", .int32(3))] {
            let failure = dbusError { try fixture.caller.update(Self.handle, [key: value]) }
            #expect(failure?.name == "org.freedesktop.DBus.Error.InvalidArgs", "\(key)")
            #expect(failure?.message.contains("'\(key)'") == true, "\(key): \(failure?.message ?? "")")
        }
        try fixture.caller.update(Self.handle, ["start": .string("05:00"), "end": .string("07:00"), "unknown_key": .uint32(1)])
        #expect(!fixture.caller.isAnswered(serial), "the stranger's Close did not close it")
        try fixture.caller.close(Self.handle)
        #expect(try fixture.caller.outcome(of: serial).response == 2)
    }

    @Test("A connection of another Unix user is refused with AccessDenied and opens no dialog; the backend's own user is served", .actsAsOtherUser)
    func anotherUserIsRefused() throws {
        let fixture = try DialogFixture()
        let directory = try makeTemporaryDirectory(prefix: "other")
        defer { try? FileManager.default.removeItem(at: directory) }
        // ShowPicker from gdbus as the other user, the handle as `handle` is written.
        let showPicker = { (handle: String) in
            try CapturedCommand.run(
                OtherUser.launcher[0],
                OtherUser.launcher.dropFirst() + ["/usr/bin/gdbus", "call", "--address", fixture.bus.address,
                 "--dest", "io.github.timepickerd.Gtk", "--object-path", "/io/github/timepickerd/impl/TimePicker1",
                 "--method", "io.github.timepickerd.impl.TimePicker1.ShowPicker", handle, "", "{'title': <'Intruder'>}"],
                environment: ProcessInfo.processInfo.environment, directory: directory)
        }
        let gdbus = try showPicker("objectpath '/io/github/timepickerd/TimePicker1/session/1_9/intruder'")
        #expect(gdbus.termination == .exited(1))
        #expect(gdbus.stderr.contains("org.freedesktop.DBus.Error.AccessDenied"), "gdbus said: \(gdbus.stderr)")
        #expect(gdbus.stderr.contains("uid \(OtherUser.uid)"), "gdbus said: \(gdbus.stderr)")
        // gdbus cannot introspect the backend as another user, so without the explicit type it
        // sends the handle as a string: refused all the same, with nothing said of the method's
        // arguments, which would tell another user what the backend has.
        let untyped = try showPicker("/io/github/timepickerd/TimePicker1/session/1_9/intruder")
        #expect(untyped.termination == .exited(1))
        #expect(untyped.stderr.contains("org.freedesktop.DBus.Error.AccessDenied"), "gdbus said: \(untyped.stderr)")
        // The own user's dialog comes up, and is the only one.
        let serial = try fixture.caller.showPicker(Self.handle, ["title": .string("Mine")])
        try fixture.dialog("Mine")
        #expect(try Accessibility.dialogs(on: fixture.display).count == 1)
        try fixture.caller.close(Self.handle)
        #expect(try fixture.caller.outcome(of: serial).response == 2)
        // A new caller's Close right behind its ShowPicker waits with it for the bus's answer
        // about the caller, and does not overtake it: the dialog is closed, not left open.
        let newcomer = try BackendCaller(bus: fixture.bus)
        let quick = try newcomer.showPicker(Self.handle, ["title": .string("Quick")])
        try newcomer.close(Self.handle)
        #expect(try newcomer.outcome(of: quick).response == 2)
    }

    @Test("parent_window x11:XID (or x11:0xXID) makes the dialog transient for that window; a window that is gone or cannot exist leaves it unparented")
    func parentWindow() throws {
        let fixture = try DialogFixture()
        let parent = try fixture.display.start("/usr/bin/xmessage", ["-title", "Parent window", "-geometry", "+600+400", "parent"])
        defer { parent.process.send(SIGTERM) }
        let parentWindow = try fixture.display.window(titled: "Parent window")
        let serial = try fixture.caller.showPicker(
            Self.handle, parentWindow: "x11:" + String(parentWindow, radix: 16),
            ["title": .string("Child"), "activation_token": .string("timepickerd_TIME4242")])
        let child = try fixture.display.window(titled: "Child")
        try fixture.dialog("Child")
        let transient = try fixture.display.property("WM_TRANSIENT_FOR", of: child)
        #expect(transient.contains("window id # 0x" + String(parentWindow, radix: 16)), "\(transient)")
        #expect(try fixture.display.property("_NET_WM_WINDOW_TYPE", of: child).contains("_NET_WM_WINDOW_TYPE_DIALOG"))
        // The activation token is the window's startup id on X11 (XDG activation on Wayland).
        #expect(try fixture.display.property("_NET_STARTUP_ID", of: child).contains("timepickerd_TIME4242"))
        #expect(try fixture.display.property("_GTK_APPLICATION_ID", of: child).contains("io.github.timepickerd.Gtk"))
        try fixture.caller.close(Self.handle)
        #expect(try fixture.caller.outcome(of: serial).response == 2)

        // As xdg-desktop-portal reads it (strtol base 16): a 0x prefix, either case.
        let prefixed = try fixture.caller.showPicker(
            Self.handle, parentWindow: "x11:0X" + String(parentWindow, radix: 16, uppercase: true), ["title": .string("Prefixed")])
        let prefixedChild = try fixture.display.window(titled: "Prefixed")
        try fixture.dialog("Prefixed")
        #expect(try fixture.display.property("WM_TRANSIENT_FOR", of: prefixedChild).contains("window id # 0x" + String(parentWindow, radix: 16)))
        try fixture.caller.close(Self.handle)
        #expect(try fixture.caller.outcome(of: prefixed).response == 2)

        // No such window: one that is gone, and XIDs above 29 bits, which the daemon accepts
        // and no X server hands out.
        for (index, parent) in ["x11:1fffff0", "x11:20000000", "x11:ffffffff"].enumerated() {
            let orphan = try #require(ObjectPath("/io/github/timepickerd/TimePicker1/session/1_7/orphan\(index)"))
            let gone = try fixture.caller.showPicker(orphan, parentWindow: parent, ["title": .string("Orphan \(index)")])
            let window = try fixture.display.window(titled: "Orphan \(index)")
            try fixture.dialog("Orphan \(index)")
            #expect(try fixture.display.property("WM_TRANSIENT_FOR", of: window).contains("not found"), "\(parent)")
            try fixture.caller.close(orphan)
            #expect(try fixture.caller.outcome(of: gone).response == 2, "\(parent)")
        }
    }

    @Test("Events go to the caller only (unicast), not to others listening on the bus")
    func eventsAreUnicast() throws {
        let fixture = try DialogFixture()
        let listener = try BusClient(bus: fixture.bus)
        try listener.subscribe("type='signal',interface='io.github.timepickerd.impl.TimePicker1'")
        let serial = try fixture.caller.showPicker(Self.handle, ["title": .string("Unicast"), "clock": .string("24h")])
        try fixture.dialog("Unicast")
        try fixture.press(["Down", "Down"], inWindowTitled: "Unicast")
        try fixture.caller.pump("two events") { fixture.caller.events(for: Self.handle).count == 2 }
        // The events have arrived at the caller; a broadcast would have reached the listener too.
        _ = try listener.call("GetId", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", destination: "org.freedesktop.DBus")
        #expect(listener.receivedSignals("Event").isEmpty)
        try fixture.caller.close(Self.handle)
        #expect(try fixture.caller.outcome(of: serial).response == 2)
    }

    @Test("Version is 1, and Introspect describes the interface")
    func versionAndIntrospection() throws {
        let fixture = try DialogFixture()
        let version = try fixture.caller.call(
            "Get", [.string("io.github.timepickerd.impl.TimePicker1"), .string("Version")], interface: "org.freedesktop.DBus.Properties")
        #expect(version == [.variant(.uint32(1))])
        let xml = try fixture.caller.call("Introspect", [], interface: "org.freedesktop.DBus.Introspectable")
        guard case .string(let text)? = xml.first else { throw HarnessError("no introspection") }
        for member in ["io.github.timepickerd.impl.TimePicker1", "ShowPicker", "Update", "Close", "Event", "Version"] {
            #expect(text.contains("\"\(member)\""), "\(member)")
        }
    }

    @Test("The backend exits after its idle timeout once the last dialog closed, not while one is open")
    func idleExit() throws {
        let fixture = try DialogFixture(arguments: ["--verbose", "--idle-timeout", "1"])
        let serial = try fixture.caller.showPicker(Self.handle, ["title": .string("Idle")])
        try fixture.dialog("Idle")
        // Longer than the idle timeout with a dialog open: still there.
        fixture.caller.pump(seconds: 2.5)
        #expect(fixture.backend.process.isRunning)
        try fixture.caller.close(Self.handle)
        #expect(try fixture.caller.outcome(of: serial).response == 2)
        let termination = try fixture.backend.process.waitForExit(seconds: 15)
        #expect(termination == .exited(0), "\(fixture.backend.log)")
        #expect(try !BusClient(bus: fixture.bus).nameHasOwner("io.github.timepickerd.Gtk"))
    }

    @Test("Idle, the backend does not wake up: no voluntary context switches in any thread")
    func idleWakeUps() throws {
        let fixture = try DialogFixture(arguments: ["--idle-timeout", "60"])
        let serial = try fixture.caller.showPicker(Self.handle, ["title": .string("Asleep"), "timeout": .uint32(30)])
        try fixture.dialog("Asleep")
        try fixture.caller.close(Self.handle)
        #expect(try fixture.caller.outcome(of: serial).response == 2)
        try fixture.waitForWindowGone("Asleep")
        // ThreadSanitizer's runtime keeps a thread of its own in the process, which wakes up.
        guard SanitizerBuild.name != "thread" else { return }
        let pid = fixture.backend.process.pid
        try waitUntil("the backend to settle") {
            let before = try voluntaryContextSwitchesOfAllThreads(of: pid)
            usleep(300_000)
            return try voluntaryContextSwitchesOfAllThreads(of: pid) == before
        }
        let before = try voluntaryContextSwitchesOfAllThreads(of: pid)
        // A stretch with nothing in it, long enough for the countdown's or any periodic timer.
        usleep(2_000_000)
        #expect(try voluntaryContextSwitchesOfAllThreads(of: pid) == before)
    }

    @Test("D-Bus activation starts the backend on the first call, on the display of the activation environment")
    func activation() throws {
        let bus = try PrivateBus()
        let display = try VirtualDisplay(bus: bus)
        try bus.installService("io.github.timepickerd.Gtk", command: "\(GtkBackendProcess.binary) --idle-timeout 1")
        // What a desktop session does at login (dbus-update-activation-environment).
        try bus.updateActivationEnvironment(["DISPLAY": display.name])
        let session = try BusClient(bus: bus)
        #expect(try !session.nameHasOwner("io.github.timepickerd.Gtk"))
        let caller = try BackendCaller(bus: bus)
        let serial = try caller.showPicker(Self.handle, ["title": .string("Activated")])
        _ = try Accessibility.dialog("Activated", on: display)
        try caller.close(Self.handle)
        #expect(try caller.outcome(of: serial).response == 2)
        try waitUntil("the activated backend to exit when idle") { try !session.nameHasOwner("io.github.timepickerd.Gtk") }
    }

    @Test("Without a display the backend stays on the bus and answers ShowPicker at once with 2 and the reason")
    func noDisplay() throws {
        let bus = try PrivateBus()
        var environment = bus.environment
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        let backend = try GtkBackendProcess(bus: bus, environment: environment)
        let caller = try BackendCaller(bus: bus)
        let serial = try caller.showPicker(Self.handle, ["title": .string("Nowhere")])
        let outcome = try caller.outcome(of: serial, seconds: 5)
        #expect(outcome.response == 2)
        #expect(outcome.results["reason"]?.contains("cannot open a display") == true, "\(outcome)")
        #expect(backend.process.isRunning)
    }
}
