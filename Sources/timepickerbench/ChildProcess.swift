import Glibc

/// A child started with posix_spawn: a clean signal mask, default dispositions, its own
/// process group, and the given standard descriptors.
final class ChildProcess {
    let pid: pid_t
    private(set) var exitStatus: Int32?

    init(_ executable: String, _ arguments: [String], environment: [String: String], stdin: Int32, stdout: Int32, stderr: Int32) throws {
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
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
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
        guard result == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(result)))") }
        self.pid = pid
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
