import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing
import TimePickerContract

/// On GNOME Shell 43, headless on Wayland (`make test-desktops`): the daemon on the shell's
/// session bus, a person who clicks only what the banner shows, and the dialog made transient
/// for a GTK 4 window of another process through xdg-foreign.
@Suite("Desktop: GNOME Shell", .serialized)
struct GnomeShellDesktopTests {
    /// The daemon showing dialogs on `shell`'s Wayland display, through the backend as the bus
    /// starts it, with Wayland's wire protocol in its output (the bus's log).
    static func dialogDaemon(on bus: PrivateBus, shell: GnomeShell) throws -> DaemonProcess {
        try bus.installService(DialogBackendBus.gtkName.rawValue, command: "/usr/bin/env WAYLAND_DEBUG=1 " + GtkBackendProcess.binary + " --verbose")
        try bus.updateActivationEnvironment([
            "WAYLAND_DISPLAY": shell.environment["WAYLAND_DISPLAY"] ?? "", "XDG_RUNTIME_DIR": shell.environment["XDG_RUNTIME_DIR"] ?? "",
            "DISPLAY": "", "XDG_CURRENT_DESKTOP": "GNOME",
        ])
        return try DaemonProcess.serving(on: bus, arguments: ["--ui", "dialog", "--verbose"], environment: shell.environment)
    }

    @Test("Notifications: 09:00–17:30 at 30-minute steps by clicking only what the banner shows, in at most 20 clicks")
    func notificationPick() throws {
        let bus = try PrivateBus()
        let shell = try GnomeShell(bus: bus)
        let daemon = try DaemonProcess.serving(on: bus, arguments: ["--ui", "notification", "--verbose"], environment: shell.environment)
        defer { daemon.stop() }
        let client = try BusClient(bus: bus)
        try client.subscribeToSessions()
        let handle = try client.showTimePicker(["title": .string("Workday"), "step": .uint32(30), "clock": .string("24h")])
        defer { if Test.current != nil { print("daemon log:\n\(daemon.log)") } }

        var clicks = 0
        /// Waits for the banner to show `body` with its three buttons, then clicks `button`
        /// (nil: the body, GNOME Shell's `default`).
        func click(_ button: String?, once body: String, screenshot: String? = nil) throws {
            let banner = try shell.waitForBanner("showing \(body.debugDescription)") { banner in
                banner.shown && banner.body?.contains(body) == true && banner.x != nil && banner.buttons.allSatisfy { $0.x != nil }
                    && banner.buttons.map(\.label) == ["−1 h", "+1 h", "+30 min"]
            }
            if let screenshot { try shell.screenshot(to: Self.screenshot(screenshot)) }
            // A person reads the banner before clicking its body (and one quicker is taken
            // for a click that missed a button).
            if button == nil { Thread.sleep(forTimeInterval: 0.5) }
            clicks += 1
            if let button {
                let target = try #require(banner.buttons.first { $0.label == button })
                try shell.click(x: try #require(target.x), y: try #require(target.y))
            } else {
                try shell.click(x: try #require(banner.x), y: try #require(banner.y))
            }
        }
        for hour in 1...8 { try click("+1 h", once: String(format: "Start: %02d:00  ◀", hour)) }
        try click(nil, once: "Start: 09:00  ◀", screenshot: "gnome-start-0900")
        for hour in 9...16 { try click("+1 h", once: String(format: "End: %02d:30  ◀", hour)) }
        try click(nil, once: "End: 17:30  ◀", screenshot: "gnome-end-1730")

        let selected = try client.waitForSignal("Selected", path: handle, seconds: 30)
        #expect(selected.strings == ["09:00", "17:30"], "\(daemon.log)")
        #expect(clicks == 18)
        // Nothing is left in the tray.
        try waitUntil("the tray is empty", seconds: 10) { (try? shell.tray().notifications.isEmpty) == true }
        #expect(client.receivedSignals("Cancelled").isEmpty, "\(daemon.log)")
    }

    @Test("Notifications with the dialog backend: one click on the banner's Choose in a window…, then the dialog, focused, picks 09:00–17:30 on the same session")
    func handOverToTheDialog() throws {
        let bus = try PrivateBus()
        let shell = try GnomeShell(bus: bus)
        try bus.installService(DialogBackendBus.gtkName.rawValue, command: "/usr/bin/env WAYLAND_DEBUG=1 " + GtkBackendProcess.binary + " --verbose")
        try bus.updateActivationEnvironment([
            "WAYLAND_DISPLAY": shell.environment["WAYLAND_DISPLAY"] ?? "", "XDG_RUNTIME_DIR": shell.environment["XDG_RUNTIME_DIR"] ?? "",
            "DISPLAY": "", "XDG_CURRENT_DESKTOP": "GNOME",
        ])
        let daemon = try DaemonProcess.serving(on: bus, arguments: ["--ui", "notification", "--verbose"], environment: shell.environment)
        defer { daemon.stop() }
        let client = try BusClient(bus: bus)
        try client.subscribeToSessions()
        let handle = try client.showTimePicker(["title": .string("Workday window"), "step": .uint32(30), "clock": .string("24h")])
        defer { if Test.current != nil { print("daemon log:\n\(daemon.log)") } }

        let banner = try shell.waitForBanner("offering the window") { banner in
            banner.shown && banner.body?.contains("Start: 01:00  ◀") == true && banner.buttons.allSatisfy { $0.x != nil }
                && banner.buttons.map(\.label) == ["Choose in a window…", "+1 h", "+30 min"]
        }
        try shell.screenshot(to: Self.screenshot("gnome-choose-in-a-window"))
        let button = try #require(banner.buttons.first { $0.label == "Choose in a window…" })
        try shell.click(x: try #require(button.x), y: try #require(button.y))

        try waitUntil("the dialog is on screen", seconds: 30) { try shell.transientParents()["Workday window"] != nil }
        try waitUntil("the notification is gone from the tray", seconds: 10) { (try? shell.tray().notifications.isEmpty) == true }
        // The dialog fills its columns once on screen: a person reads it before typing.
        Thread.sleep(forTimeInterval: 1.5)
        try shell.screenshot(to: Self.screenshot("gnome-handed-over-dialog"))
        // Typed as a person does: the start, Tab, the end, Enter (each answered on its own).
        // The virtual keyboard is made on its first key, which mutter may drop: a Shift first.
        for key in ["Shift_L", "9", "Tab", "1", "7", "3", "0", "Return"] {
            try shell.key(key)
            Thread.sleep(forTimeInterval: 0.2)
        }
        let selected = try client.waitForSignal("Selected", path: handle, seconds: 30)
        #expect(selected.strings == ["09:00", "17:30"], "\(daemon.log)")
        #expect(daemon.log.contains("handed over from the notification to a dialog"), "\(daemon.log)")
        // Where the shell sent ActivationToken before the action, the dialog was activated with it.
        if daemon.log.contains("with the desktop's activation token") {
            let busLog = (try? String(contentsOf: bus.directory.appendingPathComponent("bus.log"), encoding: .utf8)) ?? ""
            #expect(busLog.contains(".activate(\""), "xdg-activation with the shell's token")
        }
        #expect(client.receivedSignals("Cancelled").isEmpty, "\(daemon.log)")
    }

    @Test("Dialog: a wayland: parent_window makes it transient for the caller's window (xdg-foreign v1 on mutter); the activation token goes with the first present; a parent that cannot be used is logged once")
    func dialogParent() throws {
        let bus = try PrivateBus()
        let shell = try GnomeShell(bus: bus)
        let daemon = try Self.dialogDaemon(on: bus, shell: shell)
        defer { daemon.stop() }
        let parent = try CapturedCommand(
            "/usr/bin/python3", [Self.desktops.appendingPathComponent("gtk4-parent.py").path, "Calendar"],
            environment: shell.environment, directory: bus.directory)
        defer { parent.process.stop() }
        try waitUntil("the parent window exported a handle and made a token", seconds: 20) {
            let lines = parent.stdout.split(separator: "\n")
            return lines.contains { $0.hasPrefix("HANDLE wayland:") } && lines.contains { $0.hasPrefix("TOKEN ") }
        }
        let lines = parent.stdout.split(separator: "\n")
        let handle = try #require(lines.first { $0.hasPrefix("HANDLE ") }).dropFirst(7)
        let token = try #require(lines.first { $0.hasPrefix("TOKEN ") }).dropFirst(6)

        let client = try BusClient(bus: bus)
        try client.subscribeToSessions()
        let session = try client.showTimePicker([
            "title": .string("Meeting"), "parent_window": .string(String(handle)), "activation_token": .string(String(token)),
        ])
        try waitUntil("the dialog is on screen", seconds: 20) { try shell.transientParents()["Meeting"] != nil }
        #expect(try shell.transientParents()["Meeting"] == "Calendar", "mutter's get_transient_for(); \(daemon.log)")
        let busLog = { (try? String(contentsOf: bus.directory.appendingPathComponent("bus.log"), encoding: .utf8)) ?? "" }
        #expect(busLog().contains("set_parent_of(wl_surface@"), "the handle imported and set as parent")
        #expect(busLog().contains(".activate(\"\(token)\", wl_surface@"), "xdg-activation with the caller's token")
        #expect(!daemon.log.contains("without its parent window"), "\(daemon.log)")
        try shell.screenshot(to: Self.screenshot("gnome-dialog-transient"))

        // An X11 window on a Wayland-only session cannot be a parent: shown unparented, logged once.
        let orphan = try client.showTimePicker(["title": .string("Orphan"), "parent_window": .string("x11:1234")])
        try waitUntil("the second dialog is on screen", seconds: 20) { try shell.transientParents()["Orphan"] != nil }
        #expect(try shell.transientParents()["Orphan"] == "")
        try waitUntil("the daemon logged why", seconds: 10) { daemon.log.contains("without its parent window") }
        let notes = daemon.log.components(separatedBy: "\n").filter { $0.contains("without its parent window") }
        #expect(notes.count == 1, "\(notes)")
        #expect(notes.first?.contains("parent_window is an X11 window, and the dialog is not on an X11 display") == true, "\(notes)")
        for path in [session, orphan] { _ = try client.call("Cancel", path: path, interface: BusClient.sessionInterface) }
    }

    @Test("libtimepicker-gtk4 on Wayland: the dialog is transient for the app's window through the helper's xdg-foreign export and gets its activation token; a cancelled pick withdraws the export")
    func libraryParent() throws {
        let bus = try PrivateBus()
        let shell = try GnomeShell(bus: bus)
        let daemon = try Self.dialogDaemon(on: bus, shell: shell)
        defer { daemon.stop() }
        let client = try BusClient(bus: bus)
        try client.subscribeToSessions()
        var environment = shell.environment
        environment["LD_LIBRARY_PATH"] = LibraryTests.build
        environment["GI_TYPELIB_PATH"] = LibraryTests.build
        environment["WAYLAND_DEBUG"] = "1"
        environment["DISPLAY"] = nil
        let app = try CapturedCommand(
            "/usr/bin/python3", [RepositoryFiles.path("lib/tests/pick-gtk4-auto.py"), "Calendar"], environment: environment,
            directory: bus.directory)
        defer { app.process.stop() }

        try waitUntil("the dialog is on screen", seconds: 30) { try shell.transientParents()["Lunch break"] != nil || !app.process.isRunning }
        #expect(try shell.transientParents()["Lunch break"] == "Calendar", "mutter's get_transient_for(); \(daemon.log)\napp: \(app.stdout)")
        let busLog = { (try? String(contentsOf: bus.directory.appendingPathComponent("bus.log"), encoding: .utf8)) ?? "" }
        #expect(busLog().contains("set_parent_of(wl_surface@"), "the handle imported and set as parent")
        #expect(busLog().contains(".activate(\""), "xdg-activation with the app's token")
        #expect(!daemon.log.contains("without its parent window"), "\(daemon.log)")

        app.process.send(SIGUSR1)
        let cancelled = try client.waitForMessage(seconds: 30, "a Cancelled signal") { $0.kind == .signal && $0.member == "Cancelled" }
        #expect(cancelled.strings == ["caller"])
        #expect(try app.process.waitForExit(seconds: 30) == .exited(0), "stdout: \(app.stdout)")
        #expect(app.stdout.contains("error g-io-error-quark"), "stdout: \(app.stdout)")
        // WAYLAND_DEBUG: "zxdg_exporter_v1@N.export(new id zxdg_exported_v1@M, wl_surface@S)", later "zxdg_exported_v1@M.destroy()".
        let exported = app.stderr.components(separatedBy: "new id zxdg_exported_v1@").dropFirst().first?.prefix { $0.isNumber }
        let object = try #require(exported.map { "zxdg_exported_v1@\($0)" }, "no export in the app's Wayland log")
        try waitUntil("the app to withdraw its export", seconds: 10) { app.stderr.contains("\(object).destroy()") }
    }

    static let desktops = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Desktops")

    /// Where a screenshot goes: `TIMEPICKERD_DESKTOP_SCREENSHOTS` when set (to look at them), else a temporary directory.
    static func screenshot(_ name: String) -> String {
        let directory = ProcessInfo.processInfo.environment["TIMEPICKERD_DESKTOP_SCREENSHOTS"] ?? NSTemporaryDirectory()
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return URL(fileURLWithPath: directory).appendingPathComponent(name + ".png").path
    }
}
