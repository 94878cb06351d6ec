import Glibc

/// The release daemon started on the private bus: on the bench's pseudo-terminal, or with
/// stdin from /dev/null for the notification user interface. Its stderr goes to a log file.
final class DaemonUnderTest {
    let process: ChildProcess
    private let watcher: NameWatcher
    var pid: Int32 { process.pid }

    /// Starts `binary` with `arguments` and returns once it owns the service's name.
    init(binary: String, arguments: [String], bus: PrivateBus, terminal: PseudoTerminal?) throws {
        watcher = try NameWatcher(address: bus.address)
        let logPath = "\(bus.directory)/daemon-\(arguments.joined(separator: "_")).log"
        let log = try openForChild(logPath, write: true)
        let devNull = try openForChild("/dev/null", write: false)
        defer {
            close(log)
            close(devNull)
        }
        process = try ChildProcess(
            binary, arguments, environment: bus.environment,
            stdin: terminal?.terminal ?? devNull, stdout: terminal?.terminal ?? log, stderr: log)
        guard watcher.waitForChange(toOwned: true) != nil else {
            let text = readWholeFile(logPath) ?? ""
            throw BenchError("\(binary) \(arguments.joined(separator: " ")) did not take its bus name within 10 s; its log:\n\(text)")
        }
    }

    deinit {
        stop()
    }

    /// Stops the daemon (SIGTERM) and waits until the bus has seen its name go.
    func stop() {
        guard process.isRunning else { return }
        process.stop()
        _ = watcher.waitForChange(toOwned: false, seconds: 5)
    }
}
