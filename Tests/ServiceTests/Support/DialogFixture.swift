import TestHarness
import DBusKit
import Foundation
import Glibc

/// The real GTK backend on a private bus and a virtual display of its own, with the test in the
/// daemon's place (`caller`) and the person's keyboard and mouse (xdotool).
final class DialogFixture {
    let bus: PrivateBus
    let display: VirtualDisplay
    let backend: GtkBackendProcess
    let caller: BackendCaller

    init(arguments: [String] = ["--verbose"]) throws {
        bus = try PrivateBus()
        display = try VirtualDisplay(bus: bus)
        backend = try GtkBackendProcess(bus: bus, environment: display.environment, arguments: arguments)
        caller = try BackendCaller(bus: bus)
    }

    deinit {
        backend.process.send(SIGTERM)
        _ = try? backend.process.waitForExit()
    }

    /// Waits for the dialog `title` to be on screen with its Start list's selection drawn, and
    /// for the condition, if any, answering events meanwhile as the daemon would: the last key
    /// `press` sent may reach the backend, and its event the test, after xdotool has exited
    /// (under ThreadSanitizer a Page Down's always did). Returns it as the accessibility bus
    /// shows it.
    @discardableResult
    func dialog(_ title: String, where condition: @escaping (AccessibleNode) -> Bool = { _ in true }) throws -> AccessibleNode {
        try Accessibility.dialog(title, on: display) { [caller] dialog in
            caller.handleArrived()
            return dialog.first(role: "list", name: "Start")?.selectedItem != nil && condition(dialog)
        }
    }

    /// Presses `keys` (xdotool names) in the window titled `title`, answering events meanwhile
    /// as the daemon would, so each key sees the state the ones before it led to.
    func press(_ keys: [String], inWindowTitled title: String) throws {
        try whileAnswering(display.startPressing(keys, inWindowTitled: title))
    }

    /// Clicks the centre of `node` of the dialog `title` (`count` clicks: 2 for a double click;
    /// `button` 5 turns the wheel down a notch a click), answering events meanwhile.
    func click(_ node: AccessibleNode, inWindowTitled title: String, count: Int = 1, button: Int = 1) throws {
        try whileAnswering(display.startClicking(node, inWindowTitled: title, count: count, button: button))
    }

    /// Asks the window titled `title` to close, as a window manager's close button does.
    func closeWindow(titled title: String) throws {
        try display.closeWindow(titled: title)
    }

    /// Waits until no window is titled `title`.
    func waitForWindowGone(_ title: String) throws {
        try display.waitForWindowGone(title)
    }

    private func whileAnswering(_ command: CapturedCommand) throws {
        try caller.pump("\(command)", seconds: 30) { !command.process.isRunning }
        try command.finish()
    }
}

/// Voluntary context switches of every thread of `pid`: each time one went to sleep by itself.
func voluntaryContextSwitchesOfAllThreads(of pid: pid_t) throws -> Int {
    let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
    return try tasks.reduce(0) { sum, task in
        let status = try String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
        return sum + (statusField("voluntary_ctxt_switches", in: status) ?? 0)
    }
}
