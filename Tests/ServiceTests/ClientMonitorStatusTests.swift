import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// `timepickerctl monitor` and `timepickerctl status`: what any application on the bus sees.
@Suite("timepickerctl monitor and status")
struct ClientMonitorStatusTests {
    @Test("monitor, started before the service, prints another client's outcomes, each its Response then Selected or Cancelled, then stops on a signal with 0",
          arguments: [SIGTERM, SIGINT])
    func monitor(stopSignal: Int32) throws {
        let bus = try PrivateBus()
        let monitor = try ClientHarness.start(["monitor", "--verbose"], on: bus)
        try waitUntil("the monitor to listen") { monitor.stderr.contains("listening") }

        // The service starts only now, on its own terminal.
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let daemon = try DaemonProcess.serving(on: bus, terminal: screen)
        defer { daemon.send(SIGKILL) }
        let picker = try ClientHarness.start(["pick", "--no-terminal"], on: bus)
        try screen.waitForScreen(containing: "Select start and end time")
        screen.type("j" + Keys.enter)
        #expect(try picker.process.waitForExit() == .exited(0))
        #expect(picker.stdout == "02:00 03:00\n")
        try waitUntil("the monitor to print the outcome") { monitor.stdout.contains(" Selected ") }

        // A session ended from the bus shows up as well.
        let other = try BusClient(bus: bus)
        let handle = try other.showTimePicker(["handle_token": .string("second")])
        _ = try other.call("Cancel", path: handle, interface: BusClient.sessionInterface)
        try waitUntil("the monitor to print the cancellation") { monitor.stdout.contains(" Cancelled ") }
        // A dated overnight one: every key of its Response, in the documented order.
        let dated = try other.showTimePicker([
            "handle_token": .string("third"), "overnight": .boolean(true), "date": .string("2026-03-28"), "time_zone": .string("UTC"),
            "step": .uint32(30), "first": .string("18:00"), "last": .string("12:00"), "start": .string("22:00"), "end": .string("06:00"),
        ])
        _ = try other.call("Cancel", path: dated, interface: BusClient.sessionInterface)
        try waitUntil("the monitor to print the dated cancellation") { monitor.stdout.contains("\(dated) Cancelled ") }

        monitor.process.send(stopSignal)
        #expect(try monitor.process.waitForExit() == .exited(0))
        let lines = monitor.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 6, "stdout: \(monitor.stdout)")
        let selected = lines[1].split(separator: " ").map(String.init)
        #expect(selected.count == 4)
        let path = try #require(selected.first)
        #expect(path.hasPrefix("/io/github/timepickerd/TimePicker1/session/"))
        #expect(path.contains("/timepickerctl_\(picker.process.pid)_"))
        #expect(Array(selected.dropFirst()) == ["Selected", "02:00", "03:00"])
        #expect(lines[0] == "\(path) Response 0 start=02:00 end=03:00 next_day=false duration=3600")
        #expect(lines[2] == "\(handle) Response 2 start=01:00 end=02:00 next_day=false duration=3600 reason=caller")
        #expect(lines[3] == "\(handle) Cancelled caller")
        #expect(lines[4] == "\(dated) Response 2 start=22:00 end=06:00 next_day=true duration=28800 date=2026-03-28 "
            + "start_time=2026-03-28T22:00:00+00:00 end_time=2026-03-29T06:00:00+00:00 time_zone=UTC reason=caller")
        #expect(lines[5] == "\(dated) Cancelled caller")
    }

    @Test("status shows the version, the user interface, the owner and each open session's title")
    func status() throws {
        let fixture = try Fixture()
        let first = try fixture.client.showTimePicker(["title": .string("Team standup"), "start": .string("09:00")])
        let other = try fixture.newClient()
        let second = try other.showTimePicker(["title": .string("Retro\u{1B}[2J")])
        let result = try ClientHarness.run(["status"], on: fixture.bus)
        #expect(result.termination == .exited(0), "stderr: \(result.stderr)")
        let owner = try fixture.client.connection.nameOwner(of: BusClient.service)
        // One line per session, in path order: path, start, end, title (made safe to print).
        let sessionLines = [
            "  \(first) 09:00 10:00 Team standup",
            "  \(second) 01:00 02:00 Retro\u{FFFD}[2J",
        ].sorted()
        let expected = [
            "service: io.github.timepickerd.TimePicker1",
            "owner: \(owner)",
            "version: 1",
            "user interface: terminal",
            "open sessions: 2",
        ] + sessionLines
        #expect(result.stdout == expected.joined(separator: "\n") + "\n", "stdout: \(result.stdout)")
    }

    @Test("status with no sessions, and with no service: it never starts one")
    func statusWithoutSessionsOrService() throws {
        let fixture = try Fixture()
        let idle = try ClientHarness.run(["status"], on: fixture.bus)
        #expect(idle.termination == .exited(0))
        #expect(idle.stdout.hasSuffix("open sessions: 0\n"), "stdout: \(idle.stdout)")

        let bus = try ClientHarness.activatingBus()
        let result = try ClientHarness.run(["status"], on: bus)
        #expect(result.termination == .exited(2))
        #expect(result.stderr == "timepickerctl: the time picker service (io.github.timepickerd.TimePicker1) is not running\n")
        #expect(try !BusClient(bus: bus).nameHasOwner(BusClient.service.rawValue), "status activated the service")
    }
}
