import DBusKit
import Foundation
import Glibc

/// The real `timepickerd` binary, started on a private bus, on a pseudo-terminal or without one.
final class DaemonProcess {
    let process: ChildProcess
    let terminal: PseudoTerminal?
    let logFile: URL

    /// Where the binary under test is: beside the test bundle in SwiftPM's build folder.
    static var binary: String {
        if let override = ProcessInfo.processInfo.environment["TIMEPICKERD_BINARY"] { return override }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("timepickerd").path
    }

    /// Starts the daemon with `arguments`; with `terminal` it runs on that pseudo-terminal,
    /// otherwise stdin is /dev/null and stdout goes to the log. A `launcher` (such as
    /// `prlimit --nofile=… --`) runs it, and must exec it in its own place.
    init(
        bus: PrivateBus, arguments: [String] = ["--ui", "terminal"], terminal: PseudoTerminal? = nil,
        environment extra: [String: String] = [:], launcher: [String] = []
    ) throws {
        self.terminal = terminal
        logFile = bus.directory.appendingPathComponent("daemon-\(UUID().uuidString.prefix(6)).log")
        let log = try openForChild(logFile.path, write: true)
        let devNull = try openForChild("/dev/null", write: false)
        defer {
            close(log)
            close(devNull)
        }
        let command = launcher + [Self.binary] + arguments
        process = try ChildProcess(
            command[0], Array(command.dropFirst()), environment: bus.environment.merging(extra) { $1 },
            stdin: terminal?.terminal ?? devNull, stdout: terminal?.terminal ?? log, stderr: log)
    }

    /// Starts the daemon and waits until it owns the service's name.
    static func serving(
        on bus: PrivateBus, arguments: [String] = ["--ui", "terminal"], terminal: PseudoTerminal? = nil,
        environment: [String: String] = [:], launcher: [String] = []
    ) throws -> DaemonProcess {
        let daemon = try DaemonProcess(bus: bus, arguments: arguments, terminal: terminal, environment: environment, launcher: launcher)
        let probe = try BusClient(bus: bus)
        try waitUntil("the daemon to own its name") {
            guard daemon.process.isRunning else {
                throw HarnessError("the daemon exited before owning its name: \(daemon.log)")
            }
            return try probe.nameHasOwner("io.github.timepickerd.TimePicker1")
        }
        return daemon
    }

    /// What the daemon logged so far.
    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    func send(_ signal: Int32) {
        process.send(signal)
    }

    /// Waits for the daemon to exit and returns its exit status; dying of a signal is an error.
    func waitForExit(seconds: Double = 10) throws -> Int32 {
        let termination = try process.waitForExit(seconds: seconds)
        guard case .exited(let status) = termination else {
            throw HarnessError("the daemon ended with \(termination); log:\n\(log)")
        }
        return status
    }
}
