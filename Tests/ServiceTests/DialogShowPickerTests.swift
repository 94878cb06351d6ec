import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// What the daemon sends a dialog backend (played by the test) for each session: how many
/// ShowPicker calls may wait on the backend, the handle each passes, and a ShowPicker the
/// backend left the bus without taking.
@Suite("The daemon's ShowPicker calls", .serialized)
struct DialogShowPickerTests {
    @Test("At most four ShowPicker the backend has not taken: the rest wait in the daemon in order, and one cancelled while it waits is never sent")
    func atMostFourInFlight() throws {
        let setup = try DialogAttackTests.Setup()
        // The backend reads its calls but says nothing: it has taken none of them.
        setup.backend.answersVersion = false
        let sessions = try (0..<10).map { try setup.client.showTimePicker(["handle_token": .string("s\($0)")]) }
        var shown = try (0..<4).map { _ in try setup.backend.waitForCall("ShowPicker") }
        #expect(try shown.map(FakeDialogBackend.sessionPath(of:)) == Array(sessions[0..<4]), "in the order they came")
        #expect(setup.backend.calls("ShowPicker", within: 1).isEmpty, "more than four ShowPicker calls went out")
        let probes = try (0..<4).map { _ in try setup.backend.waitForCall("Get") }
        #expect(probes.allSatisfy(FakeDialogBackend.isVersionProbe))

        // Cancelled while it was sent but not yet taken: Close follows, and it still counts.
        _ = try setup.client.call("Cancel", path: sessions[0], interface: BusClient.sessionInterface)
        #expect(try FakeDialogBackend.handle(of: try setup.backend.waitForCall("Close")) == FakeDialogBackend.handle(of: shown[0]))
        #expect(setup.backend.calls("ShowPicker", within: 1).isEmpty, "a cancelled session's untaken ShowPicker stopped counting")
        // Cancelled while waiting in the daemon: the backend never hears of them.
        for index in 4...6 {
            _ = try setup.client.call("Cancel", path: sessions[index], interface: BusClient.sessionInterface)
            #expect(try setup.client.waitForSignal("Cancelled", path: sessions[index]).strings == ["caller"])
        }

        // The backend takes them: a value, or an error of a backend without the property, both
        // answered after the ShowPicker before them.
        try setup.backend.answerVersion(probes[0])
        try setup.backend.answerVersion(probes[1])
        try setup.backend.fail(probes[2], name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no Properties here")
        try setup.backend.fail(probes[3], name: "org.freedesktop.DBus.Error.InvalidArgs", message: "No such property 'Version'")
        shown = try (0..<3).map { _ in try setup.backend.waitForCall("ShowPicker") }
        #expect(try shown.map(FakeDialogBackend.sessionPath(of:)) == Array(sessions[7...9]), "\(setup.daemon.log)")
        #expect(setup.backend.calls("ShowPicker", within: 1).isEmpty)
        #expect(setup.backend.calls("Close", within: 0).isEmpty, "sessions never sent were closed")
    }

    @Test("A reused handle_token: an Event for the earlier dialog, arriving after it ended, does not move the new session")
    func reusedHandleToken() throws {
        let setup = try DialogAttackTests.Setup()
        let daemon = try setup.daemonName()
        let (first, firstCall, firstDialog) = try setup.show(["handle_token": .string("reused")])
        try setup.backend.answer(firstCall, response: 1)
        #expect(try setup.client.waitForSignal("Cancelled", path: first).strings == ["user"])

        let (second, _, secondDialog) = try setup.show(["handle_token": .string("reused")])
        #expect(second == first, "the same session path")
        #expect(secondDialog != firstDialog, "each ShowPicker has a handle of its own")
        // The old dialog's last key, sent as it closed, and then one for the new dialog: the
        // Update answers the second alone (01:00 + 1), not both (07:00).
        try setup.backend.emit("move 5", for: firstDialog, to: daemon)
        try setup.backend.emit("move 1", for: secondDialog, to: daemon)
        let update = try setup.backend.waitForCall("Update")
        #expect(try FakeDialogBackend.handle(of: update) == secondDialog)
        #expect(try FakeDialogBackend.strings(in: update)["start"] == "02:00", "\(setup.daemon.log)")
        #expect(try setup.client.property("Start", path: second, interface: BusClient.sessionInterface) == .string("02:00"))
    }

    @Test("A backend that leaves the bus without answering a ShowPicker it never took, or took only after giving up its name (GTK quitting on its idle timeout as the call came): the dialog goes once more, to the next backend")
    func retriedOnTheNextBackend() throws {
        let bus = try PrivateBus()
        // The owner first, then backends queued for the name, each owning it when the one
        // before leaves; each answers the daemon's Version probes only when the test says.
        var backends = try [FakeDialogBackend(bus: bus)] + (1...3).map { _ in try FakeDialogBackend(bus: bus, flags: [], queued: true) }
        for backend in backends { backend.answersVersion = false }
        let daemon = try DaemonProcess.serving(
            on: bus, arguments: ["--ui", "dialog", "--dialog-backend", FakeDialogBackend.name.rawValue, "--verbose"])
        defer { daemon.stop() }
        let client = try BusClient(bus: bus)

        // Left without taking it.
        let pick = try client.startCall("PickTimeRange", [.vardict(["title": .string("Retried")])])
        let lost = try backends[0].waitForCall("ShowPicker")
        backends.removeFirst()  // gone, with the ShowPicker (and the probe behind it) unanswered
        let again = try backends[0].waitForCall("ShowPicker")
        #expect(try FakeDialogBackend.strings(in: again)["title"] == "Retried")
        #expect(try FakeDialogBackend.handle(of: again) != FakeDialogBackend.handle(of: lost), "a new ShowPicker, a new handle")
        try backends[0].answerVersion(try backends[0].waitForCall("Get"))
        try backends[0].answer(again, response: 0, ["start": "03:00", "end": "04:00"])
        let reply = try client.waitForReply(to: pick)
        #expect(reply.strings == ["03:00", "04:00"], "\(reply.errorMessage ?? "") \(daemon.log)")

        // Quitting: the name given up, then the ShowPicker taken on the way out, twice. Shown
        // once more, not twice.
        let twice = try client.startCall("PickTimeRange", [.vardict(["title": .string("Twice")])])
        for _ in 0..<2 {
            _ = try backends[0].waitForCall("ShowPicker")
            try backends[0].releaseName()
            try backends[0].answerVersion(try backends[0].waitForCall("Get"))
            backends.removeFirst()
        }
        let failed = try client.waitForReply(to: twice)
        #expect(failed.errorName == "io.github.timepickerd.TimePicker1.Error.NoUserInterface", "\(failed.strings)")
        #expect(backends[0].calls("ShowPicker", within: 1).isEmpty, "shown a third time")
    }

    @Test("A backend that dies after it took a ShowPicker, owning its name (a crash: the person may have seen the dialog): the session ends unavailable, and the dialog is not shown again")
    func notShownAgainOnceTaken() throws {
        let bus = try PrivateBus()
        var backends = try [FakeDialogBackend(bus: bus)] + [FakeDialogBackend(bus: bus, flags: [], queued: true)]
        let daemon = try DaemonProcess.serving(
            on: bus, arguments: ["--ui", "dialog", "--dialog-backend", FakeDialogBackend.name.rawValue, "--verbose"])
        defer { daemon.stop() }
        let client = try BusClient(bus: bus)
        backends[0].answersVersion = false
        let pick = try client.startCall("PickTimeRange", [.vardict(["title": .string("Seen")])])
        _ = try backends[0].waitForCall("ShowPicker")
        try backends[0].answerVersion(try backends[0].waitForCall("Get"))
        backends.removeFirst()
        let reply = try client.waitForReply(to: pick)
        #expect(reply.errorName == "io.github.timepickerd.TimePicker1.Error.NoUserInterface", "\(reply.strings)")
        #expect(reply.errorMessage?.contains("dialog backend") == true, "\(reply.errorMessage ?? "")")
        #expect(backends[0].calls("ShowPicker", within: 1).isEmpty, "a dialog that may have been seen was shown again")
    }
}
