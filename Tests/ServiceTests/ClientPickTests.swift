import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// `timepickerctl pick --no-terminal` (or with no terminal at all): the picker shows in the
/// daemon's terminal, and the client reports the outcome.
@Suite("timepickerctl pick: the service's own user interface")
struct ClientPickTests {
    @Test("Keys in the daemon's terminal choose; the client prints START END and exits 0")
    func selected() throws {
        let fixture = try Fixture()
        let client = try ClientHarness.start(["pick", "--no-terminal", "--title", "Planning", "--clock", "24h"], on: fixture.bus)
        let screen = try fixture.screen
        try screen.waitForScreen(containing: "Planning")
        try screen.waitForScreen(containing: "Selected: 01:00 – 02:00")
        screen.type("j" + Keys.tab + "j" + Keys.enter)
        #expect(try client.process.waitForExit() == .exited(0), "stderr: \(client.stderr)")
        #expect(client.stdout == "02:00 04:00\n")
        #expect(client.stderr.isEmpty)
    }

    @Test("--json prints the range as a JSON object")
    func json() throws {
        let fixture = try Fixture()
        let client = try ClientHarness.start(["pick", "--json", "--no-terminal", "--start", "09:00", "--end", "17:00"], on: fixture.bus)
        try fixture.screen.waitForScreen(containing: "Select start and end time")
        try fixture.screen.type(Keys.enter)
        #expect(try client.process.waitForExit() == .exited(0), "stderr: \(client.stderr)")
        #expect(client.stdout == "{\"start\":\"09:00\",\"end\":\"17:00\",\"next_day\":false,\"duration\":28800}\n")
    }

    @Test("The person cancelling: exit 1, nothing on stdout, 'cancelled' on stderr")
    func cancelled() throws {
        let fixture = try Fixture()
        let client = try ClientHarness.start(["pick", "--no-terminal"], on: fixture.bus)
        try fixture.screen.waitForScreen(containing: "Select start and end time")
        try fixture.screen.type("q")
        #expect(try client.process.waitForExit() == .exited(1))
        #expect(client.stdout.isEmpty)
        #expect(client.stderr == "timepickerctl: cancelled\n")
        #expect(try fixture.client.waitForOutcome(ofClient: client.process.pid).strings == ["user"])
    }

    @Test("--timeout: the service ends the session, the client says so and exits 5")
    func timeout() throws {
        let fixture = try Fixture()
        let result = try ClientHarness.run(["pick", "--no-terminal", "--timeout", "1"], on: fixture.bus, seconds: 15)
        #expect(result.termination == .exited(5), "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "timepickerctl: timed out after 1 s\n")
        try waitUntil("the daemon's terminal back in line mode") { try fixture.screen.isCooked }
    }

    @Test("The options reach the service: title, step, first/last, clock, min-duration")
    func optionsReachService() throws {
        let fixture = try Fixture()
        let client = try ClientHarness.start(
            ["pick", "--no-terminal", "--title", "Lunch break", "--step", "30", "--first", "11:00", "--last", "15:00", "--clock", "12h",
             "--min-duration", "60"], on: fixture.bus)
        let screen = try fixture.screen
        try screen.waitForScreen(containing: "Lunch break")
        try screen.waitForScreen(containing: "Selected: 11:00 AM – 12:00 PM")
        screen.type("j")
        try screen.waitForScreen(containing: "Selected: 11:30 AM – 12:30 PM")
        // The session as any bus client sees it.
        let changed = try fixture.client.waitForMessage(seconds: 10, "PropertiesChanged of the client's session") {
            $0.member == "PropertiesChanged" && ($0.path?.rawValue.contains("/timepickerctl_\(client.process.pid)_") ?? false)
        }
        let path = try #require(changed.path)
        #expect(try fixture.client.property("Title", path: path, interface: BusClient.sessionInterface) == .string("Lunch break"))
        screen.type(Keys.enter)
        #expect(try client.process.waitForExit() == .exited(0))
        #expect(client.stdout == "11:30 12:30\n")
    }

    @Test("Options the service refuses: its message on stderr naming the flag typed, exit 2", arguments: [
        (["--step", "7"], "'--step'"),
        (["--first", "10:00", "--last", "9:00"], "'--last'"),
        (["--clock", "13h"], "'--clock'"),
        (["--start", "01:30"], "'--start'"),
        (["--min-duration", "2000"], "'--min-duration'"),
        (["--timeout-extensions", "2"], "'--timeout-extensions': needs a timeout to extend"),
        (["--timeout", "60", "--timeout-extensions", "101"], "'--timeout-extensions': must be at most 100"),
    ])
    func serviceRefusesOptions(options: [String], key: String) throws {
        let fixture = try Fixture()
        let result = try ClientHarness.run(["pick", "--no-terminal"] + options, on: fixture.bus)
        #expect(result.termination == .exited(2))
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("timepickerctl: option \(key)"), "stderr: \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
    }

    @Test("No user interface can show the picker: exit 2 saying so, and why")
    func unavailable() throws {
        let fixture = try ClientHarness.headlessFixture()
        let result = try ClientHarness.run(["pick", "--no-terminal"], on: fixture.bus)
        #expect(result.termination == .exited(2))
        #expect(result.stderr.hasPrefix("timepickerctl: no user interface can show a time picker: "), "stderr: \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
    }

    @Test("D-Bus activation starts the service for the client")
    func activation() throws {
        let bus = try ClientHarness.activatingBus()
        let probe = try BusClient(bus: bus)
        #expect(try !probe.nameHasOwner(BusClient.service.rawValue))
        // The activated daemon has no terminal: its answer, 'unavailable', shows it ran.
        let result = try ClientHarness.run(["pick", "--no-terminal"], on: bus)
        #expect(result.stderr.hasPrefix("timepickerctl: no user interface can show a time picker: "), "stderr: \(result.stderr)")
        #expect(result.termination == .exited(2))
        #expect(try probe.nameHasOwner(BusClient.service.rawValue))
    }

    @Test("The service stopping (SIGTERM) ends the session with 'shutdown': exit 1, saying so")
    func serviceShutdown() throws {
        let fixture = try Fixture()
        let client = try ClientHarness.start(["pick", "--no-terminal"], on: fixture.bus)
        try fixture.screen.waitForScreen(containing: "Select start and end time")
        fixture.daemon.send(SIGTERM)
        #expect(try client.process.waitForExit() == .exited(1), "stderr: \(client.stderr)")
        #expect(client.stdout.isEmpty)
        #expect(client.stderr == "timepickerctl: the time picker service stopped, cancelling the picker\n")
    }

    @Test("The service killed mid-pick: exit 2, 'the time picker service stopped'")
    func serviceKilled() throws {
        let fixture = try Fixture()
        let client = try ClientHarness.start(["pick", "--no-terminal"], on: fixture.bus)
        try fixture.screen.waitForScreen(containing: "Select start and end time")
        fixture.daemon.send(SIGKILL)
        #expect(try client.process.waitForExit() == .exited(2))
        #expect(client.stderr == "timepickerctl: the time picker service stopped\n")
    }

    @Test("SIGINT or SIGTERM to the client cancels the session ('caller') and exits 1", arguments: [SIGINT, SIGTERM])
    func interrupted(signal: Int32) throws {
        let fixture = try Fixture()
        let client = try ClientHarness.start(["pick", "--no-terminal"], on: fixture.bus)
        try fixture.screen.waitForScreen(containing: "Select start and end time")
        client.process.send(signal)
        #expect(try client.process.waitForExit() == .exited(1))
        #expect(client.stderr == "timepickerctl: interrupted\n")
        #expect(try fixture.client.waitForOutcome(ofClient: client.process.pid).strings == ["caller"])
        try waitUntil("the daemon's terminal back in line mode") { try fixture.screen.isCooked }
    }

    @Test("A signal the client was started ignoring (nohup, trap '' INT) stays ignored: the pick goes on", arguments: [SIGHUP, SIGINT])
    func ignoredSignal(signal: Int32) throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let name = signal == SIGHUP ? "HUP" : "INT"
        let client = try CapturedCommand(
            "/bin/sh", ["-c", "trap '' \(name); exec \"$0\" pick --no-terminal", ClientHarness.binary],
            environment: bus.environment, directory: bus.directory)
        // Its handlers are in place before it calls.
        let (call, _) = try service.nextPick()
        let status = try String(contentsOfFile: "/proc/\(client.process.pid)/status", encoding: .utf8)
        let ignored = status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }
            .flatMap { UInt64($0.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16) } ?? 0
        #expect(ignored & (1 << UInt64(signal - 1)) != 0, "\(status)")
        client.process.send(signal)
        try service.answer(call, start: "10:00", end: "11:00")
        #expect(try client.process.waitForExit() == .exited(0), "stderr: \(client.stderr)")
        #expect(client.stdout == "10:00 11:00\n")
    }

    @Test("What the client sends: PickTimeRange with every option in its D-Bus type and a handle_token; the reply is the outcome")
    func wireFormat() throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let client = try ClientHarness.start(
            ["pick", "--title", "Stand-up", "--step", "15", "--first", "08:00", "--last=18:00", "--start", "09:00", "--end", "09:15",
             "--min-duration", "15", "--timeout", "300", "--clock", "24h"], on: bus, environment: ["TZ": "America/Chicago"])
        var (call, options) = try service.nextPick()
        guard case .string(let token)? = options.removeValue(forKey: "handle_token") else {
            Issue.record("no handle_token in \(options)")
            return
        }
        #expect(token.hasPrefix("timepickerctl_\(client.process.pid)_"))
        #expect(token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        // The person's own locale goes along: the tests' environment names one (C at least).
        guard case .string(let locale)? = options.removeValue(forKey: "locale") else {
            Issue.record("no locale in \(options)")
            return
        }
        #expect(!locale.isEmpty)
        // And the person's zone, by its name (the client's TZ here).
        #expect(options.removeValue(forKey: "time_zone") == .string("America/Chicago"))
        #expect(options == [
            "title": .string("Stand-up"), "step": .uint32(15), "first": .string("08:00"), "last": .string("18:00"),
            "start": .string("09:00"), "end": .string("09:15"), "min_duration": .uint32(15), "timeout": .uint32(300),
            "clock": .string("24h"),
        ])
        // The session's path as the service would make it.
        let sender = try #require(call.sender?.rawValue)
        let path = try #require(ObjectPath(
            "/io/github/timepickerd/TimePicker1/session/\(sender.dropFirst().replacingOccurrences(of: ".", with: "_"))/\(token)"))
        // A signal addressed to the client by someone else, or even the service's own, is not
        // the outcome: the reply is.
        let spoofer = try BusClient(bus: bus)
        let spoof = try DBusMessage.signal(path: path, interface: BusClient.sessionInterface, member: "Selected")
        try spoof.append(.string("00:00"), .string("24:00"))
        spoof.setDestination(try #require(BusName(sender)))
        spoofer.connection.send(spoof)
        spoofer.connection.flush()
        try service.emit("Selected", on: path, [.string("08:00"), .string("09:00")])
        try service.answer(call, start: "10:00", end: "11:00")
        #expect(try client.process.waitForExit() == .exited(0), "stderr: \(client.stderr)")
        #expect(client.stdout == "10:00 11:00\n")
    }
}
