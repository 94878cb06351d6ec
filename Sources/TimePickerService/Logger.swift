internal import Glibc
internal import TimePickerCore

/// Writes one line per event to stderr, with the journal's `<N>` priority prefix when stderr is
/// the journal (JOURNAL_STREAM is set).
public final class Logger {
    /// syslog priorities, as the journal reads them from the `<N>` prefix.
    public enum Priority: Int, Sendable {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7
    }

    private let verbose: Bool
    private let journal: Bool
    /// Lines kept back while a picker owns the terminal that stderr writes to.
    private var heldLines: [String]?
    /// How many lines are kept back at most; older ones give way so memory stays bounded.
    private let maximumHeldLines = 500

    public init(verbose: Bool) {
        self.verbose = verbose
        journal = getenv("JOURNAL_STREAM") != nil
    }

    /// Logs `message`; debug lines only with `--verbose`. Control characters are neutralised,
    /// since messages quote callers' text.
    public func log(_ priority: Priority, _ message: String) {
        guard priority != .debug || verbose else { return }
        let line = (journal ? "<\(priority.rawValue)>" : "timepickerd: ") + displaySafe(message) + "\n"
        if heldLines != nil {
            heldLines?.append(line)
            if let count = heldLines?.count, count > maximumHeldLines { heldLines?.removeFirst() }
        } else {
            write(line)
        }
    }

    /// Keeps lines back until `release()`, so they do not scribble over a picker on screen.
    public func hold() {
        if heldLines == nil { heldLines = [] }
    }

    /// Writes out the lines kept back and logs directly again.
    public func release() {
        let lines = heldLines ?? []
        heldLines = nil
        lines.forEach(write)
    }

    private func write(_ line: String) {
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { Glibc.write(2, $0 + offset, buffer.count - offset) } ?? 0
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
