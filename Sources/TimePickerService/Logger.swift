internal import EventLoop
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
    /// The least urgent priority written: debug with `--verbose`, info otherwise, unless
    /// raised with `quietOnTerminal()`.
    private var threshold: Priority
    private let journal: Bool
    /// stderr reopened non-blocking where it can be, so a stalled terminal or pipe drops log
    /// lines instead of stalling the daemon.
    private let output: Int32
    private var droppedLines = 0
    /// Lines kept back while a picker owns the terminal that stderr writes to.
    private var heldLines: [String]?
    /// How many pickers hold the log back now (the daemon's terminal and a caller's may be one).
    private var holds = 0
    /// How many lines are kept back at most; older ones give way so memory stays bounded.
    private let maximumHeldLines = 500

    public init(verbose: Bool) {
        self.verbose = verbose
        threshold = verbose ? .debug : .info
        journal = getenv("JOURNAL_STREAM") != nil
        output = reopenNonBlocking(STDERR_FILENO) ?? STDERR_FILENO
    }

    /// Logs `message`; debug lines only with `--verbose`. Control characters are neutralised,
    /// since messages quote callers' text.
    public func log(_ priority: Priority, _ message: String) {
        guard priority.rawValue <= threshold.rawValue else { return }
        let line = prefix(priority) + displaySafe(message) + "\n"
        if heldLines != nil {
            heldLines?.append(line)
            if let count = heldLines?.count, count > maximumHeldLines { heldLines?.removeFirst() }
        } else {
            write(line)
        }
    }

    /// Without `--verbose`, logs only notices, warnings and errors when stderr is a terminal the
    /// daemon does not draw on: the terminal of the shell whose bus started it (under
    /// `dbus-run-session`), where a line for every picker would land among the person's work.
    public func quietOnTerminal() {
        guard !verbose, !journal, isatty(STDERR_FILENO) == 1 else { return }
        threshold = .notice
    }

    /// Keeps lines back until the matching `release()`, so they do not scribble over a picker
    /// on screen.
    public func hold() {
        holds += 1
        if heldLines == nil { heldLines = [] }
    }

    /// Once every `hold()` is released: writes out the lines kept back and logs directly again.
    public func release() {
        holds = max(0, holds - 1)
        guard holds == 0 else { return }
        let lines = heldLines ?? []
        heldLines = nil
        lines.forEach(write)
    }

    private func write(_ line: String) {
        let text = droppedLines > 0 ? "\(prefix(.warning))\(droppedLines) log lines dropped: stderr was not taking them\n" + line : line
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { Glibc.write(output, $0 + offset, buffer.count - offset) } ?? 0
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                if offset == 0 { droppedLines += 1 }
                return
            }
            offset += written
        }
        droppedLines = 0
    }

    private func prefix(_ priority: Priority) -> String {
        journal ? "<\(priority.rawValue)>" : "timepickerd: "
    }
}
