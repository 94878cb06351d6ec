import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// The clients in examples/, each run as a reader would run it, against the real daemon with
/// the notification user interface on a private bus; the test plays the person at
/// python-dbusmock's notification server and checks that the example prints the range chosen.
@Suite("Examples: the clients in examples/ against the real daemon")
struct ExampleTests {
    /// One example and how to run it.
    struct Example: CustomTestStringConvertible, Sendable {
        let file: String
        let executable: String
        let arguments: [String]
        /// Whether it reads the session's Response and prints the length it gives.
        var readsResponse = false
        var testDescription: String { file }
    }

    static let examples: [Example] = [
        Example(file: "pick-busctl.sh", executable: "/bin/sh", arguments: [RepositoryFiles.path("examples/pick-busctl.sh")]),
        Example(
            file: "pick-gio.py", executable: "/usr/bin/python3", arguments: [RepositoryFiles.path("examples/pick-gio.py")], readsResponse: true),
        Example(file: "pick-gjs.js", executable: "/usr/bin/gjs", arguments: ["-m", RepositoryFiles.path("examples/pick-gjs.js")]),
        // Compiled first, in the test's own directory; see `command(for:in:)`.
        Example(file: "pick-sd-bus.c", executable: "", arguments: []),
        // Built with the package (examples/swift), beside the tests.
        Example(file: "swift/pick-delegate", executable: builtExample("pick-delegate"), arguments: []),
        Example(file: "swift/pick-await", executable: builtExample("pick-await"), arguments: [], readsResponse: true),
    ]

    /// Where SwiftPM built the Swift example `name`: beside the test bundle, like the daemon.
    static func builtExample(_ name: String) -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
    }

    @Test("The example prints the range the person chose", arguments: examples)
    func selected(_ example: Example) throws {
        let (fixture, mock, run, first) = try start(example)

        // The person moves the start one slot later, goes on to the end, and accepts it.
        try mock.invokeAction("later", on: first.id)
        _ = try mock.waitForNotify { $0.replacesID == first.id }
        try mock.invokeAction("default", on: first.id)
        _ = try mock.waitForNotify { $0.replacesID == first.id && $0.isStepperEndStep }
        try mock.invokeAction("default", on: first.id)

        let response = try fixture.client.waitForMessage(seconds: 30, "a Response signal") {
            $0.kind == .signal && $0.member == "Response"
        }
        let selected = try fixture.client.waitForMessage(seconds: 30, "a Selected signal") {
            $0.kind == .signal && $0.member == "Selected"
        }
        let times = selected.strings
        try #require(times.count == 2, "Selected carries \(times)")
        let termination = try run.process.waitForExit(seconds: 30)
        #expect(termination == .exited(0), "stderr: \(run.stderr)\n\(fixture.logs)")
        #expect(run.stdout.contains("from \(times[0]) to \(times[1])"), "stdout: \(run.stdout) stderr: \(run.stderr)")
        if example.file.hasPrefix("swift/") {
            // The Swift library names its sessions after the program, not after timepickerctl.
            let program = String(example.file.dropFirst("swift/".count)).replacingOccurrences(of: "-", with: "_")
            #expect(response.path?.rawValue.contains("/\(program)_\(run.process.pid)_") == true, "session \(response.path?.rawValue ?? "")")
        }
        if example.readsResponse {
            let results = try #require(try response.arguments().last?.stringKeyedEntries)
            guard case .variant(.uint32(let seconds))? = results.first(where: { $0.key == "duration" })?.value else {
                Issue.record("Response carries no duration: \(results)")
                return
            }
            #expect(run.stdout.contains("from \(times[0]) to \(times[1]) (\(seconds / 60) minutes)"), "stdout: \(run.stdout)")
        }
    }

    @Test("The example says no range was chosen when the person dismisses the picker", arguments: examples)
    func dismissed(_ example: Example) throws {
        let (fixture, mock, run, first) = try start(example)
        try mock.closeNotification(first.id, reason: 2)

        let termination = try run.process.waitForExit(seconds: 30)
        #expect(termination == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)\n\(fixture.logs)")
        #expect(run.stdout.isEmpty, "stdout: \(run.stdout)")
        #expect(run.stderr.contains("No time range chosen"), "stderr: \(run.stderr)")
    }

    @Test("The example fails with exit 2, never waits forever, when the service is killed mid-pick", arguments: examples)
    func serviceKilled(_ example: Example) throws {
        let (fixture, _, run, _) = try start(example)
        fixture.daemon.send(SIGKILL)
        let termination = try run.process.waitForExit(seconds: 30)
        #expect(termination == .exited(2), "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty, "stdout: \(run.stdout)")
        #expect(!run.stderr.isEmpty, "it said nothing of why")
    }

    @Test("The example uses no service of another user: exit 2 saying so, and nothing sent to it", .actsAsOtherUser, arguments: examples)
    func refusesAnotherUsersService(_ example: Example) throws {
        let bus = try PrivateBus()
        let impostor = try Impostor(on: bus)
        defer { impostor.process.stop() }
        let run = try command(for: example, on: bus)
        let termination = try run.process.waitForExit(seconds: 30)
        #expect(termination == .exited(2), "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stderr.contains("owned by another user's process (uid 65534)"), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty, "stdout: \(run.stdout)")
        #expect(!impostor.log.contains("call "), "the impostor was called:\n\(impostor.log)")
    }

    /// The examples on GDBus, which check each reply's sender themselves (GDBus takes the first
    /// reply with the call's serial, from anyone). busctl cannot (pick-busctl.sh says so).
    static let gdbusExamples = examples.filter { $0.file == "pick-gio.py" || $0.file == "pick-gjs.js" }

    @Test("Forged GetConnectionUnixUser answers of the caller's uid never get another user's service called: exit 2 every time", .actsAsOtherUser, arguments: gdbusExamples)
    func refusesForgedAnswers(_ example: Example) throws {
        let bus = try PrivateBus()
        let impostor = try Impostor(on: bus)
        defer { impostor.process.stop() }
        let forger = try ReplyForger(body: "(uint32 \(getuid()),)", on: bus)
        for _ in 0..<10 {
            let run = try command(for: example, on: bus)
            let termination = try run.process.waitForExit(seconds: 30)
            #expect(termination == .exited(2), "stdout: \(run.stdout) stderr: \(run.stderr)")
            #expect(run.stderr.contains("owned by another user's process (uid 65534)") || run.stderr.contains(", not from "), "stderr: \(run.stderr)")
        }
        #expect(forger.reachedAConnection, "the forger reached no connection of the examples: \(forger.log)")
        #expect(!impostor.log.contains("call "), "the impostor was called:\n\(impostor.log)")
    }

    /// The listeners: every caller's outcomes, by the service's well-known name.
    static let monitors: [Example] = [
        Example(file: "monitor-gio.py", executable: "/usr/bin/python3", arguments: [RepositoryFiles.path("examples/monitor-gio.py")]),
        Example(file: "monitor-library.py", executable: "/usr/bin/python3", arguments: [RepositoryFiles.path("examples/monitor-library.py")]),
        Example(file: "swift/monitor", executable: builtExample("monitor-outcomes"), arguments: []),
    ]

    @Test("The listener prints another caller's outcomes, Response then Selected or Cancelled, and goes on after the service restarts",
          arguments: monitors)
    func listener(_ example: Example) throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let run = try command(for: example, on: fixture.bus)
        defer { run.process.stop() }
        try waitUntil("the listener to listen", seconds: 30) { run.stderr.contains("listening") }

        let first = try fixture.showPicker("Watched", token: "watched")
        try mock.invokeAction("default", on: first.shown.id)
        _ = try mock.waitForNotify { $0.replacesID == first.shown.id && $0.isStepperEndStep }
        try mock.invokeAction("default", on: first.shown.id)
        let selected = try fixture.client.waitForMessage(seconds: 30, "a Selected signal") { $0.kind == .signal && $0.member == "Selected" }
        let times = selected.strings
        try waitUntil("the listener to print the choice", seconds: 30) {
            run.stdout.contains("\(first.handle.rawValue) Selected \(times.joined(separator: " "))")
        }
        #expect(run.stdout.contains("\(first.handle.rawValue) Response 0"), "stdout: \(run.stdout)")

        // The service dies and is started again: the listener hears the new one.
        fixture.daemon.send(SIGKILL)
        _ = try fixture.daemon.process.waitForExit()
        let second = try DaemonProcess.serving(on: fixture.bus, arguments: ["--ui", "notification", "--verbose"])
        defer {
            second.send(SIGKILL)
            _ = try? second.process.waitForExit()
        }
        let again = try fixture.showPicker("After restart", token: "again")
        try mock.closeNotification(again.shown.id, reason: 2)
        try waitUntil("the listener to print the cancellation", seconds: 30) {
            run.stdout.contains("\(again.handle.rawValue) Cancelled user")
        }
        #expect(run.process.isRunning, "stderr: \(run.stderr)")
    }

    /// Starts `example` as a program on `bus`; the C one is compiled first.
    private func command(for example: Example, on bus: PrivateBus) throws -> CapturedCommand {
        guard example.file.hasSuffix(".c") else {
            // The library's examples find the build's libtimepicker and its typelib.
            let environment = example.file.contains("library") ? LibraryTests().environment(bus) : bus.environment
            return try CapturedCommand(example.executable, example.arguments, environment: environment, directory: bus.directory)
        }
        let binary = bus.directory.appendingPathComponent("pick-sd-bus").path
        let flags = try CapturedCommand.run(
            "/usr/bin/pkg-config", ["--cflags", "--libs", "libsystemd"], environment: bus.environment, directory: bus.directory)
        try #require(flags.termination == .exited(0), "pkg-config libsystemd: \(flags.stderr)")
        let compile = try CapturedCommand.run(
            "/usr/bin/cc",
            ["-std=c99", "-Wall", "-Wextra", "-Werror", "-o", binary, RepositoryFiles.path("examples/\(example.file)")]
                + flags.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty },
            environment: bus.environment, directory: bus.directory, seconds: 60)
        try #require(compile.termination == .exited(0), "cc: \(compile.stdout)\(compile.stderr)")
        return try CapturedCommand(binary, [], environment: bus.environment, directory: bus.directory)
    }

    /// The daemon and the mock notification server on a private bus, `example` started there, and
    /// the picker it asked for on screen; an example that shows none fails the test with what it
    /// printed.
    private func start(
        _ example: Example
    ) throws -> (NotificationFixture, MockNotificationServer, CapturedCommand, MockNotificationServer.Notification) {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let run = try command(for: example, on: fixture.bus)
        do {
            return (fixture, mock, run, try mock.waitForNotify(seconds: 30))
        } catch {
            throw HarnessError("\(error)\nthe example: running \(run.process.isRunning), stdout: \(run.stdout) stderr: \(run.stderr)")
        }
    }
}

/// Files of the repository the tests read: examples, completions, man pages.
enum RepositoryFiles {
    /// The repository's top directory (this file is Tests/ServiceTests/ExampleTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }
}
