import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// libtimepicker-gtk4-1 through examples/pick-gtk4.py and pick-gtk4.js, GTK 4 apps on a virtual
/// display with the real daemon, its GTK dialog backend and the accessibility bus: the app's
/// button picks through TimePickerGtk4.parent_new_gtk(window), and the dialog is transient for
/// the app's window.
@Suite("libtimepicker-gtk4: a GTK 4 app's dialog parented through the helper")
struct LibraryGtkTests {
    static let appTitle = "Time picker example"
    /// The examples: Python and GJS.
    static let apps = ["examples/pick-gtk4.py", "examples/pick-gtk4.js"]

    @Test("The dialog is transient for the app's window, and closing the window cancels the session (reason caller)", arguments: apps)
    func parentedAndCancelledOnClose(_ example: String) throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        let app = try startApp(example, fixture)
        let appWindow = try fixture.display.window(titled: Self.appTitle, seconds: 30)
        try clickPick(fixture, app)

        try fixture.dialog("Lunch break", seconds: 30)
        let dialog = try fixture.display.window(titled: "Lunch break")
        let transient = try fixture.display.property("WM_TRANSIENT_FOR", of: dialog)
        #expect(transient.contains("window id # 0x" + String(appWindow, radix: 16)), "\(transient)\n\(fixture.logs)")

        try fixture.display.closeWindow(titled: Self.appTitle)
        let cancelled = try fixture.client.waitForMessage(seconds: 30, "a Cancelled signal") { $0.kind == .signal && $0.member == "Cancelled" }
        #expect(cancelled.strings == ["caller"])
        #expect(try app.process.waitForExit(seconds: 30) == .exited(0), "stdout: \(app.stdout) stderr: \(app.stderr)")
        #expect(app.stdout.contains("No time range chosen"), "stdout: \(app.stdout) stderr: \(app.stderr)")
        try fixture.display.waitForWindowGone("Lunch break")
    }

    @Test("The range chosen in the parented dialog reaches the app", arguments: apps)
    func picksFromTheApp(_ example: String) throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        let app = try startApp(example, fixture)
        defer { app.process.stop() }
        _ = try fixture.display.window(titled: Self.appTitle, seconds: 30)
        try clickPick(fixture, app)
        try fixture.dialog("Lunch break", seconds: 30)
        try fixture.press(["Down", "Return"], inWindowTitled: "Lunch break")
        let selected = try fixture.client.waitForSignal("Selected", seconds: 30).strings
        try waitUntil("the app to print the range", seconds: 30) { app.stdout.contains("from ") }
        #expect(app.stdout == "from \(selected.joined(separator: " to "))\n", "stdout: \(app.stdout) stderr: \(app.stderr)")
    }

    /// The example on the display, with the build's libraries and typelibs.
    private func startApp(_ example: String, _ fixture: DaemonDialogFixture) throws -> CapturedCommand {
        try #require(
            FileManager.default.fileExists(atPath: LibraryTests.build + "/TimePickerGtk4-1.0.typelib"),
            "the library is not built: make lib (make test builds it)")
        var environment = fixture.display.environment
        environment["LD_LIBRARY_PATH"] = LibraryTests.build
        environment["GI_TYPELIB_PATH"] = LibraryTests.build
        let path = RepositoryFiles.path(example)
        let (program, arguments) = example.hasSuffix(".js") ? ("/usr/bin/gjs", ["-m", path]) : ("/usr/bin/python3", [path])
        return try CapturedCommand(program, arguments, environment: environment, directory: fixture.bus.directory)
    }

    /// Clicks the app's "Pick a time" button, found through the accessibility bus.
    private func clickPick(_ fixture: DaemonDialogFixture, _ app: CapturedCommand) throws {
        var button: AccessibleNode?
        try waitUntil("the app's button", seconds: 30) {
            button = try Accessibility.applications(on: fixture.display, rows: false).flatMap(\.all)
                .first { $0.role == "push button" && $0.name == "Pick a time" && $0.isOnScreen }
            return button != nil || !app.process.isRunning
        }
        guard let button else { throw HarnessError("the app ended: stdout: \(app.stdout) stderr: \(app.stderr)") }
        try fixture.click(button, inWindowTitled: Self.appTitle)
    }
}
