internal import Glibc
internal import SystemKit

/// The caller's terminal (ARCHITECTURE's word): the one a program lends the service with the
/// `terminal` option for one picker, found as fzf and gum find theirs (`find`), its state
/// saved, and put back on every way out the service does not, even when the daemon dies
/// mid-pick.
package final class CallerTerminal {
    /// The descriptor lent: the terminal device itself, open for reading and writing.
    package let descriptor: Int32
    /// The settings and file status flags found before the terminal was lent.
    private let settings: termios
    private let statusFlags: Int32
    /// Whether the daemon may have left a picker on the screen: its lines below the cursor, a
    /// hidden cursor, colours.
    private var mayHoldScreen = false
    private var restored = false
    /// The program opened this descriptor for the loan (see `find`): closed once restored.
    private let closeWhenRestored: Bool

    /// What takes a picker down: attributes reset, the screen erased from the cursor down, the
    /// cursor shown. The daemon draws a caller's picker below the cursor and leaves the cursor
    /// at its top-left corner between frames, so this erases the picker; and the program writes
    /// it before it exits, so before anything the shell prints after it.
    private static let leaveScreen = "\u{1B}[0m\u{1B}[J\u{1B}[?25h"

    /// Saves the state of `descriptor`; nil when it is not a terminal.
    package init?(descriptor: Int32, closeWhenRestored: Bool = false) {
        var settings = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &settings) == 0 else { return nil }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0 else { return nil }
        self.descriptor = descriptor
        self.settings = settings
        self.statusFlags = flags
        self.closeWhenRestored = closeWhenRestored
        // Restoring must not stop the program: a background job that sets its terminal's modes
        // (or writes with TOSTOP) gets SIGTTOU, whose default is to stop.
        signal(SIGTTOU, SIG_IGN)
    }

    /// The daemon may now be drawing a picker that the program has to take down if the daemon
    /// cannot (it died, or the program stopped waiting for it).
    package func lend() { mayHoldScreen = true }

    /// The daemon took its picker down itself (it reported the outcome), or never put one up
    /// (it refused the call): erasing again could only erase what was printed since.
    package func returned() { mayHoldScreen = false }

    /// Whether the program is a background job on this terminal (`prog &`), whose picker waits
    /// there until the job is brought to the foreground, as a job that reads its terminal is
    /// stopped.
    package var isWaitingForForeground: Bool {
        guard let device = DeviceNumber(ofDeviceOpenOn: descriptor), let process = ProcessStatus.current(),
              process.controllingTerminal == device
        else { return false }
        return !process.isInTerminalForeground
    }

    /// Puts back the saved flags, and the settings and the screen when a picker may be on it.
    /// Safe to call more than once; failures (the terminal hung up) leave nothing to do.
    ///
    /// When the daemon took its picker down, it put the terminal's settings back itself, and
    /// the program leaves them alone: pickers for one terminal take turns, so another caller's
    /// may be up by now, and the settings found at the start may have been that picker's.
    package func restore() {
        guard !restored else { return }
        restored = true
        if mayHoldScreen {
            // Non-blocking for this one write: a terminal whose output is stopped must not
            // keep the program from exiting.
            _ = fcntl(descriptor, F_SETFL, statusFlags | O_NONBLOCK)
            _ = writeAll(Self.leaveScreen, to: descriptor)
            var saved = settings
            // TCSANOW: never wait for output to drain, like the daemon.
            _ = retryingAfterInterrupts { tcsetattr(descriptor, TCSANOW, &saved) }
        }
        _ = fcntl(descriptor, F_SETFL, statusFlags)
        if closeWhenRestored { close(descriptor) }
    }
}
