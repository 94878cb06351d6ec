internal import Glibc

/// A device number split the way Linux writes it: the major number says which driver, the minor
/// which device (136–143 are pseudo-terminals, 5:0 is `/dev/tty`, 5:2 `/dev/ptmx`).
public struct DeviceNumber: Hashable, Sendable, CustomStringConvertible {
    public let major: UInt32
    public let minor: UInt32

    public init(major: UInt32, minor: UInt32) {
        self.major = major
        self.minor = minor
    }

    /// From a `st_rdev` or `st_dev` as stat gives it (glibc's 64-bit encoding).
    public init(stat value: UInt64) {
        major = UInt32(truncatingIfNeeded: ((value >> 8) & 0xfff) | ((value >> 32) & ~0xfff))
        minor = UInt32(truncatingIfNeeded: (value & 0xff) | ((value >> 12) & ~0xff))
    }

    /// From the `tty_nr` field of `/proc/PID/stat` (the kernel's 32-bit encoding).
    public init(ttyNumber value: UInt32) {
        major = (value >> 8) & 0xfff
        minor = (value & 0xff) | ((value >> 12) & 0xfff00)
    }

    /// `/dev/tty`: a different terminal in every process, its own controlling one.
    public static let controllingTerminalAlias = DeviceNumber(major: 5, minor: 0)
    /// `/dev/ptmx`: opening it makes a new pseudo-terminal.
    public static let pseudoTerminalMultiplexer = DeviceNumber(major: 5, minor: 2)

    /// The `/dev/pts/N` path of a Unix 98 pseudo-terminal's terminal side, or nil for other devices.
    public var pseudoTerminalPath: String? {
        guard (136...143).contains(major) else { return nil }
        return "/dev/pts/\((major - 136) * 256 + minor)"
    }

    public var description: String { "\(major):\(minor)" }
}

/// The fields of `/proc/PID/stat` that say where a process stands with its terminal.
public struct ProcessStatus: Sendable, Equatable {
    public let processGroup: Int32
    public let session: Int32
    /// The controlling terminal, or nil for a process without one.
    public let controllingTerminal: DeviceNumber?
    /// The foreground process group of the controlling terminal, or nil when there is none.
    public let terminalForegroundGroup: Int32?

    /// Whether the process's group holds the foreground of its controlling terminal: where a
    /// job may read the terminal without being stopped.
    public var isInTerminalForeground: Bool {
        controllingTerminal != nil && terminalForegroundGroup == processGroup
    }

    /// Reads `/proc/PID/stat`; nil when the process is gone or the file cannot be read.
    public init?(processID: Int32) {
        self.init(path: "/proc/\(processID)/stat")
    }

    /// The calling process's own status.
    public static func current() -> ProcessStatus? {
        ProcessStatus(path: "/proc/self/stat")
    }

    private init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        self.init(statLine: buffer[..<count])
    }

    /// Parses a stat line: "PID (COMMAND) STATE PPID PGRP SESSION TTY_NR TPGID …". The command
    /// may hold spaces and parentheses, so the fields are read after its last ')'.
    public init?(statLine: some BidirectionalCollection<UInt8>) {
        guard let close = statLine.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = statLine[statLine.index(after: close)...].split(separator: UInt8(ascii: " "))
        // fields[0] is STATE, then PPID, PGRP, SESSION, TTY_NR, TPGID.
        guard fields.count >= 6,
              let group = Int32(String(decoding: fields[2], as: UTF8.self)),
              let session = Int32(String(decoding: fields[3], as: UTF8.self)),
              let tty = Int64(String(decoding: fields[4], as: UTF8.self)),
              let foreground = Int32(String(decoding: fields[5], as: UTF8.self))
        else { return nil }
        processGroup = group
        self.session = session
        controllingTerminal = tty == 0 ? nil : DeviceNumber(ttyNumber: UInt32(truncatingIfNeeded: tty))
        terminalForegroundGroup = foreground > 0 ? foreground : nil
    }
}
