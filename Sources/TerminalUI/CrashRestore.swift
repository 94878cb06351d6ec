internal import Glibc

/// Puts the terminal back even when the process dies of a fatal signal (a Swift trap is SIGILL
/// or SIGTRAP), so a crash never leaves a person's terminal in raw mode.
///
/// The saved state lives in storage allocated once, since a signal handler must not allocate
/// or run Swift's lazy global initialisers.
private nonisolated(unsafe) let crashState: UnsafeMutablePointer<CrashState> = {
    let state = UnsafeMutablePointer<CrashState>.allocate(capacity: 1)
    state.initialize(to: CrashState())
    return state
}()

private struct CrashState {
    var descriptor: Int32 = -1
    var settings = termios()
}

private let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

/// Remembers the terminal's settings now, before raw mode, and restores them if the process crashes.
func installCrashRestore(for descriptor: Int32) {
    let state = crashState
    guard tcgetattr(descriptor, &state.pointee.settings) == 0 else { return }
    state.pointee.descriptor = descriptor
    for signal in fatalSignals {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = restoreTerminalAndDie
        action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }
}

/// Forgets the terminal after it was restored the ordinary way.
func removeCrashRestore() {
    crashState.pointee.descriptor = -1
}

private func restoreTerminalAndDie(_ signal: Int32) {
    let state = crashState
    if state.pointee.descriptor >= 0 {
        tcsetattr(state.pointee.descriptor, TCSANOW, &state.pointee.settings)
        let leave: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = Glibc.write(state.pointee.descriptor, leave.utf8Start, leave.utf8CodeUnitCount)
    }
    // SA_RESETHAND put the default action back: die of the same signal, with a core if due.
    raise(signal)
}
