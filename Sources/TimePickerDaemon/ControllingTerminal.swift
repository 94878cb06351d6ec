internal import Glibc

/// The daemon's controlling terminal: whether it runs in that terminal's foreground, and letting
/// go of a terminal it has no business with.
///
/// A daemon started by D-Bus activation inherits the bus daemon's session, and under
/// `dbus-run-session` that is the session of the shell that started the bus: the shell's terminal
/// is then the daemon's controlling terminal, with the daemon in a background process group. A
/// caller who lends that same terminal (`timepickerctl pick`) would have every read of it fail
/// with EIO (a background read, SIGTTIN ignored), and every change of its modes count as a
/// background job's. Without a controlling terminal, a terminal is only a file, and the caller's
/// foreground is the daemon's rule (TerminalFrontEnd's `whileInForeground`).
enum ControllingTerminal {
    /// What `detach` did.
    enum Detachment: Equatable {
        /// The daemon had no controlling terminal.
        case noneHeld
        /// It gave its controlling terminal up.
        case left
        /// It leads the terminal's session: giving it up would hang up every job of that session,
        /// so it keeps it (someone started it so on purpose, `setsid -c`).
        case keptAsSessionLeader
        /// The kernel refused; the message says why.
        case failed(String)
    }

    /// Whether the daemon may draw on the terminal on stdin: stdin and stdout are a terminal, and
    /// the daemon's process group holds its foreground when it is the controlling terminal (one
    /// that is not has no foreground to respect).
    static var standardInputIsForegroundTerminal: Bool {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return false }
        let foreground = tcgetpgrp(STDIN_FILENO)
        return foreground < 0 || foreground == getpgrp()
    }

    /// Gives up the controlling terminal, if the daemon has one and does not lead its session.
    ///
    /// The corresponding call is `ioctl(TIOCNOTTY)` on `/dev/tty`: unlike `setsid`, it also works
    /// for a process group leader (`timepickerd &` from an interactive shell), and it leaves the
    /// daemon in its process group, so a bus daemon that signals its group still reaches it.
    static func detach() -> Detachment {
        let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { return .noneHeld }
        defer { close(terminal) }
        guard getsid(0) != getpid() else { return .keptAsSessionLeader }
        guard ioctl(terminal, UInt(TIOCNOTTY)) == 0 else {
            return .failed("cannot give up the controlling terminal: \(String(cString: strerror(errno)))")
        }
        return .left
    }
}
