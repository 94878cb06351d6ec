internal import Glibc

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
