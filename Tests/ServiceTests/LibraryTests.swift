import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// libtimepicker-1 (lib/), the C client library, from PyGObject, GJS, C and Vala through its
/// typelib, pkg-config file and VAPI as `make lib` builds them into .build/lib, against the real
/// daemon with the notification user interface on a private bus; the test plays the person at
/// python-dbusmock's notification server.
@Suite("libtimepicker: the client library from Python, GJS, C and Vala against the real daemon")
struct LibraryTests {
    /// A program that picks one range through the library and prints "from START to END (N minutes)".
    struct Client: CustomTestStringConvertible, Sendable {
        let name: String
        let file: String
        var testDescription: String { name }
    }

    static let clients: [Client] = [
        Client(name: "PyGObject", file: "lib/tests/pick.py"),
        Client(name: "GJS", file: "lib/tests/pick.js"),
        Client(name: "C", file: "examples/pick-library.c"),
        Client(name: "Vala", file: "examples/pick-library.vala"),
    ]

    @Test("pick/pick_finish gives the range the person chose, with its length", arguments: clients)
    func picks(_ client: Client) throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let run = try start(client, on: fixture.bus)
        let first = try waitForPicker(mock, run, fixture)

        // The person moves the start one slot later, goes on to the end, and accepts it.
        try mock.invokeAction("later", on: first.id)
        _ = try mock.waitForNotify { $0.replacesID == first.id }
        try mock.invokeAction("default", on: first.id)
        _ = try mock.waitForNotify { $0.replacesID == first.id && $0.isStepperEndStep }
        try mock.invokeAction("default", on: first.id)

        let response = try fixture.client.waitForMessage(seconds: 30, "a Response signal") { $0.kind == .signal && $0.member == "Response" }
        let selected = try fixture.waitForSignal("Selected", on: try #require(ObjectPath(selectedPath(response))))
        let times = selected.strings
        try #require(times.count == 2, "Selected carries \(times)")
        let results = try #require(try response.arguments().last?.stringKeyedEntries)
        guard case .variant(.uint32(let seconds))? = results.first(where: { $0.key == "duration" })?.value else {
            Issue.record("Response carries no duration: \(results)")
            return
        }
        #expect(try run.process.waitForExit(seconds: 30) == .exited(0), "stdout: \(run.stdout) stderr: \(run.stderr)\n\(fixture.logs)")
        #expect(run.stdout == "from \(times[0]) to \(times[1]) (\(seconds / 60) minutes)\n", "stdout: \(run.stdout) stderr: \(run.stderr)")
        // The session was the library's predictable one (handle_token), on the caller's title.
        #expect(response.path?.rawValue.contains("/libtimepicker_") == true, "session \(response.path?.rawValue ?? "")")
        #expect(first.summary.contains("Lunch break") || first.body.contains("Lunch break"), "notification: \(first)")
    }

    @Test("A cancelled Gio.Cancellable ends the session with reason caller and fails the pick with G_IO_ERROR_CANCELLED")
    func cancellableCancelsTheSession() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let run = try start(Client(name: "PyGObject", file: "lib/tests/pick.py"), ["cancel"], on: fixture.bus)
        _ = try waitForPicker(mock, run, fixture)

        run.process.send(SIGUSR1)
        let cancelled = try fixture.client.waitForMessage(seconds: 30, "a Cancelled signal") { $0.kind == .signal && $0.member == "Cancelled" }
        #expect(cancelled.strings == ["caller"])
        #expect(try run.process.waitForExit(seconds: 30) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stdout.hasPrefix("error g-io-error-quark cancelled:"), "stdout: \(run.stdout) stderr: \(run.stderr)")
    }

    @Test("A pick cancelled right after pick(), or from an idle callback as a closing window does, fails with G_IO_ERROR_CANCELLED at once: no hang, no session", arguments: ["cancel-at-once", "cancel-from-idle"])
    func cancelledEarly(_ mode: String) throws {
        let fixture = try NotificationFixture()
        let started = Date()
        let run = try start(Client(name: "PyGObject", file: "lib/tests/pick.py"), [mode], on: fixture.bus)
        // It once deadlocked: ending the pick inside the cancellable's handler disconnected from it.
        #expect(try run.process.waitForExit(seconds: 20) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stdout.hasPrefix("error g-io-error-quark cancelled:"), "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(Date().timeIntervalSince(started) < 5, "the cancelled pick took \(Date().timeIntervalSince(started)) s with Python's start")
        #expect(!fixture.daemon.log.contains("PickTimeRange from"), "a session was asked for:\n\(fixture.daemon.log)")
    }

    @Test("A cancel against a stopped service ends the pick within 2 s; the session ends with reason caller once the service runs again")
    func cancelAgainstStoppedService() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let run = try start(Client(name: "PyGObject", file: "lib/tests/pick.py"), ["cancel"], on: fixture.bus)
        _ = try waitForPicker(mock, run, fixture)

        fixture.daemon.send(SIGSTOP)
        defer { fixture.daemon.send(SIGCONT) }
        run.process.send(SIGUSR1)
        // It once waited for Cancel's reply: 25 s against a frozen service.
        #expect(try run.process.waitForExit(seconds: 2) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stdout.hasPrefix("error g-io-error-quark cancelled:"), "stdout: \(run.stdout) stderr: \(run.stderr)")
        fixture.daemon.send(SIGCONT)
        let cancelled = try fixture.client.waitForMessage(seconds: 30, "a Cancelled signal") { $0.kind == .signal && $0.member == "Cancelled" }
        #expect(cancelled.strings == ["caller"])
    }

    @Test("A pick cancelled against a stopped service lets its alert go with the program's last reference: nothing waits on the service's answer")
    func cancelledPickLetsThePickerGo() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let run = try start(Client(name: "PyGObject", file: "lib/tests/pick.py"), ["cancel-and-drop"], on: fixture.bus)
        _ = try waitForPicker(mock, run, fixture)

        fixture.daemon.send(SIGSTOP)
        defer { fixture.daemon.send(SIGCONT) }
        run.process.send(SIGUSR1)
        // PickTimeRange's call has no time limit: it once held the pick, and so the picker, until
        // the service answered.
        #expect(try run.process.waitForExit(seconds: 10) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stdout.hasSuffix("picker finalized\n"), "stdout: \(run.stdout) stderr: \(run.stderr)")
    }

    @Test("An app killed mid-pick leaves no picker: its session ends with reason caller, its notification goes (PickTimeRange, as a portal's request)")
    func killedAppLeavesNoPicker() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let run = try start(Client(name: "PyGObject", file: "lib/tests/pick.py"), on: fixture.bus)
        let shown = try waitForPicker(mock, run, fixture)

        run.process.send(SIGKILL)
        let cancelled = try fixture.client.waitForMessage(seconds: 30, "a Cancelled signal") { $0.kind == .signal && $0.member == "Cancelled" }
        #expect(cancelled.strings == ["caller"])
        try mock.waitForCloseNotification(shown.id)
    }

    @Test("A parent whose export never finishes delays the picker by the export's deadline (5 s), not for ever; the person dismissing it fails the pick with USER")
    func silentParentThenDismissed() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let started = Date()
        // A C program: TimePickerParent is opaque, made as a toolkit's helper makes one.
        let run = try start(Client(name: "C", file: "lib/tests/silent-parent.c"), on: fixture.bus)
        let first = try waitForPicker(mock, run, fixture)
        #expect(Date().timeIntervalSince(started) > 4.5, "the picker came before the export's deadline")

        try mock.closeNotification(first.id, reason: 2)
        #expect(try run.process.waitForExit(seconds: 30) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stdout.hasPrefix("error time-picker-error-quark user: "), "stdout: \(run.stdout) stderr: \(run.stderr)")
    }

    @Test("A daemon killed mid-pick fails the pick with TIME_PICKER_ERROR_VANISHED, not a hang", arguments: clients)
    func daemonKilledMidPick(_ client: Client) throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let run = try start(client, on: fixture.bus)
        _ = try waitForPicker(mock, run, fixture)

        fixture.daemon.send(SIGKILL)
        #expect(try run.process.waitForExit(seconds: 30) != .exited(0), "stdout: \(run.stdout) stderr: \(run.stderr)")
        // Python names the code, GJS and Vala print its number (6, TIME_PICKER_ERROR_VANISHED), C its message.
        let said = run.stdout + run.stderr
        #expect(
            said.contains("time-picker-error-quark vanished:") || said.contains("time-picker-error-quark 6:")
                || said.contains("The time picker service (:"), "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(said.contains("left the bus"), "stdout: \(run.stdout) stderr: \(run.stderr)")
    }

    @Test("TimePicker.Monitor's response, selected and cancelled signals report other callers' sessions, and go on after the daemon restarts")
    func monitorSeesOtherCallers() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let monitor = try start(Client(name: "PyGObject", file: "lib/tests/pick.py"), ["monitor"], on: fixture.bus)
        try waitUntil("the monitor to listen", seconds: 30) { monitor.stdout.contains("ready\n") || !monitor.process.isRunning }
        try #require(monitor.stdout == "ready\n", "stdout: \(monitor.stdout) stderr: \(monitor.stderr)")

        // Another caller (the fixture's client) asks; the person chooses the first range.
        let session = try fixture.client.showTimePicker(["handle_token": .string("other")])
        let first = try mock.waitForNotify(seconds: 30)
        try mock.invokeAction("default", on: first.id)
        _ = try mock.waitForNotify { $0.replacesID == first.id && $0.isStepperEndStep }
        try mock.invokeAction("default", on: first.id)
        let selected = try fixture.waitForSignal("Selected", on: session).strings
        try waitUntil("the monitor to report the choice", seconds: 30) { monitor.stdout.contains("selected ") }
        #expect(monitor.stdout.contains("selected \(session.rawValue) \(selected.joined(separator: " ")) "), "stdout: \(monitor.stdout)")
        // TimePicker.Monitor's response signal came first, with the range of a choice (code 0).
        #expect(monitor.stdout.contains("response \(session.rawValue) 0 \(selected.joined(separator: " ")) "), "stdout: \(monitor.stdout)")

        // The daemon dies and another takes the name: its sessions are reported too.
        fixture.daemon.send(SIGKILL)
        _ = try fixture.daemon.process.waitForExit(seconds: 10)
        let second = try DaemonProcess.serving(on: fixture.bus, arguments: ["--ui", "notification", "--verbose"])
        defer {
            second.send(SIGKILL)
            _ = try? second.process.waitForExit()
        }
        let again = try fixture.client.showTimePicker(["handle_token": .string("again")])
        _ = try mock.waitForNotify(seconds: 30)
        _ = try fixture.client.call("Cancel", path: again, interface: BusClient.sessionInterface)
        try waitUntil("the monitor to report the cancel", seconds: 30) { monitor.stdout.contains("cancelled ") }
        #expect(monitor.stdout.contains("cancelled \(again.rawValue) caller\n"), "stdout: \(monitor.stdout) stderr: \(monitor.stderr)")
        monitor.process.stop()
    }

    @Test("A pick on a context pushed over the program's completes there; a TimePicker.Monitor made on the program's context signals there")
    func pickOnPushedContext() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let run = try start(Client(name: "PyGObject", file: "lib/tests/pick.py"), ["pushed-context"], on: fixture.bus)
        let first = try waitForPicker(mock, run, fixture)
        try mock.invokeAction("default", on: first.id)
        _ = try mock.waitForNotify { $0.replacesID == first.id && $0.isStepperEndStep }
        try mock.invokeAction("default", on: first.id)
        try waitUntil("the pick to end and the picker to listen", seconds: 30) { run.stdout.contains("ready\n") || !run.process.isRunning }
        #expect(run.stdout.hasPrefix("from ") && run.stdout.hasSuffix("ready\n"), "stdout: \(run.stdout) stderr: \(run.stderr)")

        // Another caller's session, cancelled: the program's context, the only one iterated now,
        // hears it (the pick's context is no longer iterated).
        let other = try fixture.client.showTimePicker(["handle_token": .string("other")])
        _ = try mock.waitForNotify(seconds: 30) { $0.replacesID == 0 }
        _ = try fixture.client.call("Cancel", path: other, interface: BusClient.sessionInterface)
        try waitUntil("the picker to report the cancel", seconds: 30) { run.stdout.contains("cancelled ") || !run.process.isRunning }
        #expect(run.stdout.hasSuffix("cancelled \(other.rawValue) caller\n"), "stdout: \(run.stdout) stderr: \(run.stderr)")
        run.process.stop()
    }

    @Test("Two alerts of one program pick at once: each pick has a session of its own")
    func twoPickersAtOnce() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let run = try start(Client(name: "PyGObject", file: "lib/tests/pick.py"), ["two-pickers"], on: fixture.bus)
        // The service shows one caller's pickers one after the other: each is dismissed in turn.
        let first = try waitForPicker(mock, run, fixture)
        try mock.closeNotification(first.id, reason: 2)
        let second = try mock.waitForNotify(seconds: 30, "the other picker") { $0.id != first.id && $0.replacesID == 0 }
        #expect(Set([first.summary, second.summary]) == ["Picker 1", "Picker 2"], "\(first) \(second)")
        try mock.closeNotification(second.id, reason: 2)
        #expect(try run.process.waitForExit(seconds: 30) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
        let ends = run.stdout.split(separator: "\n")
        #expect(ends.count == 2 && ends.allSatisfy { $0.hasPrefix("error time-picker-error-quark user: ") }, "stdout: \(run.stdout)")
    }

    @Test("A service that answers wrongly fails the pick with INVALID_REPLY", arguments: ["not-a-time", "wrong-type", "answer-not-times"])
    func wrongAnswers(_ mode: String) throws {
        let (stdout, service) = try pickFromStandIn([mode])
        #expect(stdout.hasPrefix("error time-picker-error-quark invalid-reply: "), "stdout: \(stdout) service: \(service)")
    }

    @Test("A session's Cancelled reason fails the pick with the code of that name; a reason the library does not know, with FAILED", arguments: [
        ("user", "user"), ("timeout", "timeout"), ("caller", "caller"), ("shutdown", "shutdown"), ("unavailable", "unavailable"),
        ("a-later-reason", "failed"), ("vanished", "failed"),
    ])
    func cancelReasons(reason: String, code: String) throws {
        let (stdout, service) = try pickFromStandIn(["cancelled", reason])
        #expect(stdout.hasPrefix("error time-picker-error-quark \(code): "), "stdout: \(stdout) service: \(service)")
    }

    @Test("A pick sends the program's own locale and zone (LC_ALL, TZ), as the Swift library does; a service whose system lacks the zone is asked again without it")
    func sendsOwnLocaleAndZone() throws {
        let bus = try PrivateBus()
        let log = bus.directory.appendingPathComponent("wrong-service.log")
        let service = try startLogged(
            ["/usr/bin/python3", RepositoryFiles.path("lib/tests/wrong-service.py"), "refuses-zone"], environment: bus.environment, logFile: log)
        defer { service.stop() }
        try waitUntil("the service to own the name", seconds: 20) { logText(log).contains("owner ") || !service.isRunning }
        var environment = environment(bus)
        environment["LC_ALL"] = "C.UTF-8"
        environment["TZ"] = "Europe/Berlin"
        let run = try CapturedCommand(
            "/usr/bin/python3", [RepositoryFiles.path("lib/tests/pick.py")], environment: environment, directory: bus.directory)
        #expect(try run.process.waitForExit(seconds: 30) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stdout.hasPrefix("error time-picker-error-quark user: "), "stdout: \(run.stdout) stderr: \(run.stderr)")
        let calls = logText(log).components(separatedBy: "call PickTimeRange\n").dropFirst()
        #expect(calls.count == 2, "the service heard: \(logText(log))")
        #expect(calls.first?.contains("option locale C.UTF-8\noption time_zone Europe/Berlin") == true, "\(logText(log))")
        #expect(calls.last?.contains("option locale C.UTF-8") == true && calls.last?.contains("time_zone") == false, "\(logText(log))")
    }

    /// What a pick printed against lib/tests/wrong-service.py run with `arguments`, a service of
    /// the user's own, and what that service printed; the pick must have exited with
    /// `exitStatus` (1: it failed).
    func pickFromStandIn(_ arguments: [String], mode: [String] = [], exitStatus: Int32 = 1) throws -> (stdout: String, service: String) {
        let bus = try PrivateBus()
        let log = bus.directory.appendingPathComponent("wrong-service.log")
        let service = try startLogged(
            ["/usr/bin/python3", RepositoryFiles.path("lib/tests/wrong-service.py")] + arguments, environment: bus.environment, logFile: log)
        defer { service.stop() }
        try waitUntil("the service to own the name", seconds: 20) { logText(log).contains("owner ") || !service.isRunning }
        let run = try start(Client(name: "PyGObject", file: "lib/tests/pick.py"), mode, on: bus)
        #expect(try run.process.waitForExit(seconds: 30) == .exited(exitStatus), "stdout: \(run.stdout) stderr: \(run.stderr)")
        return (run.stdout, logText(log))
    }

    @Test("No service of another user is used: OTHER_USER, nothing sent to it, and its forged signals not reported", .actsAsOtherUser)
    func refusesAnotherUsersService() throws {
        let bus = try PrivateBus()
        let impostor = try Impostor(on: bus)
        defer { impostor.process.stop() }
        let monitor = try start(Client(name: "PyGObject", file: "lib/tests/pick.py"), ["monitor"], on: bus)
        let run = try start(Client(name: "PyGObject", file: "lib/tests/pick.py"), on: bus)
        #expect(try run.process.waitForExit(seconds: 30) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stdout.hasPrefix("error time-picker-error-quark other-user: "), "stdout: \(run.stdout)")
        #expect(run.stdout.contains("owned by another user's process (uid 65534)"), "stdout: \(run.stdout)")
        #expect(!impostor.log.contains("call "), "the impostor was called:\n\(impostor.log)")
        try expectNothingReported(by: monitor, while: impostor, on: bus)
    }

    /// The impostor broadcasts a forged Selected every 100 ms: ten of them seen on the bus by a
    /// listener subscribed after `monitor` (pick.py monitor) was; `monitor` must report none.
    func expectNothingReported(by monitor: CapturedCommand, while impostor: Impostor, on bus: PrivateBus) throws {
        try waitUntil("the monitor to listen", seconds: 30) { monitor.stdout.contains("ready\n") || !monitor.process.isRunning }
        let observer = try BusClient(bus: bus)
        try observer.subscribeToSessions()
        try waitUntil("ten forged Selected signals on the bus", seconds: 30) { observer.receivedSignals("Selected").count >= 10 }
        monitor.process.stop()
        #expect(monitor.stdout == "ready\n", "stdout: \(monitor.stdout) stderr: \(monitor.stderr)")
    }

    // MARK: - Running the clients

    /// Where `make lib` puts the library, its typelib, VAPI and .pc.
    static let build = RepositoryFiles.path(".build/lib")

    /// The bus's environment with the build's library found first.
    func environment(_ bus: PrivateBus) -> [String: String] {
        var environment = bus.environment
        environment["LD_LIBRARY_PATH"] = Self.build
        environment["GI_TYPELIB_PATH"] = Self.build
        environment["PKG_CONFIG_PATH"] = Self.build + "/pkgconfig"
        return environment
    }

    /// Starts `client` on `bus` with `arguments`; C and Vala are compiled first, in the bus's
    /// directory, through pkg-config's timepicker-1 and the VAPI.
    func start(_ client: Client, _ arguments: [String] = [], on bus: PrivateBus) throws -> CapturedCommand {
        try #require(
            FileManager.default.fileExists(atPath: Self.build + "/TimePicker-1.0.typelib"),
            "the library is not built: make lib (make test builds it)")
        let environment = environment(bus)
        let source = RepositoryFiles.path(client.file)
        switch (client.file as NSString).pathExtension {
        case "py":
            return try CapturedCommand("/usr/bin/python3", [source] + arguments, environment: environment, directory: bus.directory)
        case "js":
            return try CapturedCommand("/usr/bin/gjs", ["-m", source] + arguments, environment: environment, directory: bus.directory)
        case "c":
            let binary = bus.directory.appendingPathComponent("pick-c").path
            let flags = try CapturedCommand.run(
                "/usr/bin/pkg-config", ["--cflags", "--libs", "timepicker-1"], environment: environment, directory: bus.directory)
            try #require(flags.termination == .exited(0), "pkg-config timepicker-1: \(flags.stderr)")
            let compile = try CapturedCommand.run(
                "/usr/bin/cc",
                ["-std=c99", "-Wall", "-Wextra", "-Werror", "-o", binary, source]
                    + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init),
                environment: environment, directory: bus.directory, seconds: 60)
            try #require(compile.termination == .exited(0), "cc: \(compile.stdout)\(compile.stderr)")
            return try CapturedCommand(binary, arguments, environment: environment, directory: bus.directory)
        default:
            let binary = bus.directory.appendingPathComponent("pick-vala").path
            let compile = try CapturedCommand.run(
                "/usr/bin/valac", ["--vapidir", Self.build, "--pkg", "timepicker-1", "-o", binary, source],
                environment: environment, directory: bus.directory, seconds: 120)
            try #require(compile.termination == .exited(0), "valac: \(compile.stdout)\(compile.stderr)")
            return try CapturedCommand(binary, arguments, environment: environment, directory: bus.directory)
        }
    }

    /// The notification of the picker `run` asked for; a client that shows none fails the test
    /// with what it printed.
    func waitForPicker(
        _ mock: MockNotificationServer, _ run: CapturedCommand, _ fixture: NotificationFixture
    ) throws -> MockNotificationServer.Notification {
        do {
            return try mock.waitForNotify(seconds: 60)
        } catch {
            throw HarnessError("\(error)\nthe client: running \(run.process.isRunning), stdout: \(run.stdout) stderr: \(run.stderr)\n\(fixture.logs)")
        }
    }

    /// The path of the session a Response came from.
    private func selectedPath(_ response: DBusMessage) -> String {
        response.path?.rawValue ?? ""
    }
}
