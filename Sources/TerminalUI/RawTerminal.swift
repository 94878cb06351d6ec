import Glibc
public import SystemKit

/// Switches a terminal into raw mode and back, restoring its original settings at the latest on deinit.
///
/// The file descriptor stays owned by the caller; this class never closes it. It is not
/// Sendable: the terminal state belongs to the one thread that runs the event loop.
public final class RawTerminal {
    public let fileDescriptor: Int32
    /// The settings found at init, put back by `restore()` and by the crash handler.
    let originalSettings: termios
    /// True between `enterRawMode()` and `restore()`.
    public private(set) var isRaw = false

    /// Remembers the terminal's current settings; throws if `fileDescriptor` is not a terminal.
    public init(fileDescriptor: Int32) throws(SystemError) {
        guard isatty(fileDescriptor) == 1 else {
            throw SystemError("isatty")
        }
        var settings = termios()
        guard tcgetattr(fileDescriptor, &settings) == 0 else {
            throw SystemError("tcgetattr")
        }
        self.fileDescriptor = fileDescriptor
        self.originalSettings = settings
    }

    deinit {
        restore()
    }

    /// Turns off line editing, echo and flow control so every key arrives at once, byte by byte.
    ///
    /// Unlike cfmakeraw, ISIG stays on so Ctrl-C still reaches the foreground process as
    /// SIGINT, and output processing (OPOST) stays on, without its newline translations (ONLCR
    /// and its kin): frames end their lines with "\r\n" themselves, and without a byte to
    /// translate the kernel copies a frame to the terminal in one piece instead of line by line
    /// (a 22-line frame to a pseudo-terminal: 9 µs instead of 16 µs here).
    public func enterRawMode() throws(SystemError) {
        var raw = originalSettings
        raw.c_oflag &= ~tcflag_t(ONLCR | OCRNL | ONOCR | ONLRET)
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP | BRKINT | PARMRK)
        raw.c_cflag = (raw.c_cflag & ~tcflag_t(CSIZE | PARENB)) | tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlChars in
            // Block until at least one byte is there, with no inter-byte timer.
            controlChars[Int(VMIN)] = 1
            controlChars[Int(VTIME)] = 0
            // Ctrl-Z would stop the process mid-pick with the terminal raw (and, for the daemon,
            // stop the whole service); Ctrl-\ would kill it without restoring. 0 disables a key.
            controlChars[Int(VSUSP)] = 0
            controlChars[Int(VQUIT)] = 0
        }
        // TCSANOW, not TCSAFLUSH or TCSADRAIN: those wait for output to drain, and a terminal
        // whose reader is stuck must not stall the caller's event loop.
        guard setTerminalSettingsNow(fileDescriptor, raw) else {
            throw SystemError("tcsetattr")
        }
        // Drop keys typed before the picker appeared, so that stale type-ahead (an Enter
        // meant for the shell, say) cannot answer a picker the person never saw.
        tcflush(fileDescriptor, TCIFLUSH)
        isRaw = true
    }

    /// Puts the original settings back; does nothing when not in raw mode, so it may be called twice.
    public func restore() {
        guard isRaw else { return }
        // TCSANOW never waits for output to drain (see enterRawMode); output already written
        // still reaches the terminal. A failure (the terminal hung up) leaves nothing to do.
        _ = setTerminalSettingsNow(fileDescriptor, originalSettings)
        isRaw = false
    }

    /// The terminal size, or 80x24 where the terminal reports zero (some serial lines and pipes do).
    public func windowSize() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0 else { return (80, 24) }
        return (size.ws_col == 0 ? 80 : Int(size.ws_col), size.ws_row == 0 ? 24 : Int(size.ws_row))
    }
}
