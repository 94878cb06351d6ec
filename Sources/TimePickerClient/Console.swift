internal import Glibc

/// Unbuffered output on the standard descriptors, so every line reaches its reader at once
/// (a script waiting on `monitor` sees each outcome as it happens, not when a buffer fills).
public enum Console {
    /// Writes `text` to stdout; false when it could not be written (the reader went away).
    @discardableResult
    public static func out(_ text: String) -> Bool {
        write(text, to: STDOUT_FILENO)
    }

    /// Reports `message` on stderr as one line, "timepickerctl: <message>".
    public static func error(_ message: String) {
        write("timepickerctl: \(message)\n", to: STDERR_FILENO)
    }

    /// Reports a usage error and the hint everyone expects after one: the help of the command
    /// the error is about.
    public static func usageError(_ message: String, topic: HelpTopic = .general) {
        let command = topic == .general ? "" : " \(topic.rawValue)"
        error(message + "\n" + ClientText.tryHelp("timepickerctl\(command) --help"))
    }

    /// Writes all of `text` to `descriptor`, retrying after signals and short writes.
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}
