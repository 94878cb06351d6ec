import Glibc
import TestHarness

/// Descriptors of every kind a peer might send, kept open for the whole test.
final class FuzzDescriptors {
    private(set) var all: [Int32] = []

    /// `terminals` are terminal sides a session may use; `borrowed` other descriptors of the
    /// test's own (a pty's controlling side), sent but not closed here.
    init(terminals: [Int32], borrowed: [Int32]) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw HarnessError("pipe failed") }
        all += ends
        var sockets: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0 else { throw HarnessError("socketpair failed") }
        all += sockets
        // A terminal open only for reading, and a new pseudo-terminal's controlling side:
        // terminals the daemon must refuse.
        let readOnlyTerminal = terminals.first.flatMap(terminalName(of:)) ?? "/dev/null"
        for (path, flags) in [("/dev/null", O_RDONLY), ("/", O_RDONLY), ("/proc/self/status", O_RDONLY),
                              (readOnlyTerminal, O_RDONLY | O_NOCTTY), ("/dev/ptmx", O_RDWR | O_NOCTTY)] {
            let descriptor = open(path, flags | O_CLOEXEC)
            guard descriptor >= 0 else { throw HarnessError("cannot open \(path)") }
            all.append(descriptor)
        }
        for descriptor in all { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        kept = terminals + borrowed
        all += kept
    }

    private var kept: [Int32] = []

    /// Closes the descriptors this pool opened (not the ones it was given).
    func close() {
        for descriptor in all where !kept.contains(descriptor) { Glibc.close(descriptor) }
        all = []
    }
}
