import TestHarness
import Foundation
import Glibc

/// The real `timepickerd-gtk` binary on a private bus (and a virtual display, when given).
final class GtkBackendProcess {
    let process: ChildProcess
    let logFile: URL

    /// Beside the test bundle in SwiftPM's build folder, like `DaemonProcess.binary`.
    static var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("timepickerd-gtk").path
    }

    /// Starts the backend with `arguments` and `environment`, and waits until it owns its name.
    init(bus: PrivateBus, environment: [String: String], arguments: [String] = ["--verbose"]) throws {
        logFile = bus.directory.appendingPathComponent("gtk-\(UUID().uuidString.prefix(6)).log")
        let log = try openForChild(logFile.path, write: true)
        let devNull = try openForChild("/dev/null", write: false)
        defer {
            close(log)
            close(devNull)
        }
        process = try ChildProcess(Self.binary, arguments, environment: environment, stdin: devNull, stdout: log, stderr: log)
        let probe = try BusClient(bus: bus)
        try waitUntil("the backend to own io.github.timepickerd.Gtk", seconds: 20) {
            guard process.isRunning else { throw HarnessError("the backend exited before owning its name: \(self.log)") }
            return try probe.nameHasOwner("io.github.timepickerd.Gtk")
        }
    }

    deinit {
        process.send(SIGKILL)
        _ = try? process.waitForExit()
    }

    /// What the backend logged so far.
    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }
}
