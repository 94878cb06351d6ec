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
        for option in ["--title", "--step", "--first", "--last", "--start", "--end", "--min-duration", "--timeout", "--clock", "--json", "--no-terminal"] {
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
        (["pick", "--min-duration", "4294967296"], "option '--min-duration' needs a whole number"),
        (["pick", "--step", "+5"], "option '--step' needs a whole number"),
        (["pick", "--title"], "option '--title' needs a value"),
        (["pick", "--json=yes"], "option '--json' takes no value"),
        (["status", "extra"], "unexpected argument 'extra'"),
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
        #expect(lines.dropFirst().first == "Try 'timepickerctl --help'.")
    }

    @Test("No service on the bus and none to activate: exit 2 with the bus's reason")
    func noService() throws {
        let bus = try PrivateBus()
        let result = try ClientHarness.run(["pick"], on: bus)
        #expect(result.termination == .exited(2))
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("timepickerctl: cannot reach the time picker service: "), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("io.github.timepickerd.TimePicker1"), "stderr: \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("No session bus at all: exit 2 saying so")
    func noBus() throws {
        let directory = try makeTemporaryDirectory(prefix: "nobus")
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(directory.path)/no-socket"
        let result = try CapturedCommand.run(ClientHarness.binary, ["pick"], environment: environment, directory: directory)
        #expect(result.termination == .exited(2))
        #expect(result.stderr.hasPrefix("timepickerctl: cannot connect to the session bus: "), "stderr: \(result.stderr)")
    }
}
