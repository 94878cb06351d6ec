internal import CLinux
internal import Glibc

/// A process descriptor (pidfd): it names one process for as long as it is open, however soon
/// that process's id is given to another, and says whether that process still runs. Closed
/// when the last reference goes.
///
/// What is read of a process through its id (`/proc/PID/…`) was read of this process when it
/// still runs after the reading (`isRunning`): an id is reused only once its process has ended
/// and been reaped.
public final class ProcessDescriptor: Sendable {
    /// The descriptor, open until this object goes.
    public let rawValue: Int32
    /// The process's id in this process's namespace, as the descriptor named it when taken.
    public let processID: Int32

    /// Takes `descriptor`, a pidfd received from elsewhere (the bus's `ProcessFD`), closing it
    /// when done; nil (and closed) when it names no process this process can see.
    public init?(taking descriptor: Int32) {
        guard descriptor >= 0 else { return nil }
        guard let processID = Self.processID(of: descriptor), processID > 0 else {
            _ = close(descriptor)
            return nil
        }
        rawValue = descriptor
        self.processID = processID
    }

    /// A descriptor of the process that has `processID` now; nil when none has it, or the
    /// kernel has no pidfd_open (Linux before 5.3). The corresponding C function is
    /// `pidfd_open`.
    public init?(processID: Int32) {
        guard processID > 0 else { return nil }
        let descriptor = clinux_pidfd_open(processID)
        guard descriptor >= 0 else { return nil }
        rawValue = descriptor
        self.processID = processID
    }

    /// Takes `descriptor` as a descriptor of the process that has `processID`, unchecked: for
    /// tests, which make an id that has passed to another process.
    init(taking descriptor: Int32, uncheckedProcessID processID: Int32) {
        rawValue = descriptor
        self.processID = processID
    }

    deinit { _ = close(rawValue) }

    /// Whether the process still runs: not ended, nor ended and waiting to be reaped (a zombie,
    /// whose id is not yet free but whose files are mostly gone). Its state in `/proc/PID/stat`
    /// is read first, then signal 0 is sent through the descriptor: when that succeeds, the
    /// id was still this process's when its state was read. The corresponding C function is
    /// `pidfd_send_signal`.
    public var isRunning: Bool {
        guard let stat = readFile(atPath: "/proc/\(processID)/stat", maximumBytes: 1024),
              let close = stat.lastIndex(of: UInt8(ascii: ")")), stat.index(close, offsetBy: 2) < stat.endIndex
        else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        guard state != UInt8(ascii: "Z"), state != UInt8(ascii: "X") else { return false }
        return clinux_pidfd_send_signal(rawValue, 0) == 0 || errno == EPERM
    }

    /// The `Pid:` line of a pidfd's `/proc/self/fdinfo` entry: the process's id here, -1 once
    /// it has ended (Linux 5.13), 0 when it is in no namespace this process sees; nil when the
    /// descriptor is no pidfd.
    static func processID(of descriptor: Int32) -> Int32? {
        guard let bytes = readFile(atPath: "/proc/self/fdinfo/\(descriptor)", maximumBytes: 4096) else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Pid:") {
            return Int32(line.dropFirst(4).filter { $0 != " " && $0 != "\t" })
        }
        return nil
    }
}
