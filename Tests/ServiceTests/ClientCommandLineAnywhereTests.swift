import Foundation
import Glibc
import TestHarness
import Testing

/// `timepickerctl`'s command line as people type it (issue 10): help and version anywhere, the
/// nearest option for a typo, and the exit status kept through `read`.
@Suite("timepickerctl: help and version anywhere, exit status in scripts")
struct ClientCommandLineAnywhereTests {
    @Test("-h/--help anywhere on the line prints the command's help", arguments: [
        (["pick", "--title", "Lunch", "--help"], "pick"), (["pick", "--step", "abc", "-h"], "pick"), (["pick", "-h", "--bogus"], "pick"),
        (["monitor", "--verbose", "-h"], "monitor"), (["status", "--help"], "status"), (["--titel", "-h"], "general"),
        (["frobnicate", "--help"], "general"),
    ] as [([String], String)])
    func helpAnywhere(arguments: [String], topic: String) throws {
        let bus = try PrivateBus()
        let result = try ClientHarness.run(arguments, on: bus)
        #expect(result.termination == .exited(0), "stderr: \(result.stderr)")
        let expected = topic == "general" ? "Usage: timepickerctl COMMAND" : "Usage: timepickerctl \(topic)"
        #expect(result.stdout.hasPrefix(expected), "stdout: \(result.stdout)")
        #expect(result.stderr.isEmpty)
    }

    @Test("-V/--version anywhere on the line prints the version", arguments: [
        ["-V"], ["--version"], ["monitor", "-V"], ["pick", "--titel", "x", "--version"], ["status", "-V"], ["frobnicate", "-V"],
    ])
    func versionAnywhere(arguments: [String]) throws {
        let bus = try PrivateBus()
        let result = try ClientHarness.run(arguments, on: bus)
        #expect(result.termination == .exited(0))
        #expect(result.stdout == "timepickerctl 0.1.0\n")
    }

    @Test("An option's value is a value, even when it looks like -h: '--title -h' is a title")
    func helpAsValue() throws {
        let bus = try PrivateBus()
        let result = try ClientHarness.run(["pick", "--no-terminal", "--title", "-h"], on: bus)
        #expect(result.termination == .exited(2))
        #expect(result.stderr.hasPrefix("timepickerctl: the time picker service (io.github.timepickerd.TimePicker1) is not running"), "stderr: \(result.stderr)")
    }

    /// The lines of the README's shell block that keep `$?` through `read … < <(…)`.
    static func readmePattern() throws -> String {
        let readme = try String(contentsOfFile: RepositoryFiles.path("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "read -r start end < <(timepickerctl pick --title \"Meeting\"); wait $!"))
        let end = try #require(readme.range(of: "esac", range: start.upperBound..<readme.endIndex))
        return String(readme[start.lowerBound..<end.upperBound])
    }

    @Test("The README's pattern keeps timepickerctl's exit status through read < <(…)", arguments: [0, 1, 5] as [Int32])
    func readmePatternKeepsStatus(status: Int32) throws {
        let fixture = try Fixture()
        // The README's lines as they are, with the picker in the daemon's terminal.
        let script = """
            timepickerctl() { command timepickerctl "$@" --no-terminal \(status == 5 ? "--timeout 1" : ""); }
            \(try Self.readmePattern())
            """
        var environment = fixture.bus.environment
        environment["PATH"] = URL(fileURLWithPath: ClientHarness.binary).deletingLastPathComponent().path + ":/usr/bin:/bin"
        let shell = try CapturedCommand("/bin/bash", ["-c", script], environment: environment, directory: fixture.bus.directory)
        if status != 5 {
            try fixture.screen.waitForScreen(containing: "Meeting")
            try fixture.screen.type(status == 0 ? "\r" : "q")
        }
        let expected: (exit: Int32, stdout: String, stderr: String) = switch status {
        case 0: (0, "from 01:00 to 02:00\n", "")
        case 5: (0, "nobody answered in time\n", "timepickerctl: timed out after 1 s\n")
        default: (1, "", "timepickerctl: cancelled\n")
        }
        #expect(try shell.process.waitForExit(seconds: 15) == .exited(expected.exit), "stderr: \(shell.stderr)")
        #expect(shell.stdout == expected.stdout)
        #expect(shell.stderr == expected.stderr)
    }
}
