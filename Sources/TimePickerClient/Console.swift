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
        StandardStream.error.write(errorLine(message))
    }

    /// "timepickerctl: <message>" and its newline.
    private static func errorLine(_ message: String) -> String { "timepickerctl: \(message)\n" }

    /// Writes an outcome's `text` (its range, or "timepickerctl: <message>" for any other) to
    /// `stream`, each line's rest erased when `stream` is a terminal: the next caller's picker,
    /// waiting for this terminal, is drawn at the cursor the moment this pick ends, and moves
    /// below once this is printed; a shorter line would show the end of that picker's first
    /// line after it. False when it could not be written.
    @discardableResult
    static func outcome(_ text: String, on stream: StandardStream) -> Bool {
        let line = stream == .error ? errorLine(text) : text
        guard isatty(stream.descriptor) == 1 else { return stream.write(line) }
        return stream.write(line.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\u{1B}[K\n"))
    }

    /// Reports a usage error and the hint everyone expects after one: the help of the command
    /// the error is about.
    static func usageError(_ message: String, topic: HelpTopic = .general) {
        let command = topic == .general ? "" : " \(topic.rawValue)"
        error(message + "\n" + ClientText.tryHelp("timepickerctl\(command) --help"))
    }
}
