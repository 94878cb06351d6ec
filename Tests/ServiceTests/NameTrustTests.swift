import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// The service's name on a bus that admits other Unix users (the harness's does): nobody takes
/// it from the daemon, the daemon never signals nor replaces another user's owner, and the
/// clients lend their terminal to, and believe, only a process of their own user.
@Suite("The service's name and whom the clients trust")
struct NameTrustTests {
    @Test("Nobody takes the name through the bus, this user's process or another user's: RequestName answers EXISTS, the sessions go on", .actsAsOtherUser)
    func nameCannotBeTaken() throws {
        let fixture = try Fixture()
        let owner = try fixture.client.connection.nameOwner(of: BusClient.service)
        let handle = try fixture.client.showTimePicker(["title": .string("Still mine")])
        try fixture.screen.waitForScreen(containing: "Still mine")

        let usurper = try BusClient(bus: fixture.bus)
        #expect(try usurper.connection.requestName(BusClient.service, flags: [.replaceExisting, .allowReplacement, .doNotQueue]) == .exists)
        // As uid 65534, with every flag that could take it: 1 would be "primary owner", 3 is "exists".
        let other = try CapturedCommand.run(
            "/usr/bin/setpriv",
            ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/gdbus", "call", "--address", fixture.bus.address,
             "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
             "--method", "org.freedesktop.DBus.RequestName", BusClient.service.rawValue, "7"],
            environment: fixture.bus.environment, directory: fixture.bus.directory)
        #expect(other.stdout == "(uint32 3,)\n", "gdbus: \(other.stdout) \(other.stderr)")

        #expect(try fixture.client.connection.nameOwner(of: BusClient.service) == owner)
        #expect(fixture.daemon.process.isRunning, "log:\n\(fixture.daemon.log)")
        #expect(fixture.client.receivedSignals("Cancelled").isEmpty)
        #expect(try fixture.client.sessionProperty("Title", of: handle) == .string("Still mine"))
    }

    @Test("--replace neither signals nor replaces an owner of another user: exit 1 naming its uid, the owner keeps running", .actsAsOtherUser)
    func replaceLeavesAnotherUser() throws {
        let bus = try PrivateBus()
        let impostor = try Impostor(on: bus)
        defer { impostor.process.stop() }
        let daemon = try DaemonProcess(bus: bus, arguments: ["--ui", "notification", "--replace"])
        #expect(try daemon.waitForExit() == 1, "log:\n\(daemon.log)")
        #expect(daemon.log.contains("owned by a process of another user (uid 65534, \(impostor.uniqueName))"), "log:\n\(daemon.log)")
        #expect(impostor.process.isRunning, "the other user's process was signalled")
        let client = try BusClient(bus: bus)
        #expect(try client.connection.nameOwner(of: BusClient.service).rawValue == impostor.uniqueName)
    }

    @Test("timepickerctl pick lends its terminal to no owner of another user: exit 2 naming it, nothing sent, nothing drawn", .actsAsOtherUser)
    func pickRefusesAnotherUser() throws {
        let bus = try PrivateBus()
        let impostor = try Impostor(on: bus)
        defer { impostor.process.stop() }
        let pty = try PseudoTerminal(columns: 120, rows: 24)
        defer { pty.close() }
        let client = try ClientOnTerminal(["pick", "--title", "Meeting"], on: bus, screen: pty, asSessionLeader: true)
        #expect(try client.waitForExit() == .exited(2))
        try pty.waitForText("(uid 65534, \(impostor.uniqueName))")
        let said = client.terminalText
        #expect(said.contains("timepickerctl: io.github.timepickerd.TimePicker1 is owned by a process of another user (uid 65534, \(impostor.uniqueName))"), "terminal:\n\(said)")
        #expect(!said.contains("Password"), "terminal:\n\(said)")
        #expect(client.stdout.isEmpty)
        #expect(!impostor.log.contains("call "), "the impostor was called:\n\(impostor.log)")
        #expect(pty.isCooked)
    }

    @Test("timepickerctl status refuses an owner of another user; monitor ignores its outcomes, saying so once", .actsAsOtherUser)
    func statusAndMonitorRefuseAnotherUser() throws {
        let bus = try PrivateBus()
        let impostor = try Impostor(on: bus)
        defer { impostor.process.stop() }
        let status = try ClientHarness.run(["status"], on: bus)
        #expect(status.termination == .exited(2))
        #expect(status.stderr.contains("owned by a process of another user (uid 65534, \(impostor.uniqueName))"), "stderr: \(status.stderr)")
        #expect(status.stdout.isEmpty)
        #expect(!impostor.log.contains("call "), "the impostor was called:\n\(impostor.log)")

        // The impostor broadcasts a forged Selected every 100 ms.
        let monitor = try ClientHarness.start(["monitor"], on: bus)
        try waitUntil("the monitor to say it ignores the impostor") { monitor.stderr.contains("ignoring outcomes from") }
        #expect(monitor.stderr == "timepickerctl: ignoring outcomes from \(impostor.uniqueName), a process of another user (uid 65534)\n")
        monitor.process.send(SIGTERM)
        #expect(try monitor.process.waitForExit() == .exited(0))
        #expect(monitor.stdout.isEmpty, "printed: \(monitor.stdout)")
    }

    @Test("An answer that is not two HH:MM times, the start first, is no range: exit 2 quoting it", arguments: [
        ("$(id) 09:00", "17:00 ; rm -rf ~"), ("17:00", "09:00"), ("9:00", "17:00"), ("09:00", "25:00"),
    ])
    func answerMustBeARange(start: String, end: String) throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let client = try ClientHarness.start(["pick", "--no-terminal"], on: bus)
        let (call, _) = try service.nextPick()
        try service.answer(call, start: start, end: end)
        #expect(try client.process.waitForExit() == .exited(2))
        #expect(client.stdout.isEmpty)
        #expect(client.stderr == "timepickerctl: the time picker service answered with no range of two HH:MM times: '\(start)' '\(end)'\n")
    }
}
