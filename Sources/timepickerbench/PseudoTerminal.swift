import CLinux
import Foundation
import Glibc
import Synchronization

/// A pseudo-terminal for the daemon: it gets the terminal side as stdin and stdout; a thread
/// drains the controller side all the time, since a terminal nobody reads fills up and would
/// stall the daemon's writes. It counts what the daemon drew.
final class PseudoTerminal: Sendable {
    let controller: Int32
    let terminal: Int32
    private let drained = Atomic<Int>(0)

    init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&controller, &terminal, nil, nil, &size) == 0 else { throw BenchError("openpty failed") }
        _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
        _ = fcntl(terminal, F_SETFD, FD_CLOEXEC)
        self.controller = controller
        self.terminal = terminal
        Thread { [self] in drain() }.start()
    }

    /// Bytes the daemon has written to the terminal so far.
    var bytesDrawn: Int { drained.load(ordering: .relaxed) }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
            if count > 0 {
                drained.add(count, ordering: .relaxed)
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EIO {
                // Nobody holds the terminal side open just now (between start-ups).
                pause(seconds: 0.01)
            } else {
                return
            }
        }
    }
}
