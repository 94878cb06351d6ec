internal import Glibc
internal import SystemKit
internal import TimePickerCore

/// Writes one line per event to stderr, for the daemon and the dialog backend alike: with the
/// journal's `<N>` priority prefix when stderr is the journal (JOURNAL_STREAM names it), else
/// with the program's name.
///
/// Shaped like swift-log's `Logger`: one method per level, each taking its message as an
/// autoclosure, so a line below the threshold (a debug line without `--verbose`) is never built.
/// Not thread-safe: it belongs to the thread of the program's main loop, as everything it logs
/// about does.
public final class Logger {
    /// How urgent a line is: syslog's priorities, as the journal reads them from the `<N>` prefix.
    public enum Level: Int, Sendable, Comparable {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue > rhs.rawValue }
    }

    private let program: String
    /// Each line's start, by level (error first): made once, as lines are written for every session.
    private let prefixes: [String]
    private let verbose: Bool
    /// The least urgent level written: debug with `--verbose`, info otherwise, unless raised
    /// with `quietOnTerminal()`.
    private var threshold: Level
    private let journal: Bool
    /// Where lines go: stderr reopened non-blocking where it can be, so a stalled terminal or
    /// pipe drops log lines instead of stalling the program's loop.
    private let output: Int32
    private var droppedLines = 0
    /// Lines kept back while a picker owns the terminal that stderr writes to.
    private var heldLines: [String]?
    /// How many pickers hold the log back now (the daemon's terminal and a caller's may be one).
    private var holds = 0
    /// How many lines are kept back at most; older ones give way so memory stays bounded.
    private let maximumHeldLines = 500

    /// A logger for `program` ("timepickerd") on stderr, writing debug lines only when `verbose`.
    public convenience init(program: String, verbose: Bool) {
        // stderr is left as it is for the parent's sake; the log's own open file of it is the
        // non-blocking one.
        self.init(program: program, verbose: verbose, output: reopenNonBlocking(STDERR_FILENO) ?? STDERR_FILENO)
    }

    /// A logger for `program` writing to `output` (a test's own file), debug lines only when
    /// `verbose`. The descriptor stays the caller's.
    public init(program: String, verbose: Bool, output: Int32) {
        self.program = program
        self.verbose = verbose
        threshold = verbose ? .debug : .info
        let journal = Self.isJournal(output)
        self.journal = journal
        self.output = output
        prefixes = [Level.error, .warning, .notice, .info, .debug].map { level in Self.prefix(level, of: program, journal: journal) }
    }

    /// Whether `descriptor` is the journal's stream: JOURNAL_STREAM names its device and inode,
    /// and is inherited by children whose stderr may be anything else (systemd.exec(5) says to
    /// compare the two). The corresponding C function is `fstat`.
    private static func isJournal(_ descriptor: Int32) -> Bool {
        guard let value = getenv("JOURNAL_STREAM").map({ String(cString: $0) }) else { return false }
        let parts = value.split(separator: ":")
        var status = stat()
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]), fstat(descriptor, &status) == 0 else {
            return false
        }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    /// Written only with `--verbose`; the message is not built otherwise.
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }

    /// Logs `message` at `level` when the threshold lets it through. Control characters are
    /// neutralised, since messages quote callers' text.
    private func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level >= threshold else { return }
        var line = prefix(level)
        line.append(displaySafe(message()))
        line.append("\n")
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
        guard !verbose, !journal, isatty(output) == 1 else { return }
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
        switch writeAll(text, to: output) {
        case .complete: droppedLines = 0
        // A line cut short is not counted: its start is out, and the next line says nothing of it.
        case .blocked(let written), .failed(let written, _): if written == 0 { droppedLines += 1 }
        }
    }

    /// What a line at `level` begins with (`prefix(_:of:journal:)`).
    private func prefix(_ level: Level) -> String {
        prefixes[level.rawValue - Level.error.rawValue]
    }

    /// "<4>" for the journal; "timepickerd: " or "timepickerd: warning: " elsewhere.
    private static func prefix(_ level: Level, of program: String, journal: Bool) -> String {
        if journal { return "<\(level.rawValue)>" }
        switch level {
        case .error: return "\(program): error: "
        case .warning: return "\(program): warning: "
        default: return "\(program): "
        }
    }
}
