import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// A reply is believed only from the connection that was asked. The bus lets any connection
/// send a method return nobody asked for, and libdbus and GDBus match a reply to its call by
/// its serial alone: on a bus that admits another user, that user's forged returns once
/// admitted it to the daemon and to the dialog backend, answered the person's dialog, and were
/// printed by timepickerctl and the Swift library as the person's choice.
@Suite("Forged method returns")
struct ForgedReplyTests {
    /// How often the other user tries to be admitted while its forgeries fly.
    static let tries = 100

    @Test("Forged GetConnectionCredentials answers (uid of the daemon's user) raced at the daemon never admit the other user", .actsAsOtherUser)
    func daemonAdmission() throws {
        let fixture = try Fixture()
        let daemon = try fixture.client.connection.nameOwner(of: BusClient.service)
        let forger = try ReplyForger(
            body: "({'UnixUserID': <uint32 \(getuid())>, 'ProcessID': <uint32 1>},)", target: daemon.rawValue, on: fixture.bus)
        let answers = try FreshCalls.run(
            "io.github.timepickerd.TimePicker1.ShowTimePicker", at: BusClient.service.rawValue, path: BusClient.managerPath.rawValue,
            body: "({'title': <'Session locked'>},)", count: Self.tries, on: fixture.bus)
        #expect(answers.count == Self.tries, "\(answers)")
        #expect(answers.allSatisfy { $0 == "org.freedesktop.DBus.Error.AccessDenied" }, "\(answers.filter { !$0.hasSuffix("AccessDenied") })")
        #expect(forger.rounds > 0, "the forger sent nothing: \(forger.log)")
        #expect(!(try fixture.screen.currentScreen.contains("Session locked")))
        #expect(fixture.daemon.log.contains("dropped an answer from \(forger.uniqueName)"), "\(fixture.daemon.log)")
    }

    @Test("Forged GetConnectionUnixUser answers raced at timepickerd-gtk never admit the other user: no dialog of theirs", .actsAsOtherUser)
    func backendAdmission() throws {
        let fixture = try DialogFixture()
        let backend = try fixture.caller.connection.nameOwner(of: "io.github.timepickerd.Gtk")
        let forger = try ReplyForger(body: "(uint32 \(getuid()),)", target: backend.rawValue, on: fixture.bus)
        let answers = try FreshCalls.run(
            "io.github.timepickerd.impl.TimePicker1.ShowPicker", at: "io.github.timepickerd.Gtk", path: "/io/github/timepickerd/impl/TimePicker1",
            body: "(objectpath '/io/github/timepickerd/TimePicker1/session/1_9/intruder', '', {'title': <'Intruder'>})",
            count: Self.tries, on: fixture.bus)
        #expect(answers.count == Self.tries, "\(answers)")
        #expect(answers.allSatisfy { $0 == "org.freedesktop.DBus.Error.AccessDenied" }, "\(answers.filter { !$0.hasSuffix("AccessDenied") })")
        #expect(forger.rounds > 0, "the forger sent nothing: \(forger.log)")
        #expect(try Accessibility.dialogs(on: fixture.display).isEmpty)
    }

    @Test("Forged returns for the daemon's waiting ShowPicker never become a Selected: the session waits for the backend, and ends when cancelled", .actsAsOtherUser)
    func showPickerReturns() throws {
        let bus = try PrivateBus()
        let backend = try FakeDialogBackend(bus: bus)
        let daemon = try DaemonProcess.serving(
            on: bus, arguments: ["--ui", "dialog", "--dialog-backend", FakeDialogBackend.name.rawValue, "--verbose"])
        defer { daemon.stop() }
        let client = try BusClient(bus: bus)
        try client.subscribeToSessions()
        let forger = try ReplyForger(
            body: "(uint32 0, {'start': <'03:00'>, 'end': <'04:00'>})",
            target: try client.connection.nameOwner(of: BusClient.service).rawValue, behind: 40, on: bus)

        for _ in 0..<3 {
            let handle = try client.showTimePicker()
            let shown = try backend.waitForCall("ShowPicker")
            if let probe = backend.calls("Get", within: 0.2).first { try backend.answerVersion(probe) }
            // Every serial the daemon used lately is forged at it, the ShowPicker's among them.
            try forger.waitForRounds(100)
            #expect(client.receivedSignals("Selected").isEmpty, "a forged return became a Selected:\n\(daemon.log)")
            _ = try client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
            #expect(try client.waitForSignal("Cancelled", path: handle).strings == ["caller"])
            _ = shown
        }
        #expect(client.receivedSignals("Selected").isEmpty)
        #expect(!daemon.log.contains("03:00-04:00"), "\(daemon.log)")
    }

    @Test("Returns sprayed at every new connection are never printed: timepickerctl and the Swift library wait for the person, who cancels", .actsAsOtherUser)
    func callersBelieveOnlyTheService() throws {
        let fixture = try Fixture()
        let forger = try ReplyForger(body: "('13:13', '14:14')", on: fixture.bus)
        let programs = [
            (ClientHarness.binary, ["pick", "--title", "Mine"]),
            (ExampleTests.builtExample("pick-await"), []),
        ]
        for (program, arguments) in programs {
            for _ in 0..<3 {
                let run = try CapturedCommand(program, arguments, environment: fixture.bus.environment, directory: fixture.bus.directory)
                try fixture.screen.waitForScreen(containing: "Asked by")
                try forger.waitForRounds(2)
                try fixture.screen.type(Keys.escape)
                let termination = try run.process.waitForExit(seconds: 30)
                #expect(termination == .exited(1), "\(program): stdout \(run.stdout) stderr \(run.stderr)")
                #expect(!run.stdout.contains("13:13"), "\(program) printed a forged answer: \(run.stdout)")
                try waitUntil("the picker to be taken down") { try !fixture.screen.currentScreen.contains("Asked by") }
            }
        }
        #expect(forger.rounds > 0, "the forger sent nothing: \(forger.log)")
    }
}
