internal import CLinux
public import Glibc

/// Sets the terminal on `descriptor` to `settings` at once (tcsetattr's TCSANOW), with one
/// system call, retried when a signal interrupts it; false when it failed. The corresponding
/// ioctl is TCSETS (`clinux_set_terminal_now`: Debian 12's tcsetattr makes three calls of it).
public func setTerminalSettingsNow(_ descriptor: Int32, _ settings: Glibc.termios) -> Bool {
    var settings = settings
    return retryingAfterInterrupts { clinux_set_terminal_now(descriptor, &settings) } == 0
}
