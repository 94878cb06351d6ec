internal import EventLoop
internal import Glibc
internal import SystemKit

/// Ctrl-C, SIGTERM and SIGHUP turned into loop work while a pick holds this program's terminal,
/// so that the session is cancelled and the terminal restored before the program goes on.
///
/// A library cannot block signals for the whole process (signalfd needs every thread to), so
/// this installs handlers that write the signal's number to a pipe the loop watches, and puts
/// the program's own handlers back when it ends; a signal the program ignores is left ignored.
/// One at a time in a process: a second pick that wants it while one holds it goes without
/// (there is one terminal to restore).
final class InterruptWatch {
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// Whether a watch holds the handlers now.
    private static let held = Locked(false)

    private let pipeEnds: (read: Int32, write: Int32)
    private var previous: [Int32: sigaction] = [:]
    private var watch: DescriptorWatch?

    /// Calls `handler` on `loop` with each of the signals that arrives; nil when another watch
    /// holds them, or a pipe cannot be made.
    init?(loop: EventLoop, handler: @escaping (Int32) -> Void) {
        guard Self.held.withLock({ held in defer { held = true }; return !held }) else { return nil }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            Self.held.withLock { $0 = false }
            return nil
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        pipeEnds = (ends[0], ends[1])
        // Before the handlers: the handler only reads this.
        interruptPipe = ends[1]
        for signal in Self.signals {
            var old = sigaction()
            // One the program ignores stays ignored (`nohup`, a script's `cmd &`, `trap '' INT`):
            // it was meant to end neither the program nor its pick.
            guard sigaction(signal, nil, &old) == 0, !Self.isIgnored(old) else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = interruptHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            if sigaction(signal, &action, &old) == 0 { previous[signal] = old }
        }
        watch = loop.watch(ends[0], for: .readable) { [readEnd = ends[0]] _ in
            var number: Int32 = 0
            while read(readEnd, &number, MemoryLayout<Int32>.size) == MemoryLayout<Int32>.size {
                handler(number)
            }
        }
    }

    /// Whether `action` is SIG_IGN.
    private static func isIgnored(_ action: sigaction) -> Bool {
        action.sa_flags & SA_SIGINFO == 0
            && unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Puts the program's own handlers back.
    func end() {
        guard let watch else { return }
        watch.cancel()
        self.watch = nil
        for (signal, var action) in previous { sigaction(signal, &action, nil) }
        interruptPipe = -1
        close(pipeEnds.read)
        close(pipeEnds.write)
        Self.held.withLock { $0 = false }
    }

    deinit { end() }
}

/// Where the handler writes: read once in the handler, set only while no handler is installed.
nonisolated(unsafe) private var interruptPipe: Int32 = -1

/// Async-signal-safe: one write to a non-blocking pipe, errno kept.
private func interruptHandler(_ signal: Int32) {
    let saved = errno
    var number = signal
    _ = write(interruptPipe, &number, MemoryLayout<Int32>.size)
    errno = saved
}
