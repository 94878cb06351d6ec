import DBusKit
import Foundation
import TestHarness
import Testing

/// A dialog from a backend started cold, under Orca (issue 39, item 1): after the backend's real
/// idle exit, each new dialog speaks its title and range by itself, no key pressed and no focus
/// given by the test. Part of `ScreenReaderDesktopTests`, whose tests run one at a time (one Orca
/// per user).
extension ScreenReaderDesktopTests {
    @Test("After the backend's idle exit, a new dialog speaks its title and range without a key, 3 times of 3")
    func coldStart() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"], backendArguments: ["--idle-timeout", "2"])
        // A window manager, as on a desktop: it gives the new window the focus, a moment late.
        let windowManager = try WindowManager(on: fixture.display, logFile: fixture.bus.directory.appendingPathComponent("metacity.log"))
        let orca = try ScreenReader(on: fixture.display)
        var silent: [String] = []
        for round in 1...3 {
            let title = "Cold start \(round)"
            let before = orca.spoken().count
            let session = try fixture.client.showTimePicker([
                "title": .string(title), "step": .uint32(30), "start": .string("09:00"), "end": .string("17:30"), "clock": .string("24h"),
            ])
            // What Orca says by itself, waited for: the title and the range, or 12 s of silence.
            var said: [String] = []
            let heard = (try? waitUntil("Orca to speak the dialog", seconds: 12) {
                said = Array(orca.spoken().dropFirst(before))
                return said.contains { $0.hasPrefix(title) } && said.contains { $0.hasPrefix("09:00 to 17:30") }
            }) != nil
            if !heard { silent.append("round \(round): \(said)") }
            _ = try fixture.client.call("Cancel", path: session, interface: BusClient.sessionInterface)
            // A real idle exit: the backend leaves the bus by itself before the next round.
            try waitUntil("the backend's idle exit", seconds: 20) { try !fixture.backendIsRunning() }
        }
        withExtendedLifetime(windowManager) {}
        #expect(silent.isEmpty, "\(silent)")
    }
}
