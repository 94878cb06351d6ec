import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// The daemon against a careless or hostile dialog backend (played by the test) and the
/// callers around it.
@Suite("Dialog backend attacks", .serialized)
struct DialogAttackTests {
    /// The daemon with `--ui dialog` and the fake backend, which owns its name first.
    final class Setup {
        let bus: PrivateBus
        let backend: FakeDialogBackend
        let daemon: DaemonProcess
        let client: BusClient

        init(arguments: [String] = []) throws {
            bus = try PrivateBus()
            backend = try FakeDialogBackend(bus: bus)
            daemon = try DaemonProcess.serving(
                on: bus, arguments: ["--ui", "dialog", "--dialog-backend", FakeDialogBackend.name.rawValue, "--verbose"] + arguments)
            client = try BusClient(bus: bus)
            try client.subscribeToSessions()
        }

        deinit {
            daemon.send(SIGKILL)
            _ = try? daemon.process.waitForExit()
        }

        /// ShowTimePicker with `options`, the ShowPicker the backend receives for it, and the
        /// handle that call passed (the session's path with a serial below it).
        func show(_ options: [String: DBusValue] = [:]) throws -> (handle: ObjectPath, call: DBusMessage, dialog: ObjectPath) {
            let handle = try client.showTimePicker(options)
            let call = try backend.waitForCall("ShowPicker")
            let dialog = try FakeDialogBackend.handle(of: call)
            #expect(dialog.isDescendant(of: handle), "\(dialog) is not below \(handle)")
            return (handle, call, dialog)
        }

        /// The daemon's unique name, where Events go.
        func daemonName() throws -> BusName {
            try client.connection.nameOwner(of: BusClient.service)
        }
    }

    @Test("A backend that runs but that no activation file names (started by hand, a desktop shell's) shows the dialogs")
    func runningBackendNotActivatable() throws {
        let setup = try Setup()
        let pick = try setup.client.startCall("PickTimeRange", [.vardict(["start": .string("09:00"), "end": .string("10:00")])])
        let call = try setup.backend.waitForCall("ShowPicker")
        try setup.backend.answer(call, response: 0, ["start": "09:00", "end": "10:00"])
        let reply = try setup.client.waitForReply(to: pick)
        #expect(reply.strings == ["09:00", "10:00"], "\(reply.errorMessage ?? "") \(setup.daemon.log)")
    }

    @Test("Events nobody made in the dialog change nothing: from another connection, for a handle never shown, confirm and cancel as events, nonsense; huge moves clamp")
    func eventsNobodyMade() throws {
        let setup = try Setup()
        let (handle, call, dialog) = try setup.show(["start": .string("09:00"), "end": .string("10:00")])
        let daemon = try setup.daemonName()
        func selection() throws -> [DBusValue] {
            _ = try setup.client.call("Ping", interface: "org.freedesktop.DBus.Peer")
            return [try setup.client.property("Start", path: handle, interface: BusClient.sessionInterface),
                    try setup.client.property("End", path: handle, interface: BusClient.sessionInterface)]
        }
        let forger = try FakeDialogBackend(bus: setup.bus, name: "test.timepickerd.Forger")
        try forger.emit("move 5", for: dialog, to: daemon)
        try setup.backend.emit("move 5", for: "/io/github/timepickerd/TimePicker1/session/1_99/t1", to: daemon)
        try setup.backend.emit("move 5", for: handle, to: daemon)  // the session's path is not the dialog's handle
        for text in ["confirm", "cancel", "set start 25:00", "set start 9:17", "focus middle", "move 1 2", "move +1", "move 0x10", "",
                     "move 99999999999999999999999", String(repeating: "move 1", count: 10_000)] {
            try setup.backend.emit(text, for: dialog, to: daemon)
        }
        #expect(try selection() == [.string("09:00"), .string("10:00")], "\(setup.daemon.log)")
        try setup.backend.emit("move -9223372036854775808", for: dialog, to: daemon)
        #expect(try selection() == [.string("01:00"), .string("02:00")])
        try setup.backend.emit("hour 9223372036854775807", for: dialog, to: daemon)
        #expect(try selection() == [.string("24:00"), .string("24:00")])
        // Cancel and OK come only as ShowPicker's answer; the session is still open.
        try setup.backend.answer(call, response: 1)
        #expect(try setup.client.waitForSignal("Cancelled", path: handle).strings == ["user"])
    }

    @Test("A backend that never answers Update is sent one at a time, the latest state once it times out, and the daemon stays answerable")
    func updateNeverAnswered() throws {
        let setup = try Setup()
        let (handle, call, dialog) = try setup.show(["step": .uint32(1), "start": .string("09:00"), "end": .string("09:00")])
        let daemon = try setup.daemonName()
        for index in 0..<500 { try setup.backend.emit(index % 2 == 0 ? "move 3" : "move -1", for: dialog, to: daemon) }
        let started = Date()
        #expect(try setup.client.property("Version") == .uint32(1))
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(setup.backend.calls("Update", within: 1).count == 1)
        // The daemon's 5 s for an Update run out; then the state as it is now, once.
        let later = setup.backend.calls("Update", within: 6)
        #expect(later.count == 1)
        #expect(try later.first.map(FakeDialogBackend.strings(in:))?["start"] == "17:20")
        try setup.backend.answer(call, response: 0, ["start": "17:20", "end": "17:20"])
        #expect(try setup.client.waitForSignal("Selected", path: handle).strings == ["17:20", "17:20"])
    }

    @Test("OK with results that are no selection the dialog could show selects nothing: not half of them, not the daemon's state")
    func acceptedNonsense() throws {
        let setup = try Setup()
        let options: [String: DBusValue] = ["start": .string("09:00"), "end": .string("10:00"), "min_duration": .uint32(60)]
        let cases: [[String: String]] = [
            ["start": "11:00", "end": "25:00"],  // the start alone would drag the end to 12:00
            ["start": "11:17", "end": "12:00"],  // not a slot: 09:00-12:00 is nobody's choice
            ["start": "12:00", "end": "10:00"],  // an end before the start
            ["start": "11:00", "end": "11:00"],  // shorter than min_duration
            ["start": "11:00"],
            [:],
        ]
        for results in cases {
            let pick = try setup.client.startCall("PickTimeRange", [.vardict(options)])
            let call = try setup.backend.waitForCall("ShowPicker")
            let handle = try FakeDialogBackend.sessionPath(of: call)
            try setup.backend.answer(call, response: 0, results)
            let reply = try setup.client.waitForReply(to: pick)
            #expect(reply.errorName == "io.github.timepickerd.TimePicker1.Error.NoUserInterface", "\(results): \(reply.strings)")
            #expect(reply.errorMessage?.contains("no selection") == true, "\(results): \(reply.errorMessage ?? "")")
            #expect(try setup.client.waitForSignal("Cancelled", path: handle).strings == ["unavailable"])
            #expect(setup.client.receivedSignals("Selected").isEmpty)
        }
        // Results the dialog could show are taken, even when the daemon's state has moved on.
        let pick = try setup.client.startCall("PickTimeRange", [.vardict(options)])
        let call = try setup.backend.waitForCall("ShowPicker")
        try setup.backend.answer(call, response: 0, ["start": "13:00", "end": "15:00"])
        #expect(try setup.client.waitForReply(to: pick).strings == ["13:00", "15:00"])
    }

    @Test("A backend that never answers ShowPicker (Close succeeds, the dialog never ends) costs no memory once the sessions ended")
    func showPickerNeverAnswered() throws {
        let setup = try Setup()
        let pid = setup.daemon.pid
        // Warm up, so that what the daemon allocates on first use exists before memory is read.
        try cycle(setup, sessions: 300)
        let residentBefore = try FuzzRun.residentKiB(of: pid)
        try cycle(setup, sessions: 2000)
        let residentAfter = try FuzzRun.residentKiB(of: pid)
        print("  ShowPicker never answered: VmRSS \(residentBefore) → \(residentAfter) KiB over 2000 sessions")
        if SanitizerBuild.measuresFigures {
            #expect(residentAfter - residentBefore < 1024, "resident memory grew from \(residentBefore) KiB to \(residentAfter) KiB")
        }
        #expect(try setup.client.property("Version") == .uint32(1))
    }

    /// `sessions` sessions one after another, each shown and cancelled; the backend takes every
    /// ShowPicker without ever answering it, and answers every Close.
    private func cycle(_ setup: Setup, sessions: Int) throws {
        for _ in 0..<sessions {
            let (handle, _, _) = try setup.show()
            _ = try setup.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
            try setup.backend.reply(to: try setup.backend.waitForCall("Close"), [])
            _ = try setup.client.waitForSignal("Cancelled", path: handle)
        }
    }

    @Test("A backend replaced on the bus mid-dialog: the person's keys in the dialog it still shows keep working; the next dialog goes to the new owner")
    func backendReplaced() throws {
        let bus = try PrivateBus()
        let first = try FakeDialogBackend(bus: bus, flags: [.allowReplacement, .doNotQueue])
        let daemon = try DaemonProcess.serving(
            on: bus, arguments: ["--ui", "dialog", "--dialog-backend", FakeDialogBackend.name.rawValue, "--verbose"])
        defer { daemon.stop() }
        let client = try BusClient(bus: bus)
        try client.subscribeToSessions()
        let daemonName = try client.connection.nameOwner(of: BusClient.service)
        let handle = try client.showTimePicker(["start": .string("09:00"), "end": .string("10:00")])
        let shown = try first.waitForCall("ShowPicker")
        let dialog = try FakeDialogBackend.handle(of: shown)

        let second = try FakeDialogBackend(bus: bus, flags: [.replaceExisting, .doNotQueue])
        #expect(try client.connection.nameOwner(of: FakeDialogBackend.name).rawValue == second.uniqueName)
        _ = try client.call("Ping", interface: "org.freedesktop.DBus.Peer")  // the daemon has seen the name change hands
        try first.emit("move 1", for: dialog, to: daemonName)
        let update = try first.waitForCall("Update")
        #expect(try FakeDialogBackend.strings(in: update)["start"] == "10:00", "\(daemon.log)")
        try first.reply(to: update, [])
        #expect(try client.property("Start", path: handle, interface: BusClient.sessionInterface) == .string("10:00"))
        // The new owner knows nothing of that dialog: its Events for it are not the person's.
        try second.emit("move 5", for: dialog, to: daemonName)
        _ = try client.call("Ping", interface: "org.freedesktop.DBus.Peer")
        #expect(try client.property("Start", path: handle, interface: BusClient.sessionInterface) == .string("10:00"))
        try first.answer(shown, response: 0, ["start": "10:00", "end": "11:00"])
        #expect(try client.waitForSignal("Selected", path: handle).strings == ["10:00", "11:00"])

        let next = try client.showTimePicker()
        #expect(try FakeDialogBackend.handle(of: try second.waitForCall("ShowPicker")).isDescendant(of: next))
    }

    @Test("A backend that refuses ShowPicker (it owns the name but has no such object) showed nothing: under --ui auto the picker becomes a notification")
    func showPickerRefused() throws {
        let bus = try PrivateBus()
        let backend = try FakeDialogBackend(bus: bus)
        let notifications = try MockNotificationServer(bus: bus)
        let daemon = try DaemonProcess.serving(on: bus, arguments: ["--dialog-backend", FakeDialogBackend.name.rawValue, "--verbose"])
        defer { daemon.stop() }
        let client = try BusClient(bus: bus)
        try client.subscribeToSessions()
        #expect(try client.property("UserInterface") == .string("dialog"))
        let handle = try client.showTimePicker(["title": .string("Refused")])
        try backend.fail(
            try backend.waitForCall("ShowPicker"), name: "org.freedesktop.DBus.Error.UnknownObject",
            message: "No such object path '/io/github/timepickerd/impl/TimePicker1'")
        _ = try notifications.waitForNotify(summary: "Refused", seconds: 10)
        _ = try client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
        #expect(try client.waitForSignal("Cancelled", path: handle).strings == ["caller"])

        // Asked for as a dialog, it ends unavailable with the backend's reason.
        let pick = try client.startCall("PickTimeRange", [.vardict(["ui": .string("dialog")])])
        try backend.fail(try backend.waitForCall("ShowPicker"), name: "org.freedesktop.DBus.Error.UnknownMethod", message: "No such method")
        let reply = try client.waitForReply(to: pick)
        #expect(reply.errorName == "io.github.timepickerd.TimePicker1.Error.NoUserInterface")
        #expect(reply.errorMessage?.contains("UnknownMethod") == true, "\(reply.errorMessage ?? "")")
    }

    @Test("A backend name owned by another Unix user (on a bus that admits one) gets no sessions: its OK is nobody's choice here", .actsAsOtherUser)
    func backendOfAnotherUser() throws {
        let bus = try PrivateBus()
        let script = try OtherUser.copies(
            of: [URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/answering-backend.py")],
            in: bus.directory)[0]
        let watcher = try NameWatcher(address: bus.address, name: FakeDialogBackend.name)
        let log = bus.directory.appendingPathComponent("other-user.log")
        let intruder = try startLogged(
            OtherUser.launcher + ["/usr/bin/python3", script, bus.address, FakeDialogBackend.name.rawValue, "03:00", "04:00"],
            environment: bus.environment, logFile: log)
        defer { intruder.stop() }
        try watcher.waitUntilOwned(by: intruder, "the other user's backend", seconds: 20) { logText(log) }
        let daemon = try DaemonProcess.serving(
            on: bus, arguments: ["--ui", "dialog", "--dialog-backend", FakeDialogBackend.name.rawValue, "--verbose"])
        defer { daemon.stop() }
        let client = try BusClient(bus: bus)
        let pick = try client.startCall("PickTimeRange", [.vardict(["title": .string("Mine")])])
        let reply = try client.waitForReply(to: pick)
        #expect(reply.strings != ["03:00", "04:00"], "another user's process chose for this one's app")
        #expect(reply.errorName == "io.github.timepickerd.TimePicker1.Error.NoUserInterface", "\(daemon.log)")
        #expect(reply.errorMessage?.contains("user") == true, "\(reply.errorMessage ?? "")")
    }

    @Test("A backend's error of 30 MB with three million values after its text: the caller and the log get a line of it, and the daemon never builds the rest")
    func hugeErrorFromBackend() throws {
        let setup = try Setup()
        let pick = try setup.client.startCall("PickTimeRange", [.vardict([:])])
        let call = try setup.backend.waitForCall("ShowPicker")
        let peakBefore = try peakResidentKiB(of: setup.daemon.pid)
        let error = try call.makeError(name: "org.example.Error.Huge", message: "\u{1B}[2J" + String(repeating: "x", count: 30_000_000))
        try error.append(.array(elementSignature: "s", elements: Array(repeating: .string("y"), count: 3_000_000)))
        setup.backend.connection.send(error)
        setup.backend.connection.flush()
        let reply = try setup.client.waitForReply(to: pick, seconds: 30)
        let peakAfter = try peakResidentKiB(of: setup.daemon.pid)
        print("  a huge error from the backend: VmHWM \(peakBefore) → \(peakAfter) KiB; the caller's message \(reply.errorMessage?.utf8.count ?? 0) bytes")
        #expect(reply.errorName == "io.github.timepickerd.TimePicker1.Error.NoUserInterface")
        #expect((reply.errorMessage?.utf8.count ?? .max) < 1024)
        #expect(reply.errorMessage?.contains("\u{1B}") == false)
        #expect(setup.daemon.log.utf8.count < 64 * 1024, "the log took \(setup.daemon.log.utf8.count) bytes")
        // libdbus reads the message itself (about 110 MB at its peak here); a tree of its values
        // took 330 MB more.
        if SanitizerBuild.measuresFigures {
            #expect(peakAfter - peakBefore < 200 * 1024, "the daemon's peak resident memory grew from \(peakBefore) KiB to \(peakAfter) KiB")
        }
        #expect(try setup.client.property("Version") == .uint32(1))
    }
}

/// The daemon stopping while a dialog backend does not answer.
@Suite("Dialog backend at shutdown", .serialized)
struct DialogShutdownTests {
    @Test("A session asked for while the daemon stops (its backend keeping it waiting) ends with Cancelled(\"shutdown\") too")
    func showDuringShutdown() throws {
        let setup = try DialogAttackTests.Setup()
        let (open, _, _) = try setup.show(["title": .string("Open at shutdown")])
        // The backend never answers Close: the daemon gives it its grace period.
        setup.daemon.send(SIGTERM)
        #expect(try setup.client.waitForSignal("Cancelled", path: open).strings == ["shutdown"])
        let late = try setup.client.showTimePicker(["title": .string("Asked for too late")])
        let pick = try setup.client.startCall("PickTimeRange", [.vardict(["title": .string("Waited for too late")])])
        #expect(try setup.client.waitForSignal("Cancelled", path: late).strings == ["shutdown"], "\(setup.daemon.log)")
        let reply = try setup.client.waitForReply(to: pick)
        #expect(reply.errorName == "io.github.timepickerd.TimePicker1.Error.Cancelled")
        #expect(reply.errorMessage == "shutdown")
        #expect(try setup.daemon.waitForExit(seconds: 5) == 0, "the daemon took more than a few seconds to stop")
    }
}
