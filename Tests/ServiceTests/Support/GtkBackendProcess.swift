import TestHarness
import Foundation
import Glibc

/// The real `timepickerd-gtk` binary on a private bus (and a virtual display, when given).
final class GtkBackendProcess {
    let process: ChildProcess
    let logFile: URL

    /// Beside the test bundle in SwiftPM's build folder, like `DaemonProcess.binary`;
    /// TIMEPICKERD_TEST_GTK_BACKEND names another build instead (to see a test fail on an older one).
    static var binary: String {
        if let other = ProcessInfo.processInfo.environment["TIMEPICKERD_TEST_GTK_BACKEND"], !other.isEmpty { return other }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("timepickerd-gtk").path
    }

    /// Starts the backend with `arguments` and `environment`, and waits until it owns its name.
    init(bus: PrivateBus, environment: [String: String], arguments: [String] = ["--verbose"]) throws {
        let watcher = try NameWatcher(address: bus.address, name: "io.github.timepickerd.Gtk")
        logFile = uniqueFile(in: bus.directory, "gtk", "log")
        process = try startLogged([Self.binary] + arguments, environment: environment, logFile: logFile)
        let logFile = logFile
        try watcher.waitUntilOwned(by: process, "the backend", seconds: 20) { logText(logFile) }
    }

    deinit {
        process.send(SIGKILL)
        _ = try? process.waitForExit()
    }

    /// What the backend logged so far.
    var log: String { logText(logFile) }
}
