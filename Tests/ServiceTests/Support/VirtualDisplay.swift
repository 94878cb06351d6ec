import TestHarness
import Foundation
import Glibc

/// A virtual X display of the test's own (Xvfb on a free display number) with the accessibility
/// bus (at-spi-bus-launcher) on the test's private bus, as ../shared/tools/virtual-desktop makes
/// them: windows can be found the way a screen reader finds them, and driven with real key
/// presses and clicks (xdotool).
///
/// Everything it starts it stops by PID; the registry daemon the accessibility bus activates
/// leaves with the private bus.
final class VirtualDisplay {
    /// ":N", for DISPLAY.
    let name: String
    private let bus: PrivateBus
    private let server: XvfbDisplay
    private var accessibility: ChildProcess?

    init(bus: PrivateBus) throws {
        self.bus = bus
        for tool in ["/usr/bin/xdotool", "/usr/bin/xprop", "/usr/libexec/at-spi-bus-launcher", "/usr/bin/python3"] {
            guard FileManager.default.isExecutableFile(atPath: tool) else {
                throw HarnessError("missing \(tool): run make deps")
            }
        }
        server = try XvfbDisplay(environment: bus.environment, log: bus.directory.appendingPathComponent("xvfb.log"))
        name = server.name
        try startAccessibilityBus()
    }

    deinit {
        accessibility?.send(SIGTERM)
        _ = try? accessibility?.waitForExit()
    }

    /// Environment for a program on this display and the private bus.
    var environment: [String: String] { server.environment(bus.environment) }

    /// The accessibility bus, registered as org.a11y.Bus on the private bus, where GTK looks.
    private func startAccessibilityBus() throws {
        let watcher = try NameWatcher(address: bus.address, name: "org.a11y.Bus")
        let log = bus.directory.appendingPathComponent("at-spi.log")
        let launcher = try startLogged(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], environment: environment, logFile: log)
        accessibility = launcher
        try watcher.waitUntilOwned(by: launcher, "at-spi-bus-launcher", seconds: 10) { logText(log) }
    }

    // MARK: - Input

    /// Runs an X client on this display to its end and returns its standard output.
    @discardableResult
    func run(_ tool: String, _ arguments: [String], seconds: Double = 15) throws -> String {
        let result = try CapturedCommand.run(tool, arguments, environment: environment, directory: bus.directory, seconds: seconds)
        guard result.termination == .exited(0) else {
            throw HarnessError("\(tool) \(arguments.joined(separator: " ")) ended with \(result.termination): \(result.stderr)")
        }
        return result.stdout
    }

    /// A PNG of the whole screen at `path` (scripts/window-png.py).
    func screenshot(to path: String) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/window-png.py").path
        _ = try run("/usr/bin/python3", [script, "root", path], seconds: 30)
    }

    /// Starts an X client on this display without waiting for it (see `CapturedCommand`).
    func start(_ tool: String, _ arguments: [String]) throws -> CapturedCommand {
        try CapturedCommand(tool, arguments, environment: environment, directory: bus.directory)
    }

    /// The X windows whose title contains `title`, as xdotool finds them.
    func windows(titled title: String) throws -> [UInt] {
        let result = try CapturedCommand.run(
            "/usr/bin/xdotool", ["search", "--name", title], environment: environment, directory: bus.directory)
        return result.stdout.split(separator: "\n").compactMap { UInt($0) }
    }

    /// The mapped X windows whose title contains `title`.
    func visibleWindows(titled title: String) throws -> [UInt] {
        let result = try CapturedCommand.run(
            "/usr/bin/xdotool", ["search", "--onlyvisible", "--name", title], environment: environment, directory: bus.directory)
        return result.stdout.split(separator: "\n").compactMap { UInt($0) }
    }

    /// Waits for the one window titled `title` and returns it.
    func window(titled title: String, seconds: Double = 15) throws -> UInt {
        var found: UInt?
        try waitUntil("a window titled '\(title)'", seconds: seconds) {
            found = try windows(titled: title).first
            return found != nil
        }
        return found ?? 0
    }

    /// The window's position on the screen.
    func origin(of window: UInt) throws -> (x: Int, y: Int) {
        let text = try run("/usr/bin/xdotool", ["getwindowgeometry", "--shell", String(window)])
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        guard let x = values["X"], let y = values["Y"] else { throw HarnessError("no geometry for window \(window): \(text)") }
        return (x, y)
    }

    /// The value of `property` on `window`, as xprop prints it.
    func property(_ property: String, of window: UInt) throws -> String {
        try run("/usr/bin/xprop", ["-id", String(window), property])
    }
}
