import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// The daemon against a careless or hostile dialog backend (played by the test) and the
/// callers around it.
@Suite("Dialog backend attacks", .serialized)
struct DialogAttackTests {
    /// The daemon with `--ui dialog` and the fake backend, which owns its name first.
    final class Setup {
        let bus: PrivateBus
        let backend: FakeDialogBackend
        let daemon: DaemonProcess
        let client: BusClient

        init(arguments: [String] = []) throws {
            bus = try PrivateBus()
            backend = try FakeDialogBackend(bus: bus)
            daemon = try DaemonProcess.serving(
                on: bus, arguments: ["--ui", "dialog", "--dialog-backend", FakeDialogBackend.name.rawValue, "--verbose"] + arguments)
            client = try BusClient(bus: bus)
            try client.subscribeToSessions()
        }

        deinit {
            daemon.send(SIGKILL)
            _ = try? daemon.process.waitForExit()
        }

        /// ShowTimePicker with `options`, and the ShowPicker the backend receives for it.
        func show(_ options: [String: DBusValue] = [:]) throws -> (handle: ObjectPath, call: DBusMessage) {
            let handle = try client.showTimePicker(options)
            let call = try backend.waitForCall("ShowPicker")
            #expect(try FakeDialogBackend.handle(of: call) == handle)
            return (handle, call)
        }

        /// The daemon's unique name, where Events go.
        func daemonName() throws -> BusName {
            guard let name = BusName(try client.connection.nameOwner(of: BusClient.service)) else { throw HarnessError("no daemon on the bus") }
            return name
        }
    }

    @Test("A backend that runs but that no activation file names (started by hand, a desktop shell's) shows the dialogs")
    func runningBackendNotActivatable() throws {
        let setup = try Setup()
        let pick = try setup.client.startCall("PickTimeRange", [.vardict(["start": .string("09:00"), "end": .string("10:00")])])
        let call = try setup.backend.waitForCall("ShowPicker")
        try setup.backend.answer(call, response: 0, ["start": "09:00", "end": "10:00"])
        let reply = try setup.client.waitForReply(to: pick)
        #expect(reply.strings == ["09:00", "10:00"], "\(reply.errorMessage ?? "") \(setup.daemon.log)")
    }
}
