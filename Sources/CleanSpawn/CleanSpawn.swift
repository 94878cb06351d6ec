import Glibc

/// Starts `executable` with posix_spawn: an empty signal mask, default signal dispositions, a
/// session of its own, and `stdin`, `stdout`, `stderr` as its standard descriptors (they are
/// dup'ed into the child). Returns its pid, or the error text when it could not start.
///
/// The session has no controlling terminal, so nothing the child does can reach the terminal
/// the spawner was started from (`timepickerctl pick` opens `/dev/tty` when its stdin is not a
/// terminal). With `controllingTerminal` (a terminal's path), that terminal becomes the
/// session's controlling terminal, as for a shell in a terminal window: job control and
/// `/dev/tty` work in it. With `stdinPath`, its stdin is that file opened read-only once
/// the session is set up (`/dev/tty` then names the controlling terminal).
///
/// A spawning thread's blocked signals are inherited otherwise: the test runner's and the
/// bench's threads block SIGTERM, and a child started with them would ignore it.
public func spawnClean(
    _ executable: String, _ arguments: [String], environment: [String: String],
    stdin: Int32, stdout: Int32, stderr: Int32, controllingTerminal: String? = nil, stdinPath: String? = nil
) -> Result<Int32, SpawnError> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let controllingTerminal {
        // A session leader without a controlling terminal gets one by opening a terminal
        // without O_NOCTTY; the descriptor itself is not needed afterwards.
        let spare: Int32 = 200
        posix_spawn_file_actions_addopen(&actions, spare, controllingTerminal, O_RDWR, 0)
        posix_spawn_file_actions_addclose(&actions, spare)
    }
    posix_spawn_file_actions_adddup2(&actions, stdin, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_adddup2(&actions, stderr, 2)
    if let stdinPath { posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY | O_NOCTTY, 0) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    // A session of its own, and so a process group of its own: signals for the spawner's group
    // do not reach it.
    posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | newSession))

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

/// glibc's POSIX_SPAWN_SETSID, which its header declares only for _GNU_SOURCE: setsid() in the child.
private let newSession: Int32 = 0x80
