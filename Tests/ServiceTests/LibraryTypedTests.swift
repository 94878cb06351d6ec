import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// libtimepicker's typed API (issue 38) from PyGObject, against the real daemon on a private bus:
/// TimePicker.Alert's setters, TimePickerRange's GDateTimes, ALREADY_SHOWING, and options the
/// library checks before anything is sent.
@Suite("libtimepicker: the typed alert and range from Python against the real daemon")
struct LibraryTypedTests {
    static let python = LibraryTests.Client(name: "PyGObject", file: "lib/tests/pick.py")

    @Test("A Berlin night shift picked with set_time_zone(GLib.TimeZone) and set_date(GLib.DateTime) gives GLib.DateTimes at +01:00, 25,200 s apart")
    func berlinNightShift() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let run = try LibraryTests().start(Self.python, ["berlin-night"], on: fixture.bus)
        let first = try LibraryTests().waitForPicker(mock, run, fixture)
        // The person accepts the start (22:00), then the end (05:00 the next day) the alert set.
        try mock.invokeAction("default", on: first.id)
        _ = try mock.waitForNotify { $0.replacesID == first.id && $0.isStepperEndStep }
        try mock.invokeAction("default", on: first.id)

        #expect(try run.process.waitForExit(seconds: 30) == .exited(0), "stdout: \(run.stdout) stderr: \(run.stderr)\n\(fixture.logs)")
        // GLib.DateTime.get_utc_offset is in microseconds: +01:00 is 3,600 s.
        let lines = run.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 3, "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(lines[0].hasPrefix("start 2026-01-15T22:00:00+01") && lines[0].hasSuffix(" offset 3600000000"), "\(lines[0])")
        #expect(lines[1].hasPrefix("end 2026-01-16T05:00:00+01") && lines[1].hasSuffix(" offset 3600000000"), "\(lines[1])")
        #expect(lines[2] == "duration 25200 apart 25200", "\(lines[2])")
        // What went on the bus: the typed setters' options.
        #expect(fixture.daemon.log.contains("PickTimeRange from"), "\(fixture.daemon.log)")
    }

    @Test("pick() on an alert whose pick runs fails with ALREADY_SHOWING at once; the first pick goes on until its cancellable ends it")
    func alreadyShowing() throws {
        let fixture = try NotificationFixture()
        let run = try LibraryTests().start(Self.python, ["already-showing"], on: fixture.bus)
        #expect(try run.process.waitForExit(seconds: 30) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "stdout: \(run.stdout)")
        #expect(lines.first?.hasPrefix("error time-picker-error-quark already-showing: ") == true, "stdout: \(run.stdout)")
        #expect(lines.last?.hasPrefix("error g-io-error-quark cancelled: ") == true, "stdout: \(run.stdout)")
    }

    @Test("A first slot that is no time fails the pick with INVALID_ARGS naming the option, in the service's words, as for every caller")
    func badFirstSlot() throws {
        let fixture = try NotificationFixture()
        let run = try LibraryTests().start(Self.python, ["bad-first"], on: fixture.bus)
        #expect(try run.process.waitForExit(seconds: 30) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stdout.hasPrefix("error time-picker-error-quark invalid-args: option 'first': "), "stdout: \(run.stdout)")
    }

    @Test("The error enum keeps every older code's number and appends ALREADY_SHOWING and INTERRUPTED after FAILED, with the spec's nicks")
    func errorCodes() throws {
        let bus = try PrivateBus()
        let script = """
            import gi
            gi.require_version("TimePicker", "1.0")
            from gi.repository import TimePicker
            print(" ".join(f"{int(v)}={TimePicker.Error(v).value_nick}" for v in range(14)))
            """
        let run = try CapturedCommand(
            "/usr/bin/python3", ["-c", script], environment: LibraryTests().environment(bus), directory: bus.directory)
        #expect(try run.process.waitForExit(seconds: 30) == .exited(0), "stderr: \(run.stderr)")
        #expect(
            run.stdout == "0=user 1=timeout 2=caller 3=shutdown 4=unavailable 5=service-unavailable 6=vanished 7=other-user "
                + "8=invalid-reply 9=invalid-args 10=limits-exceeded 11=failed 12=already-showing 13=interrupted\n",
            "stdout: \(run.stdout)")
    }

    @Test("A refused PickTimeRange fails the pick with the code the error table gives its D-Bus error", arguments: [
        ("org.freedesktop.DBus.Error.Disconnected", "service-unavailable"),
        ("org.freedesktop.DBus.Error.LimitsExceeded", "limits-exceeded"),
        ("io.github.timepickerd.TimePicker1.Error.LimitsExceeded", "limits-exceeded"),
        ("io.github.timepickerd.TimePicker1.Error.NoUserInterface", "unavailable"),
        ("org.freedesktop.DBus.Error.InvalidArgs", "invalid-args"),
        ("org.example.Error.Later", "failed"),
    ])
    func callErrors(name: String, code: String) throws {
        let (stdout, service) = try LibraryTests().pickFromStandIn(["error", name])
        #expect(stdout.hasPrefix("error time-picker-error-quark \(code): "), "stdout: \(stdout) service: \(service)")
    }

    @Test("Every typed option reaches the service with its option's name and type; set_options' keys go too, under the typed ones")
    func typedOptionsOnTheBus() throws {
        let (stdout, service) = try LibraryTests().pickFromStandIn(["error", "org.example.Error.Later"], mode: ["typed"])
        #expect(stdout.hasPrefix("error time-picker-error-quark failed: "), "stdout: \(stdout)")
        // Python's repr of the sorted (key, value) pairs the service received.
        let expected = "options [('clock', '12h'), ('date', '2026-03-28'), ('end', '12:00'), ('first', '08:00'), ('last', '18:00'), "
            + "('later', 7), ('locale', 'de_DE.UTF-8'), ('min_duration', 30), ('overnight', True), ('start', 'now'), ('step', 15), "
            + "('time_zone', 'Europe/Berlin'), ('timeout', 60), ('timeout_extensions', 2), ('title', 'Typed'), ('ui', 'dialog')]\n"
        #expect(service.contains(expected), "the service heard:\n\(service)")
    }

    @Test("A pick-only app subscribes to its own session and its owner's leaving, nothing bus-wide: no monitor unless it makes one")
    func pickOnlySubscribesToItsOwnSession() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let run = try LibraryTests().start(Self.python, on: fixture.bus)
        _ = try LibraryTests().waitForPicker(mock, run, fixture)
        // The bus's own account of every connection's match rules (dbus-daemon's Stats interface).
        let stats = try CapturedCommand.run(
            "/usr/bin/dbus-send",
            ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
             "org.freedesktop.DBus.Debug.Stats.GetAllMatchRules"],
            environment: fixture.bus.environment, directory: fixture.bus.directory)
        try #require(stats.termination == .exited(0), "GetAllMatchRules: \(stats.stderr)")
        let app = try #require(
            stats.stdout.components(separatedBy: "dict entry(").first { $0.contains("/libtimepicker_") },
            "no connection subscribed to a libtimepicker session: \(stats.stdout)")
        let rules = app.split(separator: "\n").filter { $0.contains("type='signal'") }
        #expect(rules.count == 2, "the app's rules: \(rules)")
        // Its session's path, and NameOwnerChanged of the owner's unique name (arg0=':1.N').
        #expect(rules.allSatisfy { $0.contains("path='/io/github/timepickerd/TimePicker1/session/") || $0.contains("arg0=':") }, "\(rules)")
        run.process.stop()
    }

    static let cancellingC = LibraryTests.Client(name: "C", file: "lib/tests/cancel-early.c")

    @Test("A C program's pick cancelled right after pick, or from an idle callback, fails with G_IO_ERROR_CANCELLED within a second; no session", arguments: ["at-once", "idle"])
    func cCancelsEarly(_ mode: String) throws {
        let fixture = try NotificationFixture()
        let run = try LibraryTests().start(Self.cancellingC, [mode], on: fixture.bus)
        #expect(try run.process.waitForExit(seconds: 30) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
        try expectCancelledWithinASecond(run.stdout)
        #expect(!fixture.daemon.log.contains("PickTimeRange from"), "a session was asked for:\n\(fixture.daemon.log)")
    }

    @Test("A pick cancelled while the bus activates the service fails with G_IO_ERROR_CANCELLED within a second", arguments: [python, cancellingC])
    func cancelledDuringActivation(_ client: LibraryTests.Client) throws {
        let bus = try PrivateBus()
        // A service the bus starts that never takes the name: activation stays pending. It marks
        // that it started, and ends with the bus (dbus-monitor exits when the bus goes).
        let started = bus.directory.appendingPathComponent("activated").path
        let service = "[D-BUS Service]\nName=io.github.timepickerd.TimePicker1\n"
            + "Exec=/bin/sh -c 'touch \(started); exec /usr/bin/dbus-monitor --address \"$DBUS_STARTER_ADDRESS\" >/dev/null'\n"
        try service.write(
            to: bus.serviceDirectory.appendingPathComponent("io.github.timepickerd.TimePicker1.service"), atomically: true, encoding: .utf8)
        defer { bus.stop() }
        let run = try LibraryTests().start(client, [client.file.hasSuffix(".c") ? "when" : "cancel-when", started], on: bus)
        #expect(try run.process.waitForExit(seconds: 30) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
        try expectCancelledWithinASecond(run.stdout)
    }

    /// `stdout` is a cancelled pick's error (Python names the code, C gives its number, 19),
    /// then "ended N ms after the cancel" with N under 1,000.
    private func expectCancelledWithinASecond(_ stdout: String) throws {
        let lines = stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "stdout: \(stdout)")
        #expect(lines[0].hasPrefix("error g-io-error-quark cancelled: ") || lines[0].hasPrefix("error g-io-error-quark 19: "), "stdout: \(stdout)")
        let milliseconds = Int(lines[1].split(separator: " ")[1]) ?? -1
        #expect((0..<1000).contains(milliseconds), "stdout: \(stdout)")
    }

    @Test("A pick whose bus connection is lost fails with SERVICE_UNAVAILABLE")
    func busLost() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let run = try LibraryTests().start(Self.python, on: fixture.bus)
        _ = try LibraryTests().waitForPicker(mock, run, fixture)
        kill(fixture.bus.pid, SIGKILL)
        // GDBus then ends the program (the shared session connection's exit-on-close raises
        // SIGTERM), but the pick's callback has run first.
        _ = try run.process.waitForExit(seconds: 30)
        #expect(run.stdout.hasPrefix("error time-picker-error-quark service-unavailable: "), "stdout: \(run.stdout)")
    }
}
