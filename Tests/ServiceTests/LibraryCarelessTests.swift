import Foundation
import Glibc
import TestHarness
import Testing

/// libtimepicker used as a careless app would, where an attack on issue 38's library found it
/// wanting: a cancel while the service's refusal of the app's own zone is on its way, a zone
/// made by `GLib.TimeZone.new_local()` under each form of TZ, a title past what the bus carries.
@Suite("libtimepicker used carelessly: a cancel racing a refusal, the local zone, a huge option")
struct LibraryCarelessTests {
    @Test("A pick cancelled while the service's refusal of its own zone is on its way is not asked again: no session is left open")
    func cancelledAsRefused() throws {
        let fixture = try NotificationFixture()
        // A zone the program's system has and the service's lacks, as in a sandbox.
        let zones = fixture.bus.directory.appendingPathComponent("zones")
        try FileManager.default.createDirectory(at: zones.appendingPathComponent("Fake"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Europe/Berlin", toPath: zones.appendingPathComponent("Fake/Zone").path)
        var environment = LibraryTests().environment(fixture.bus)
        environment["TZDIR"] = zones.path
        environment["TZ"] = "Fake/Zone"
        let run = try CapturedCommand(
            "/usr/bin/python3", [RepositoryFiles.path("lib/tests/pick.py"), "cancel-as-refused"], environment: environment,
            directory: fixture.bus.directory)
        #expect(try run.process.waitForExit(seconds: 30) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stdout.hasPrefix("error g-io-error-quark cancelled: "), "stdout: \(run.stdout)")
        // It once asked again without the zone after the cancel, and that session stayed open.
        #expect(run.stdout.hasSuffix("no session left\n"), "stdout: \(run.stdout)\n\(fixture.daemon.log)")
    }

    @Test("set_time_zone(GLib.TimeZone.new_local()) sends the zone's name whatever form TZ has", arguments: [
        ":Europe/Berlin", "Europe/Berlin", "/usr/share/zoneinfo/Europe/Berlin",
    ])
    func localZoneByName(_ tz: String) throws {
        let (stdout, service) = try pick(["zone-local"], tz: tz)
        #expect(stdout.hasPrefix("error time-picker-error-quark failed: "), "stdout: \(stdout)")
        #expect(service.contains("option time_zone Europe/Berlin\n"), "the service heard:\n\(service)")
    }

    @Test("A local zone with no name in the database (a POSIX rule) fails the pick with INVALID_ARGS naming time_zone, nothing sent")
    func localZoneWithoutName() throws {
        // GLib keeps a rule it can read as the zone's identifier (one it cannot, "CET-1CEST", is UTC to it).
        let (stdout, service) = try pick(["zone-local"], tz: "EST5EDT,M3.2.0,M11.1.0")
        #expect(stdout.hasPrefix("error time-picker-error-quark invalid-args: option 'time_zone': "), "stdout: \(stdout)")
        #expect(!service.contains("call "), "the service was called:\n\(service)")
    }

    @Test("A title past what the bus carries fails the pick with INVALID_ARGS: the program is not ended with its connection")
    func hugeTitle() throws {
        let (stdout, service) = try pick(["huge-title"], tz: "Europe/Berlin")
        // GDBus once ended the program with SIGTERM when the bus closed its connection for it.
        #expect(stdout.hasPrefix("error time-picker-error-quark invalid-args: The options take "), "stdout: \(stdout)")
        #expect(!service.contains("call "), "the service was called:\n\(service)")
    }

    @Test("A Response whose duration is not the interface's type gives a range with no length, not one of 0 s")
    func durationOfAnotherType() throws {
        let (stdout, _) = try LibraryTests().pickFromStandIn(["wrong-duration"], exitStatus: 0)
        #expect(stdout == "from 09:00 to 10:00\n", "stdout: \(stdout)")
    }

    /// What pick.py `mode` printed with TZ set to `tz` against lib/tests/wrong-service.py failing
    /// every call with a D-Bus error of its own, and what that service printed; the pick must fail.
    func pick(_ mode: [String], tz: String) throws -> (stdout: String, service: String) {
        let bus = try PrivateBus()
        let log = bus.directory.appendingPathComponent("wrong-service.log")
        let service = try startLogged(
            ["/usr/bin/python3", RepositoryFiles.path("lib/tests/wrong-service.py"), "error", "org.example.Error.Refused"],
            environment: bus.environment, logFile: log)
        defer { service.stop() }
        try waitUntil("the service to own the name", seconds: 20) { logText(log).contains("owner ") || !service.isRunning }
        var environment = LibraryTests().environment(bus)
        environment["TZ"] = tz
        let run = try CapturedCommand(
            "/usr/bin/python3", [RepositoryFiles.path("lib/tests/pick.py")] + mode, environment: environment, directory: bus.directory)
        #expect(try run.process.waitForExit(seconds: 30) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
        return (run.stdout, logText(log))
    }
}
