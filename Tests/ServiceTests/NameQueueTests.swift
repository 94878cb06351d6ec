import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// The names on a bus that admits other Unix users, against another user's process that waits
/// in a name's queue (RequestName without flags), to which the bus would hand the name the
/// moment its owner let go: neither the daemon nor the dialog backend lets go while it waits.
@Suite("Another user queued for a name keeps neither")
struct NameQueueTests {
    static let backendName = "io.github.timepickerd.Gtk"

    @Test("--replace asks nothing of the running daemon while another user waits in the name's queue: exit 1 naming it; the daemon and its sessions go on", .actsAsOtherUser)
    func replaceLeavesTheQueueAlone() throws {
        let fixture = try Fixture()
        let owner = try fixture.client.connection.nameOwner(of: BusClient.service)
        let handle = try fixture.client.showTimePicker(["title": .string("Still mine")])
        try fixture.screen.waitForScreen(containing: "Still mine")
        let queued = try QueuedOtherUser(for: BusClient.service.rawValue, on: fixture.bus)
        let stranger = try queued.waitUntilQueued()

        let replacement = try DaemonProcess(bus: fixture.bus, arguments: ["--ui", "notification", "--replace"])
        #expect(try replacement.waitForExit() == 1, "log:\n\(replacement.log)")
        #expect(
            replacement.log.contains(
                "a connection of another user (uid 65534, \(stranger)) waits in the queue for io.github.timepickerd.TimePicker1: "
                    + "the bus would hand it the name if the running instance (\(owner)) stopped, so it was not asked to"),
            "log:\n\(replacement.log)")
        #expect(!fixture.daemon.log.contains("stopping on"), "the running daemon was signalled:\n\(fixture.daemon.log)")
        #expect(try fixture.client.connection.nameOwner(of: BusClient.service) == owner)
        #expect(fixture.client.receivedSignals("Cancelled").isEmpty)
        #expect(try fixture.client.sessionProperty("Title", of: handle) == .string("Still mine"))
        #expect(!queued.log.contains("owner"), "the other user got the name: \(queued.log)")
    }

    @Test("Stopped while another user waits in the name's queue, the daemon keeps the name and serves, saying why; it stops once that user has gone", .actsAsOtherUser)
    func stopWaitsForTheQueue() throws {
        let fixture = try Fixture()
        let owner = try fixture.client.connection.nameOwner(of: BusClient.service)
        let queued = try QueuedOtherUser(for: BusClient.service.rawValue, on: fixture.bus)
        let stranger = try queued.waitUntilQueued()

        fixture.daemon.send(SIGTERM)
        try waitUntil("the daemon to say why it does not stop") { fixture.daemon.log.contains("not stopping yet") }
        #expect(
            fixture.daemon.log.contains(
                "not stopping yet: a connection of another user (uid 65534, \(stranger)) waits in the queue for "
                    + "io.github.timepickerd.TimePicker1, and the bus would hand it the name"),
            "log:\n\(fixture.daemon.log)")
        #expect(fixture.daemon.process.isRunning)
        #expect(try fixture.client.connection.nameOwner(of: BusClient.service) == owner)
        let handle = try fixture.client.showTimePicker(["title": .string("Still serving")])
        try fixture.screen.waitForScreen(containing: "Still serving")

        queued.process.stop()
        #expect(try fixture.daemon.waitForExit() == 0, "log:\n\(fixture.daemon.log)")
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["shutdown"])
        #expect(try !fixture.client.nameHasOwner(BusClient.service.rawValue))
        #expect(!queued.log.contains("owner"), "the other user got the name: \(queued.log)")
    }

    @Test("timepickerd-gtk stays past its idle timeout and a SIGTERM while another user waits in its name's queue, and leaves once that user has gone", .actsAsOtherUser)
    func backendKeepsItsName() throws {
        let bus = try PrivateBus()
        // The other user's process waits for the backend to own the name, then joins the queue.
        let queued = try QueuedOtherUser(for: Self.backendName, on: bus)
        let backend = try GtkBackendProcess(
            bus: bus, environment: bus.environment.merging(["DISPLAY": "", "WAYLAND_DISPLAY": ""]) { $1 }, arguments: ["--idle-timeout", "1"])
        let stranger = try queued.waitUntilQueued()
        let client = try BusClient(bus: bus)
        let owner = try client.connection.nameOwner(of: BusName(Self.backendName)!)

        try waitUntil("the backend to stay past its idle timeout") { backend.log.contains("staying past the idle timeout") }
        #expect(
            backend.log.contains("a connection of another user (uid 65534, \(stranger)) waits in the queue for \(Self.backendName)"),
            "log:\n\(backend.log)")
        backend.process.send(SIGTERM)
        try waitUntil("the backend to say why it does not stop") { backend.log.contains("not stopping yet") }
        #expect(backend.process.isRunning)
        #expect(try client.connection.nameOwner(of: BusName(Self.backendName)!) == owner)

        queued.process.stop()
        #expect(try backend.process.waitForExit() == .exited(0), "log:\n\(backend.log)")
        #expect(try !client.nameHasOwner(Self.backendName))
        #expect(!queued.log.contains("owner"), "the other user got the name: \(queued.log)")
    }
}
