internal import EventLoop
internal import Glibc
internal import SystemKit

/// Finds the terminal to lend the service for a descriptor of the client's (its stdin): one the
/// service accepts, naming the same terminal in the service as here.
///
/// The service takes only the terminal device itself, open for reading and writing. A shell's
/// `< /dev/tty` or `< $(tty)` gives a read-only descriptor, and `/dev/tty` names a different
/// terminal in every process (the service would draw on its own); so the client opens the
/// real device read-write itself.
enum LentTerminal {
    /// A descriptor to lend for the terminal on `descriptor`, and whether the client opened it
    /// (and must close it); nil when `descriptor` is no terminal, or its device cannot be opened.
    static func descriptor(for descriptor: Int32) -> (descriptor: Int32, opened: Bool)? {
        guard isatty(descriptor) == 1, var device = DeviceNumber(ofDeviceOpenOn: descriptor) else { return nil }
        if device == .controllingTerminalAlias {
            guard let controlling = ProcessStatus.current()?.controllingTerminal else { return nil }
            device = controlling
        } else if fcntl(descriptor, F_GETFL) & O_ACCMODE == O_RDWR {
            return (descriptor, false)
        }
        guard let path = path(of: device) else { return nil }
        let opened = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard opened >= 0 else { return nil }
        guard DeviceNumber(ofDeviceOpenOn: opened) == device else {
            close(opened)
            return nil
        }
        return (opened, true)
    }

    /// A descriptor to lend for the process's controlling terminal (`/dev/tty`), for when
    /// stdin is not a terminal; nil when there is none.
    static func controllingTerminal() -> (descriptor: Int32, opened: Bool)? {
        let alias = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard alias >= 0 else { return nil }
        defer { close(alias) }
        // /dev/tty names a different terminal in every process: lend the device itself.
        guard let lent = descriptor(for: alias), lent.opened else { return nil }
        return lent
    }

    /// The path of the terminal device `device`: /dev/pts/N for a pseudo-terminal, otherwise the
    /// character device in /dev with that number (a console, a serial line).
    static func path(of device: DeviceNumber) -> String? {
        if let path = device.pseudoTerminalPath { return path }
        guard let directory = opendir("/dev") else { return nil }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let path = "/dev/" + name
            var status = stat()
            guard name != "tty", stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else { continue }
            if DeviceNumber(stat: UInt64(status.st_rdev)) == device { return path }
        }
        return nil
    }
}
