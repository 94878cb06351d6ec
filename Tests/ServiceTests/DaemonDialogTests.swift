import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// The dialog as a desktop user meets it: the real daemon, the real GTK backend started by
/// D-Bus activation, a virtual X display, and real key presses and clicks (xdotool). Dialogs
/// and their parts are found as a screen reader finds them (AT-SPI); outcomes are read on the
/// bus, as an application reads them.
@Suite("The daemon's dialog", .serialized)
struct DaemonDialogTests {
    @Test("auto chooses the dialog when the backend can be started; a full pick by keyboard answers PickTimeRange and moves Start and End on the bus")
    func keyboardPick() throws {
        let fixture = try DaemonDialogFixture()
        #expect(try fixture.client.property("UserInterface") == .string("dialog"))
        let pick = try fixture.client.startCall("PickTimeRange", [.vardict([
            "title": .string("Keyboard pick"), "step": .uint32(30), "start": .string("09:00"), "end": .string("17:00"),
            "min_duration": .uint32(60), "clock": .string("24h"),
        ])])
        let dialog = try fixture.dialog("Keyboard pick") { $0.all.contains { $0.role == "list item" && $0.isFocused } }
        #expect(dialog.first(role: "list", name: "Start")?.selectedItem == "09:00")
        #expect(dialog.first(role: "list", name: "End")?.selectedItem == "17:00")
        // The end list offers nothing before the start plus the minimum duration.
        #expect(dialog.first(role: "list", name: "End")?.items.first?.label == "10:00", "\(fixture.logs)")

        try fixture.press(["Down", "Page_Down", "Tab", "Down", "Return"], inWindowTitled: "Keyboard pick")
        let reply = try fixture.client.waitForReply(to: pick, seconds: 20)
        #expect(reply.strings == ["10:30", "19:00"], "\(reply.errorMessage ?? "") \(fixture.logs)")
        let changes = fixture.client.receivedSignals("PropertiesChanged")
        #expect(!changes.isEmpty, "the daemon's Start and End followed the dialog")
        try fixture.display.waitForWindowGone("Keyboard pick")
    }

    @Test("More time (Alt+M) gives the whole timeout again from then; the button goes with the last extension; the session ends Cancelled(timeout) after")
    func moreTime() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        // Long enough for the dialog to come up before the limit, under a sanitizer too.
        let timeout = SanitizerBuild.measuresFigures ? 10 : 30
        let handle = try fixture.client.showTimePicker([
            "title": .string("More time"), "step": .uint32(30), "timeout": .uint32(UInt32(timeout)), "timeout_extensions": .uint32(1),
        ])
        try fixture.dialog("More time") { dialog in
            dialog.all.contains { $0.role == "list item" && $0.isFocused }
                && dialog.first(role: "push button", name: "More time")?.isOnScreen == true
        }
        // Before the key: the daemon counts the new limit from when it reads it, later.
        let extended = Date()
        try fixture.press(["alt+m"], inWindowTitled: "More time")
        _ = try Accessibility.dialog("More time", on: fixture.display, rows: false) { dialog in
            dialog.first(role: "push button", name: "More time")?.isOnScreen != true
        }
        let cancelled = try fixture.client.waitForSignal("Cancelled", path: handle, seconds: Double(timeout) + 20)
        #expect(cancelled.strings == ["timeout"])
        #expect(Date().timeIntervalSince(extended) >= Double(timeout) - 0.05, "ended \(Date().timeIntervalSince(extended)) s after Alt+M")
        #expect(fixture.daemon.log.components(separatedBy: "extended the time limit").count == 2, "\(fixture.logs)")
    }

    @Test("Typing a time in a column: 1730 jumps to 17:30 and shows what was typed; a pause ends it; 9p types the end")
    func typing() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        let handle = try fixture.client.showTimePicker(["title": .string("Typing"), "step": .uint32(15), "clock": .string("24h")])
        try fixture.dialog("Typing") { $0.all.contains { $0.role == "list item" && $0.isFocused } }
        try fixture.press(["1", "7", "3", "0"], inWindowTitled: "Typing")
        // What was typed shows until the pause ends it: read without the rows, which can take
        // longer than the pause to read on a loaded machine.
        _ = try Accessibility.dialog("Typing", on: fixture.display, rows: false) {
            $0.all.contains { $0.role == "label" && $0.label.contains("Typed 1730_") }
        }
        _ = try fixture.dialog("Typing") { $0.first(role: "list", name: "Start")?.selectedItem == "17:30" }
        // The pause ends the typing: the line of it empties, the range stays.
        _ = try fixture.dialog("Typing") { dialog in
            dialog.all.contains { $0.role == "label" && $0.label == "17:30 – 17:45 · 15 min" }
                && !dialog.all.contains { $0.role == "label" && $0.label.hasPrefix("Typed") }
        }
        try fixture.press(["Tab", "9", "p"], inWindowTitled: "Typing")
        _ = try fixture.dialog("Typing") { $0.first(role: "list", name: "End")?.selectedItem == "21:00" }
        try fixture.press(["BackSpace", "BackSpace", "8", "p", "Return"], inWindowTitled: "Typing")
        #expect(try fixture.client.waitForSignal("Selected", path: handle, seconds: 20).strings == ["17:30", "20:00"], "\(fixture.logs)")
    }

    @Test("Typed times read as people mean them in both columns: 25 is no time, 5 after 09:00 is 17:00, 1230a, 5p30")
    func typedReadings() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        let title = "Readings"
        let handle = try fixture.client.showTimePicker([
            "title": .string(title), "step": .uint32(30), "first": .string("00:00"), "start": .string("09:00"), "end": .string("09:30"),
            "clock": .string("24h"),
        ])
        try fixture.dialog(title) { $0.first(role: "list", name: "Start")?.item("09:00")?.isFocused == true }
        /// Waits for the typed line to read `typed` and the lists to hold `start` and `end`.
        func expectShown(_ typed: String, _ start: String, _ end: String) throws {
            _ = try Accessibility.dialog(title, on: fixture.display, rows: false) {
                $0.all.contains { $0.role == "label" && $0.label == typed }
            }
            _ = try fixture.dialog(title) {
                $0.first(role: "list", name: "Start")?.selectedItem == start && $0.first(role: "list", name: "End")?.selectedItem == end
            }
        }
        // 99 can become no time; 25 still could (2:50), and says nothing (issue 39).
        try fixture.press(["9", "9"], inWindowTitled: title)
        try expectShown("Typed 99_ (99 is not a time)", "09:00", "09:30")
        try fixture.press(["Tab", "5"], inWindowTitled: title)
        try expectShown("Typed 5_", "09:00", "17:00")
        try fixture.press(["shift+Tab", "1", "2", "3", "0", "a"], inWindowTitled: title)
        try expectShown("Typed 1230a_", "00:30", "08:30")
        try fixture.press(["Tab", "9", "9"], inWindowTitled: title)
        try expectShown("Typed 99_ (99 is not a time)", "00:30", "08:30")
        try fixture.press(["BackSpace", "BackSpace", "5", "p", "3", "0", "Return"], inWindowTitled: title)
        #expect(try fixture.client.waitForSignal("Selected", path: handle, seconds: 20).strings == ["00:30", "17:30"], "\(fixture.logs)")
    }

    @Test("A pick by mouse: a click on a start row moves the end along (the daemon's rule), OK sends Selected")
    func mousePick() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        let handle = try fixture.client.showTimePicker([
            "title": .string("Mouse pick"), "start": .string("09:00"), "end": .string("10:00"), "clock": .string("12h"),
        ])
        var dialog = try fixture.dialog("Mouse pick")
        #expect(dialog.first(role: "list", name: "Start")?.selectedItem == "9:00 AM", "12-hour labels")
        let startRow = try #require(dialog.first(role: "list", name: "Start")?.item("11:00 AM"))
        try fixture.click(startRow, inWindowTitled: "Mouse pick")
        dialog = try fixture.dialog("Mouse pick") { $0.first(role: "list", name: "End")?.selectedItem == "12:00 PM" }
        #expect(try fixture.client.property("Start", path: handle, interface: BusClient.sessionInterface) == .string("11:00"))
        let ok = try #require(dialog.all.first { $0.role == "push button" && $0.name == "OK" && $0.isOnScreen })
        try fixture.click(ok, inWindowTitled: "Mouse pick")
        let selected = try fixture.client.waitForSignal("Selected", path: handle, seconds: 20)
        #expect(selected.strings == ["11:00", "12:00"], "\(fixture.logs)")
        try fixture.display.waitForWindowGone("Mouse pick")
    }

    @Test("Escape, and the window's close box, end the session with Cancelled(\"user\")")
    func personCancels() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        let escaped = try fixture.client.showTimePicker(["title": .string("Escape me")])
        try fixture.dialog("Escape me")
        try fixture.press(["Escape"], inWindowTitled: "Escape me")
        #expect(try fixture.client.waitForSignal("Cancelled", path: escaped, seconds: 20).strings == ["user"])

        let closed = try fixture.client.showTimePicker(["title": .string("Close me")])
        try fixture.dialog("Close me")
        try fixture.display.closeWindow(titled: "Close me")
        #expect(try fixture.client.waitForSignal("Cancelled", path: closed, seconds: 20).strings == ["user"])
        try fixture.display.waitForWindowGone("Close me")
    }

    @Test("Cancel() from the caller and the session's timeout take the window down")
    func daemonCloses() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        let cancelled = try fixture.client.showTimePicker(["title": .string("Cancelled by the app")])
        try fixture.dialog("Cancelled by the app")
        _ = try fixture.client.call("Cancel", path: cancelled, interface: BusClient.sessionInterface)
        #expect(try fixture.client.waitForSignal("Cancelled", path: cancelled).strings == ["caller"])
        try fixture.display.waitForWindowGone("Cancelled by the app")

        let timed = try fixture.client.showTimePicker(["title": .string("Timed"), "timeout": .uint32(3)])
        let dialog = try fixture.dialog("Timed")
        #expect(dialog.all.contains { $0.role == "label" && $0.label.contains("Closes in") }, "the countdown shows")
        #expect(try fixture.client.waitForSignal("Cancelled", path: timed, seconds: 20).strings == ["timeout"])
        try fixture.display.waitForWindowGone("Timed")
    }

    @Test("A title with markup and escape characters is shown as text")
    func hostileTitle() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        let title = "<b>Bold</b> & \u{1B}[31mred"
        let handle = try fixture.client.showTimePicker(["title": .string(title)])
        let dialogs = try waitForDialogs(on: fixture) { $0.contains { $0.name.hasPrefix("<b>Bold</b> &") } }
        let dialog = try #require(dialogs.first { $0.name.hasPrefix("<b>Bold</b> &") })
        #expect(!dialog.name.contains("\u{1B}"), "\(dialog.name.debugDescription)")
        #expect(dialog.all.contains { $0.role == "label" && $0.label.hasPrefix("<b>Bold</b> &") }, "the heading is the text itself")
        _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
    }

    @Test("The backend killed mid-dialog: the session ends unavailable, the daemon answers, and the next pick starts a new backend")
    func backendKilled() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        let pick = try fixture.client.startCall("PickTimeRange", [.vardict(["title": .string("Doomed")])])
        try fixture.dialog("Doomed")
        let backend = try fixture.backendProcessID()
        kill(backend, SIGKILL)
        let reply = try fixture.client.waitForReply(to: pick, seconds: 20)
        #expect(reply.errorName == "io.github.timepickerd.TimePicker1.Error.NoUserInterface")
        #expect(reply.errorMessage?.contains("dialog backend") == true, "\(reply.errorMessage ?? "")")
        #expect(try fixture.client.property("Version") == .uint32(1))

        let again = try fixture.client.showTimePicker(["title": .string("Again")])
        try fixture.dialog("Again")
        #expect(try fixture.backendProcessID() != backend)
        _ = try fixture.client.call("Cancel", path: again, interface: BusClient.sessionInterface)
        #expect(try fixture.client.waitForSignal("Cancelled", path: again).strings == ["caller"])
    }

    @Test("A frozen backend never stalls the daemon: other calls are answered, Cancel() ends the session")
    func backendFrozen() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        let handle = try fixture.client.showTimePicker(["title": .string("Frozen")])
        try fixture.dialog("Frozen")
        let backend = try fixture.backendProcessID()
        kill(backend, SIGSTOP)
        defer { kill(backend, SIGCONT) }
        let started = Date()
        #expect(try fixture.client.property("Version") == .uint32(1))
        _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["caller"])
        #expect(Date().timeIntervalSince(started) < 5, "nothing waited for the backend")
        kill(backend, SIGCONT)
        try fixture.display.waitForWindowGone("Frozen")
    }

    @Test("parent_window x11:XID makes the dialog transient for the caller's window")
    func parentWindow() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        let parent = try fixture.display.start("/usr/bin/xmessage", ["-title", "The app", "-geometry", "+600+400", "app"])
        defer { parent.process.send(SIGTERM) }
        let parentWindow = try fixture.display.window(titled: "The app")
        let handle = try fixture.client.showTimePicker([
            "title": .string("Child of the app"), "parent_window": .string("x11:" + String(parentWindow, radix: 16)),
        ])
        try fixture.dialog("Child of the app")
        let child = try fixture.display.window(titled: "Child of the app")
        let transient = try fixture.display.property("WM_TRANSIENT_FOR", of: child)
        #expect(transient.contains("window id # 0x" + String(parentWindow, radix: 16)), "\(transient)")
        _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
    }

    @Test("Several sessions show several dialogs at once, each ending on its own")
    func severalDialogs() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        let handles = try (1...3).map { try fixture.client.showTimePicker(["title": .string("Dialog \($0)"), "clock": .string("24h")]) }
        for index in 1...3 { try fixture.dialog("Dialog \(index)") }
        #expect(try Accessibility.dialogs(on: fixture.display).count == 3)
        _ = try fixture.client.call("Cancel", path: handles[0], interface: BusClient.sessionInterface)
        try fixture.display.waitForWindowGone("Dialog 1")
        // The last one mapped has the keyboard (with no window manager to move it, windows
        // stacked on one another keep it there); the one under it gets it when it goes.
        try fixture.press(["Escape"], inWindowTitled: "Dialog 3")
        #expect(try fixture.client.waitForSignal("Cancelled", path: handles[2], seconds: 20).strings == ["user"])
        try fixture.display.waitForWindowGone("Dialog 3")
        try fixture.press(["Down", "Return"], inWindowTitled: "Dialog 2")
        #expect(try fixture.client.waitForSignal("Selected", path: handles[1], seconds: 20).strings == ["02:00", "03:00"], "\(fixture.logs)")
        try fixture.display.waitForWindowGone("Dialog 2")
    }

    @Test("timepickerctl pick --ui dialog: the picker is a window, the range is printed; a wrong --ui is named")
    func clientAsksForADialog() throws {
        let fixture = try DaemonDialogFixture(installBackend: true, notificationServer: false)
        let client = try ClientHarness.start(["pick", "--ui", "dialog", "--title", "From the client", "--clock", "24h"], on: fixture.bus)
        try fixture.dialog("From the client")
        try fixture.press(["Down", "Return"], inWindowTitled: "From the client")
        try client.finish()
        #expect(client.stdout == "02:00 03:00\n", "\(client.stderr)")

        let wrong = try ClientHarness.run(["pick", "--ui", "window"], on: fixture.bus)
        #expect(wrong.termination == .exited(2))
        #expect(wrong.stderr.contains("option '--ui'") && wrong.stderr.contains("'dialog'"), "\(wrong.stderr)")
    }

    private func waitForDialogs(on fixture: DaemonDialogFixture, until condition: @escaping ([AccessibleNode]) -> Bool) throws -> [AccessibleNode] {
        var found: [AccessibleNode] = []
        try waitUntil("the dialog", seconds: 20) {
            found = try Accessibility.dialogs(on: fixture.display)
            return condition(found)
        }
        return found
    }
}

/// Which user interface shows a session: the daemon's choice, the caller's `ui` option, and
/// the fallback from a dialog that cannot be shown.
@Suite("Choosing the user interface", .serialized)
struct UserInterfaceChoiceTests {
    @Test("No backend installed: auto chooses notifications, and a picker goes to the notification server")
    func noBackend() throws {
        let fixture = try DaemonDialogFixture(installBackend: false, notificationServer: true)
        #expect(try fixture.client.property("UserInterface") == .string("notification"))
        let handle = try fixture.client.showTimePicker(["title": .string("No backend")])
        _ = try #require(fixture.notifications).waitForNotify(summary: "No backend")
        _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
    }

    @Test("A backend with no display: under auto the picker falls back to a notification; asked for by ui, NoUserInterface says why")
    func backendWithoutDisplay() throws {
        let fixture = try DaemonDialogFixture(backendHasDisplay: false, notificationServer: true)
        #expect(try fixture.client.property("UserInterface") == .string("dialog"))
        let handle = try fixture.client.showTimePicker(["title": .string("Falls back")])
        _ = try #require(fixture.notifications).waitForNotify(summary: "Falls back")
        _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["caller"])

        let pick = try fixture.client.startCall("PickTimeRange", [.vardict(["title": .string("Dialog only"), "ui": .string("dialog")])])
        let reply = try fixture.client.waitForReply(to: pick, seconds: 20)
        #expect(reply.errorName == "io.github.timepickerd.TimePicker1.Error.NoUserInterface")
        #expect(reply.errorMessage?.contains("display") == true, "\(reply.errorMessage ?? "")")
    }

    @Test("ui picks the interface per call: notification under a dialog daemon; terminal without one is NoUserInterface; unknown values and bad parent windows are InvalidArgs")
    func uiOption() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"], notificationServer: true)
        let handle = try fixture.client.showTimePicker(["title": .string("As a notification"), "ui": .string("notification")])
        _ = try #require(fixture.notifications).waitForNotify(summary: "As a notification")
        #expect(try Accessibility.dialogs(on: fixture.display).isEmpty)
        _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)

        let pick = try fixture.client.startCall("PickTimeRange", [.vardict(["ui": .string("terminal")])])
        let reply = try fixture.client.waitForReply(to: pick)
        #expect(reply.errorName == "io.github.timepickerd.TimePicker1.Error.NoUserInterface")
        #expect(reply.errorMessage?.contains("terminal") == true, "\(reply.errorMessage ?? "")")

        for (key, value) in [("ui", "window"), ("parent_window", "x11:nothex"), ("parent_window", "3a00007"), ("activation_token", "has space")] {
            let failure = dbusError { _ = try fixture.client.showTimePicker([key: .string(value)]) }
            #expect(failure?.name == .invalidArgs, "\(key)=\(value)")
            #expect(failure?.message.contains("'\(key)'") == true, "\(key): \(failure?.message ?? "")")
        }
    }
}
