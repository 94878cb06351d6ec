import CleanSpawn
import Glibc

/// A child process started with `spawnClean`: a clean signal mask, default dispositions, a
/// process group (or a session) of its own, and the given standard descriptors.
///
/// Foundation's Process passes on the spawning thread's blocked signals, and the test runner's
/// and the bench's threads block SIGTERM: a child started that way would ignore the signals
/// it is sent.
public final class ChildProcess {
    public let pid: Int32
    private var termination: Termination?

    /// How a child ended.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Starts `executable`; the standard descriptors are given (they are dup'ed into the child).
    /// With `controllingTerminal`, it leads a session on that terminal (see `spawnClean`), and
    /// `stdinPath` opens its stdin afresh there (`/dev/tty`, say).
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        stdin: Int32, stdout: Int32, stderr: Int32, controllingTerminal: String? = nil, stdinPath: String? = nil
    ) throws {
        switch spawnClean(
            executable, arguments, environment: environment, stdin: stdin, stdout: stdout, stderr: stderr,
            controllingTerminal: controllingTerminal, stdinPath: stdinPath) {
        case .success(let pid): self.pid = pid
        case .failure(let error): throw HarnessError(error.description)
        }
    }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            _ = try? waitForExit()
        }
    }

    /// Whether the child is still running (reaps it when it is not).
    public var isRunning: Bool {
        guard termination == nil else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        record(status)
        return false
    }

    /// Sends `signal` to the child while it runs.
    public func send(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    /// Waits for the child to end.
    @discardableResult
    public func waitForExit(seconds: Double = 10) throws -> Termination {
        try waitUntil("process \(pid) to exit", seconds: seconds) { !isRunning }
        guard let termination else { throw HarnessError("process \(pid) has no exit status") }
        return termination
    }

    /// Asks the child to stop (SIGTERM), and kills it when it has not within `seconds`.
    public func stop(seconds: Double = 5) {
        send(SIGTERM)
        if (try? waitForExit(seconds: seconds)) == nil {
            send(SIGKILL)
            _ = try? waitForExit(seconds: 5)
        }
    }

    private func record(_ status: Int32) {
        // The wait status macros are not imported: exit code in bits 8-15, signal in bits 0-6.
        let signal = status & 0x7f
        termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

/// Opens `path` to hand to a child as a standard descriptor: read-only, or write-only
/// appending (made when missing).
public func openForChild(_ path: String, write: Bool) throws -> Int32 {
    let descriptor = write ? open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644) : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw HarnessError("cannot open \(path)") }
    return descriptor
}
