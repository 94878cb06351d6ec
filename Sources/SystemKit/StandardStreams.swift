internal import Glibc

/// The process's standard output and error, written unbuffered: every line reaches its reader
/// at once (a script reading `timepickerctl monitor` sees each outcome as it happens), and a
/// program that exits right after loses nothing.
public enum StandardStream {
    case output, error

    /// The descriptor: 1 or 2.
    public var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }

    /// Writes all of `text`; false when it could not (the reader went away).
    @discardableResult
    public func write(_ text: String) -> Bool {
        writeAll(text, to: descriptor) == .complete
    }
}
