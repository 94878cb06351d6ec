internal import Glibc
internal import SystemKit

/// Unbuffered output on the standard descriptors, so every line reaches its reader at once
/// (a script waiting on `monitor` sees each outcome as it happens, not when a buffer fills).
enum Console {
    /// Writes `text` to stdout; false when it could not be written (the reader went away).
    @discardableResult
    static func out(_ text: String) -> Bool {
        StandardStream.output.write(text)
    }

    /// Reports `message` on stderr as one line, "timepickerctl: <message>".
    static func error(_ message: String) {
        StandardStream.error.write("timepickerctl: \(message)\n")
    }

    /// Reports a usage error and the hint everyone expects after one: the help of the command
    /// the error is about.
    static func usageError(_ message: String, topic: HelpTopic = .general) {
        let command = topic == .general ? "" : " \(topic.rawValue)"
        error(message + "\n" + ClientText.tryHelp("timepickerctl\(command) --help"))
    }
}
