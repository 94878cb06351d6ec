public import DBusKit
import TimePickerContract
public import Foundation

/// The real `timepickerd` started on a private bus, on a pseudo-terminal or without one; its
/// stderr (and its stdout without a terminal) goes to a log file in the bus's directory.
public final class DaemonProcess {
    /// The name the daemon owns on the bus.
    public static let busName = TimePickerBus.name

    public let process: ChildProcess
    public let terminal: PseudoTerminal?
    public let logFile: URL
    /// Set by `serving`: sees the name come and go.
    private var nameWatcher: NameWatcher?

    /// Where the binary under test is: `TIMEPICKERD_BINARY`, else beside the running program
    /// (the test bundle, the bench, the leak check) in SwiftPM's build folder.
    public static var binary: String {
        if let override = ProcessInfo.processInfo.environment["TIMEPICKERD_BINARY"] { return override }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("timepickerd").path
    }

    /// Starts `binary` with `arguments`; with `terminal` it runs on that pseudo-terminal,
    /// otherwise stdin is /dev/null and stdout goes to the log. A `launcher` (such as
    /// `prlimit --nofile=… --` or valgrind) runs it, and must exec it in its own place or be it.
    public init(
        bus: PrivateBus, binary: String = DaemonProcess.binary, arguments: [String] = ["--ui", "terminal"],
        terminal: PseudoTerminal? = nil, environment extra: [String: String] = [:], launcher: [String] = []
    ) throws {
        self.terminal = terminal
        logFile = uniqueFile(in: bus.directory, "daemon", "log")
        process = try startLogged(
            launcher + [binary] + arguments, environment: bus.environment.merging(extra) { $1 }, terminal: terminal, logFile: logFile)
    }

    /// Starts the daemon as `init` does and returns once it owns its name, within `seconds`.
    public static func serving(
        on bus: PrivateBus, binary: String = DaemonProcess.binary, arguments: [String] = ["--ui", "terminal"],
        terminal: PseudoTerminal? = nil, environment: [String: String] = [:], launcher: [String] = [], seconds: Double = 10
    ) throws -> DaemonProcess {
        let watcher = try NameWatcher(address: bus.address, name: busName)
        let daemon = try DaemonProcess(
            bus: bus, binary: binary, arguments: arguments, terminal: terminal, environment: environment, launcher: launcher)
        try watcher.waitUntilOwned(by: daemon.process, "the daemon", seconds: seconds) { daemon.log }
        daemon.nameWatcher = watcher
        return daemon
    }

    /// The daemon's process id.
    public var pid: Int32 { process.pid }

    /// What the daemon logged so far.
    public var log: String { logText(logFile) }

    /// Sends the daemon `signal`.
    public func send(_ signal: Int32) {
        process.send(signal)
    }

    /// Waits for the daemon to exit and returns its exit status; dying of a signal is an error.
    public func waitForExit(seconds: Double = 10) throws -> Int32 {
        let termination = try process.waitForExit(seconds: seconds)
        guard case .exited(let status) = termination else {
            throw HarnessError("the daemon ended with \(termination); log:\n\(log)")
        }
        return status
    }

    /// Stops the daemon (SIGTERM, then SIGKILL after 5 s) and, when it was started with
    /// `serving`, waits until the bus has seen its name go.
    public func stop() {
        guard process.isRunning else { return }
        process.stop()
        _ = nameWatcher?.waitForChange(toOwned: false, seconds: 5)
    }
}
