internal import CLinux
internal import EventLoop
internal import Glibc
internal import SystemKit

/// What a descriptor in the `terminal` option must be: the terminal side of a terminal, open
/// for reading and writing, that names the same terminal in the daemon as in the caller.
enum TerminalDescriptor {
    /// The terminal's device number, or InvalidArgs saying what is wrong and what to pass.
    static func check(_ descriptor: Int32) throws(ServiceError) -> DeviceNumber {
        guard isatty(descriptor) == 1, let device = DeviceNumber(ofDeviceOpenOn: descriptor) else {
            throw .invalidArgs("option 'terminal': the descriptor is not a terminal")
        }
        if device == .controllingTerminalAlias {
            throw .invalidArgs(
                "option 'terminal': the descriptor is /dev/tty, which names a different terminal in every process; "
                    + "pass the terminal device itself (the path `tty` prints, such as /dev/pts/3)")
        }
        var number: UInt32 = 0
        if device == .pseudoTerminalMultiplexer || ioctl(descriptor, UInt(CLINUX_TIOCGPTN), &number) == 0 {
            throw .invalidArgs(
                "option 'terminal': the descriptor is the controlling (master) side of a pseudo-terminal; "
                    + "pass its terminal side (/dev/pts/N)")
        }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, flags & O_ACCMODE == O_RDWR else {
            let mode = flags & O_ACCMODE == O_WRONLY ? "writing" : "reading"
            throw .invalidArgs(
                "option 'terminal': the descriptor must be open for reading and writing, and it is open only for \(mode); "
                    + "open the terminal read-write (in a shell, <> instead of < or >)")
        }
        return device
    }
}
