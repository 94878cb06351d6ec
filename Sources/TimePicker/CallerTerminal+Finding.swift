internal import Glibc
internal import SystemKit

/// Finding the caller's terminal: one the service accepts, naming the same terminal in the
/// service as here.
///
/// The service takes only the terminal device itself, open for reading and writing. A shell's
/// `< /dev/tty` or `< $(tty)` gives a read-only descriptor, and `/dev/tty` names a different
/// terminal in every process (the service would draw on its own); so the program opens the
/// real device read-write itself.
extension CallerTerminal {
    /// The program's terminal, saved to be restored: its stdin when that is one, otherwise its
    /// controlling terminal (`/dev/tty`), as fzf and gum do, so that `echo … | prog` and
    /// `$(prog)` still show the picker to the person; nil when the program has none.
    package static func find() -> CallerTerminal? {
        guard let found = device(openOn: STDIN_FILENO) ?? controllingTerminal() else { return nil }
        if let terminal = CallerTerminal(descriptor: found.descriptor, closeWhenRestored: found.opened) { return terminal }
        if found.opened { close(found.descriptor) }
        return nil
    }

    /// A descriptor to lend for the terminal on `descriptor`, and whether the program opened
    /// it (and must close it); nil when `descriptor` is no terminal, or its device cannot be
    /// opened.
    static func device(openOn descriptor: Int32) -> (descriptor: Int32, opened: Bool)? {
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
        guard let found = device(openOn: alias), found.opened else { return nil }
        return found
    }

    /// The path of the terminal device `device`: /dev/pts/N for a pseudo-terminal, otherwise the
    /// character device in /dev with that number (a console, a serial line).
    static func path(of device: DeviceNumber) -> String? {
        if let path = device.pseudoTerminalPath { return path }
        return directoryEntryNames(atPath: "/dev")?.lazy.filter { $0 != "tty" }.map { "/dev/" + $0 }.first { path in
            var status = stat()
            return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR && DeviceNumber(stat: UInt64(status.st_rdev)) == device
        }
    }
}
