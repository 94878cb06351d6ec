internal import Glibc

/// Puts the daemon's terminal back even when the process dies of a fault (a Swift trap is
/// SIGILL or SIGTRAP), so a crash never leaves a person's terminal raw or on the alternate screen.
///
/// The handlers are installed once, when the terminal front end is made; showing and taking
/// down a picker only flips a flag, so a session costs no system calls here. The state lives in
/// storage allocated once, since a signal handler must not allocate or run Swift's lazy global
/// initialisers.
private nonisolated(unsafe) let crashState: UnsafeMutablePointer<CrashState> = {
    let state = UnsafeMutablePointer<CrashState>.allocate(capacity: 1)
    state.initialize(to: CrashState())
    return state
}()

private struct CrashState {
    var descriptor: Int32 = -1
    /// Whether a picker is on screen, so the terminal needs putting back.
    var isShown = false
    var settings = termios()
    /// Whether the picker is below the cursor rather than on the alternate screen.
    var isInline = false
}

private let faultSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

/// Arms the handlers for the terminal on `descriptor`, whose settings before any raw mode are
/// `settings` and whose pickers are drawn at `placement`; call once.
func installCrashRestore(for descriptor: Int32, settings: termios, placement: FramePlacement) {
    let state = crashState
    state.pointee.descriptor = descriptor
    state.pointee.settings = settings
    state.pointee.isInline = placement == .inline
    for signal in faultSignals {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = restoreTerminalAndDie
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }
}

/// Marks whether a picker is on screen, so a crash knows whether there is anything to put back.
func setCrashRestoreShown(_ shown: Bool) {
    crashState.pointee.isShown = shown
}

private func restoreTerminalAndDie(_ signal: Int32) {
    let state = crashState
    if state.pointee.isShown, state.pointee.descriptor >= 0 {
        tcsetattr(state.pointee.descriptor, TCSANOW, &state.pointee.settings)
        // As PickerFrame.leave, without its allocations: an inline picker is erased from the
        // cursor (its top-left corner) down; the alternate screen is left.
        let leave: StaticString = state.pointee.isInline ? "\u{1B}[0m\u{1B}[J\u{1B}[?25h" : "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = Glibc.write(state.pointee.descriptor, leave.utf8Start, leave.utf8CodeUnitCount)
        state.pointee.isShown = false
    }
    // The default action (a core dump) from here: the Swift runtime's backtracer, which handled
    // faults before, can wait half a minute for a person at the terminal, with the service stalled.
    var fallback = sigaction()
    fallback.__sigaction_handler.sa_handler = SIG_DFL
    _ = sigaction(signal, &fallback, nil)
    raise(signal)
}
