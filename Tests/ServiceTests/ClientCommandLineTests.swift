import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// timepickerctl's command line: help, version, usage errors, and no service to talk to.
@Suite("timepickerctl: command line")
struct ClientCommandLineTests {
    @Test("--help lists the commands; each command has its own --help")
    func help() throws {
        let bus = try PrivateBus()
        let general = try ClientHarness.run(["--help"], on: bus)
        #expect(general.termination == .exited(0))
        for command in ["pick", "monitor", "status"] {
            #expect(general.stdout.contains("  \(command) "), "help: \(general.stdout)")
        }
        let pick = try ClientHarness.run(["pick", "--help"], on: bus)
        #expect(pick.termination == .exited(0))
        for option in ["--title", "--step", "--first", "--last", "--start", "--end", "--min-duration", "--timeout", "--timeout-extensions", "--clock", "--json", "--no-terminal",
                       "--overnight", "--date", "--time-zone", "--format"] {
            #expect(pick.stdout.contains(option), "pick help lacks \(option)")
        }
        #expect(try ClientHarness.run(["monitor", "--help"], on: bus).stdout.hasPrefix("Usage: timepickerctl monitor"))
        #expect(try ClientHarness.run(["status", "--help"], on: bus).stdout.hasPrefix("Usage: timepickerctl status"))
        #expect(try ClientHarness.run(["help", "pick"], on: bus).stdout == pick.stdout)
    }

    @Test("--version")
    func version() throws {
        let bus = try PrivateBus()
        let result = try ClientHarness.run(["--version"], on: bus)
        #expect(result.termination == .exited(0))
        #expect(result.stdout == "timepickerctl 0.1.0\n")
    }

    @Test("Usage errors: one line and the hint on stderr, exit 2, before any bus traffic", arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        ([], "no command given"),
        (["--colour"], "unknown option '--colour'"),
        (["pick", "--colour", "red"], "unknown option '--colour'"),
        (["pick", "--step", "abc"], "option '--step' needs a whole number"),
        (["pick", "--timeout=-1"], "option '--timeout' needs a whole number"),
        (["pick", "--timeout-extensions", "some"], "option '--timeout-extensions' needs a whole number"),
        (["pick", "--min-duration", "4294967296"], "option '--min-duration' needs a whole number"),
        (["pick", "--step", "+5"], "option '--step' needs a whole number"),
        (["pick", "--title"], "option '--title' needs a value"),
        (["pick", "--json=yes"], "option '--json' takes no value"),
        (["pick", "--first", "25:00"], "option '--first' needs a time such as 9:30, 17:00, 9am, 5:30pm, noon or midnight, not '25:00'"),
        (["pick", "--start", "soon"], "option '--start' needs a time such as 9:30, 17:00, 9am, 5:30pm, noon or midnight, or now, not 'soon'"),
        (["status", "extra"], "unexpected argument 'extra'"),
        (["pick", "--titel", "Lunch"], "unknown option '--titel'; did you mean --title?"),
        (["pick", "--titel=Lunch"], "unknown option '--titel'; did you mean --title?"),
        (["pick", "--min", "30"], "unknown option '--min'; did you mean --min-duration?"),
        (["pick", "--no-terminl"], "unknown option '--no-terminl'; did you mean --no-terminal?"),
        (["pick", "--jsn"], "unknown option '--jsn'; did you mean --json?"),
        (["monitor", "--verbos"], "unknown option '--verbos'; did you mean --verbose?"),
        (["pik"], "unknown command 'pik'; did you mean pick?"),
        (["stauts"], "unknown command 'stauts'; did you mean status?"),
        (["--verison"], "unknown option '--verison'; did you mean --version?"),
        (["pick", "--format", "iso"], "option '--format' needs hm, iso8601 or epoch, not 'iso'; did you mean iso8601?"),
        (["pick", "--format=rfc3339"], "option '--format' needs hm, iso8601 or epoch, not 'rfc3339'"),
        (["pick", "--format"], "option '--format' needs a value"),
        (["pick", "--date", "2026-02-30"], "option '--date' needs a date as YYYY-MM-DD (from 1970 to 2099), today or tomorrow, not '2026-02-30'"),
        (["pick", "--date", "yesterday"], "option '--date' needs a date as YYYY-MM-DD (from 1970 to 2099), today or tomorrow, not 'yesterday'"),
        (["pick", "--date", "28.03.2026"], "option '--date' needs a date as YYYY-MM-DD (from 1970 to 2099), today or tomorrow, not '28.03.2026'"),
        (["pick", "--time-zone", "Mars/Olympus_Mons"],
         "option '--time-zone' needs a time zone of the system's zone database, such as Europe/Berlin or UTC, not 'Mars/Olympus_Mons'"),
        (["pick", "--time-zone", "../../../etc/passwd"],
         "option '--time-zone' needs a time zone of the system's zone database, such as Europe/Berlin or UTC, not '../../../etc/passwd'"),
        (["pick", "--overnight=yes"], "option '--overnight' takes no value"),
        (["pick", "--overnigt"], "unknown option '--overnigt'; did you mean --overnight?"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        // No daemon and no activation file: a usage error must be found before any call.
        let bus = try PrivateBus()
        let result = try ClientHarness.run(arguments, on: bus)
        #expect(result.termination == .exited(2))
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3, "stderr: \(result.stderr)")  // two lines and the final newline
        #expect(lines.first?.hasPrefix("timepickerctl: \(message)") == true, "stderr: \(result.stderr)")
        if message.contains("did you mean") {
            #expect(lines.first == "timepickerctl: \(message)", "stderr: \(result.stderr)")
        } else {
            #expect(!result.stderr.contains("did you mean"), "stderr: \(result.stderr)")
        }
        // The hint names the help of the command the error is about.
        let command = arguments.first.flatMap { ["pick", "monitor", "status"].contains($0) ? " \($0)" : nil } ?? ""
        #expect(lines.dropFirst().first == "Try 'timepickerctl\(command) --help'.")
    }

    @Test("No service on the bus and none to activate: exit 2, the service not running (the library's serviceNotRunning, as documented)")
    func noService() throws {
        let bus = try PrivateBus()
        let result = try ClientHarness.run(["pick", "--no-terminal"], on: bus)
        #expect(result.termination == .exited(2))
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "timepickerctl: the time picker service (io.github.timepickerd.TimePicker1) is not running\n", "stderr: \(result.stderr)")
    }

    @Test("A session bus address nothing listens on, and no terminal to show the picker in: exit 2 saying both")
    func noBus() throws {
        let directory = try makeTemporaryDirectory(prefix: "nobus")
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(directory.path)/no-socket"
        let result = try CapturedCommand.run(ClientHarness.binary, ["pick"], environment: environment, directory: directory)
        #expect(result.termination == .exited(2))
        #expect(result.stderr.hasPrefix("timepickerctl: no terminal to show the picker in "), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("cannot connect to the session bus: "), "stderr: \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}

/// Times as people write them reach the service as HH:MM.
@Suite("timepickerctl: times as people write them")
struct ClientTimeTests {
    @Test("9am, 5:30pm, noon, midnight and now are sent as the service's options", arguments: [
        (["--start", "9am", "--end", "5:30pm"], ["start": "09:00", "end": "17:30"]),
        (["--first", "midnight", "--last", "midnight"], ["first": "00:00", "last": "24:00"]),
        (["--start", "noon", "--end", "9:00"], ["start": "12:00", "end": "09:00"]),
        (["--start", "now"], ["start": "now"]),
    ])
    func friendlyTimes(arguments: [String], sent: [String: String]) throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let client = try ClientHarness.start(["pick", "--no-terminal"] + arguments, on: bus)
        let (call, options) = try service.nextPick()
        for (key, value) in sent {
            #expect(options[key] == DBusValue.string(value), "\(key) in \(options)")
        }
        try service.answer(call, error: "org.freedesktop.DBus.Error.InvalidArgs", "option 'start': not today")
        #expect(try client.process.waitForExit() == .exited(2))
        #expect(client.stderr == "timepickerctl: option '--start': not today\n")
    }
}
