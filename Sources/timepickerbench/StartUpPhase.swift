import Glibc
import TestHarness

/// Start-up: from posix_spawn of the daemon to the bus announcing that it owns its name
/// (NameOwnerChanged, subscribed to with arg0 beforehand), over `starts` starts, each stopped
/// (SIGTERM) before the next.
func measureStartUp(binary: String, bus: PrivateBus, terminal: PseudoTerminal, starts: Int) throws -> [ResultRow] {
    let watcher = try NameWatcher(address: bus.address, name: DaemonProcess.busName)
    let devNull = try openForChild("/dev/null", write: false)
    defer { close(devNull) }
    var samples: [Double] = []
    var failures = 0
    for _ in 0..<starts {
        let spawned = monotonicNanoseconds()
        let daemon = try ChildProcess(
            binary, ["--ui", "terminal"], environment: bus.environment,
            stdin: terminal.terminal, stdout: terminal.terminal, stderr: devNull)
        if let owned = watcher.waitForChange(toOwned: true) {
            samples.append(Double(owned - spawned) / 1e6)
        } else {
            failures += 1
        }
        daemon.stop()
        _ = watcher.waitForChange(toOwned: false, seconds: 2)
    }
    let medianMilliseconds = median(samples)
    var value = "median \(format(medianMilliseconds, 1)) ms (min \(format(samples.min() ?? 0, 1)), max \(format(samples.max() ?? 0, 1)); \(samples.count) starts)"
    if failures > 0 { value += "; \(failures) never took the name" }
    return [ResultRow("Start-up: exec to owning the bus name", value, goal: "< 50 ms", .init(failures == 0 && medianMilliseconds < 50))]
}
