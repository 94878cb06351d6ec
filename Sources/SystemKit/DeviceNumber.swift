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

extension DeviceNumber {
    /// The device the file open on `descriptor` is (`st_rdev`: for a terminal, which terminal),
    /// or nil when fstat fails. The corresponding C function is `fstat`.
    public init?(ofDeviceOpenOn descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(stat: UInt64(status.st_rdev))
    }
}
