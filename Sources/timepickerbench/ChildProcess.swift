import CleanSpawn
import Glibc

/// A child started with posix_spawn: a clean signal mask, default dispositions, its own
/// process group, and the given standard descriptors.
final class ChildProcess {
    let pid: pid_t
    private(set) var exitStatus: Int32?

    init(_ executable: String, _ arguments: [String], environment: [String: String], stdin: Int32, stdout: Int32, stderr: Int32) throws {
        switch spawnClean(executable, arguments, environment: environment, stdin: stdin, stdout: stdout, stderr: stderr) {
        case .success(let pid): self.pid = pid
        case .failure(let error): throw BenchError(error.description)
        }
    }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            waitForExit(seconds: 5)
        }
    }

    /// Whether the child still runs (reaps it when it has ended).
    var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        exitStatus = status
        return false
    }

    func send(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    /// Waits up to `seconds` for the child to end; true when it did.
    @discardableResult
    func waitForExit(seconds: Double) -> Bool {
        let start = monotonicNanoseconds()
        while isRunning {
            if secondsSince(start) > seconds { return false }
            pause(seconds: 0.002)
        }
        return true
    }

    /// Asks the child to stop (SIGTERM), and kills it when it has not within `seconds`.
    func stop(seconds: Double = 5) {
        send(SIGTERM)
        if !waitForExit(seconds: seconds) {
            send(SIGKILL)
            waitForExit(seconds: 5)
        }
    }
}

/// Opens `path` to hand to a child as a standard descriptor.
func openForChild(_ path: String, write: Bool) throws -> Int32 {
    let descriptor = write ? open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644) : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw BenchError("cannot open \(path)") }
    return descriptor
}
