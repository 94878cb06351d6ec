import Foundation
import Glibc

/// A child process started with posix_spawn, with a clean signal mask.
///
/// Foundation's Process passes on the spawning thread's blocked signals, and the test runner's
/// threads block SIGTERM: a child started that way would ignore the signals the tests send.
final class ChildProcess {
    let pid: pid_t
    private var termination: Termination?

    /// How a child ended.
    enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Starts `executable`; the standard descriptors are given (they are dup'ed into the child).
    init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        stdin: Int32, stdout: Int32, stderr: Int32
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigfillset(&defaultSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        // Its own process group, so signals for the test runner's group do not reach it.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw HarnessError("cannot start \(executable): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            _ = try? waitForExit()
        }
    }

    /// Whether the child is still running (reaps it when it is not).
    var isRunning: Bool {
        guard termination == nil else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        record(status)
        return false
    }

    func send(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    /// Waits for the child to end.
    @discardableResult
    func waitForExit(seconds: Double = 10) throws -> Termination {
        try waitUntil("process \(pid) to exit", seconds: seconds) { !isRunning }
        guard let termination else { throw HarnessError("process \(pid) has no exit status") }
        return termination
    }

    private func record(_ status: Int32) {
        // The wait status macros are not imported: exit code in bits 8-15, signal in bits 0-6.
        let signal = status & 0x7f
        termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

/// Opens `path` for the child's standard descriptors.
func openForChild(_ path: String, write: Bool) throws -> Int32 {
    let descriptor = write ? open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644) : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw HarnessError("cannot open \(path)") }
    return descriptor
}
