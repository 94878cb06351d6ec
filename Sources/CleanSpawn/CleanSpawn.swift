import Glibc

/// Starts `executable` with posix_spawn: an empty signal mask, default signal dispositions, a
/// process group of its own, and `stdin`, `stdout`, `stderr` as its standard descriptors (they
/// are dup'ed into the child). Returns its pid, or the error text when it could not start.
///
/// A spawning thread's blocked signals are inherited otherwise: the test runner's and the
/// bench's threads block SIGTERM, and a child started with them would ignore it.
public func spawnClean(
    _ executable: String, _ arguments: [String], environment: [String: String],
    stdin: Int32, stdout: Int32, stderr: Int32
) -> Result<Int32, SpawnError> {
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
    // Its own process group, so signals for the spawner's group do not reach it.
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
    guard result == 0 else {
        return .failure(SpawnError(description: "cannot start \(executable): \(String(cString: strerror(result)))"))
    }
    return .success(pid)
}

/// Why a child could not be started.
public struct SpawnError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
