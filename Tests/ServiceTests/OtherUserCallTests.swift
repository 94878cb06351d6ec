import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// The daemon serves its own Unix user only: on a bus that admits other users, another user's
/// calls are refused with AccessDenied before anything is shown, so that the person's answer
/// never goes to that user.
@Suite("Another user's calls")
struct OtherUserCallTests {
    /// The calls another user makes, as gdbus arguments: the two that show a picker, and what
    /// would tell it about the service.
    static let calls: [[String]] = [
        ["call", "--object-path", "/io/github/timepickerd/TimePicker1", "--method", "io.github.timepickerd.TimePicker1.ShowTimePicker",
         "{'title': <'Session locked: press Enter to unlock'>}"],
        ["call", "--object-path", "/io/github/timepickerd/TimePicker1", "--method", "io.github.timepickerd.TimePicker1.PickTimeRange",
         "{'title': <'Session locked: press Enter to unlock'>, 'ui': <'dialog'>}"],
        ["introspect", "--object-path", "/io/github/timepickerd/TimePicker1"],
        ["call", "--object-path", "/io/github/timepickerd/TimePicker1", "--method", "org.freedesktop.DBus.Properties.Get",
         "io.github.timepickerd.TimePicker1", "UserInterface"],
    ]

    @Test("Another user's ShowTimePicker and PickTimeRange get AccessDenied and draw nothing on the terminal; Introspect and Get too; Ping answers", .actsAsOtherUser)
    func refusedOnTheTerminal() throws {
        let fixture = try Fixture()
        for call in Self.calls {
            let gdbus = try OtherUser.gdbus(call, destination: "io.github.timepickerd.TimePicker1", bus: fixture.bus)
            #expect(gdbus.termination == .exited(1), "\(call) answered: \(gdbus.stdout)")
            #expect(gdbus.stderr.contains("org.freedesktop.DBus.Error.AccessDenied"), "\(call): \(gdbus.stderr)")
            #expect(gdbus.stderr.contains("serves its own user (uid \(getuid())) only"), "\(call): \(gdbus.stderr)")
        }
        let ping = try OtherUser.gdbus(
            ["call", "--object-path", "/io/github/timepickerd/TimePicker1", "--method", "org.freedesktop.DBus.Peer.Ping"],
            destination: "io.github.timepickerd.TimePicker1", bus: fixture.bus)
        #expect(ping.termination == .exited(0), "\(ping.stderr)")

        // The user's own picker comes on screen alone: nothing of the other user's is drawn or waits.
        let handle = try fixture.client.showTimePicker(["title": .string("Mine")])
        let screen = try fixture.screen.waitForScreen(containing: "Mine")
        #expect(!screen.contains("Session locked"), "\(screen)")
        #expect(!screen.contains("waiting"), "\(screen)")
        #expect(fixture.daemon.log.contains("it runs as uid 65534, and the daemon serves its own user (uid \(getuid())) only"), "\(fixture.daemon.log)")
        #expect(!fixture.daemon.log.contains("Session locked"), "\(fixture.daemon.log)")
        _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["caller"])
    }

    @Test("Another user's PickTimeRange with ui dialog gets AccessDenied: the dialog backend is sent nothing", .actsAsOtherUser)
    func refusedBeforeTheDialogBackend() throws {
        let bus = try PrivateBus()
        let backend = try FakeDialogBackend(bus: bus)
        let daemon = try DaemonProcess.serving(
            on: bus, arguments: ["--ui", "dialog", "--dialog-backend", FakeDialogBackend.name.rawValue, "--verbose"])
        defer { daemon.stop() }
        for call in Self.calls.prefix(2) {
            let gdbus = try OtherUser.gdbus(call, destination: "io.github.timepickerd.TimePicker1", bus: bus)
            #expect(gdbus.stderr.contains("org.freedesktop.DBus.Error.AccessDenied"), "\(call): \(gdbus.stderr)")
        }
        #expect(backend.calls("ShowPicker", within: 1).isEmpty, "a dialog was asked for the other user")

        // The user's own call does reach it.
        let client = try BusClient(bus: bus)
        _ = try client.showTimePicker(["title": .string("Mine")])
        let shown = try backend.waitForCall("ShowPicker")
        #expect(try FakeDialogBackend.strings(in: shown)["title"] == "Mine")
    }
}
