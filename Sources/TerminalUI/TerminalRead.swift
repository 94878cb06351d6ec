internal import Glibc

/// What one `read(2)` of a terminal means for the picker on it: keys, nothing after all, a
/// terminal that is gone, or a read that failed on a terminal that is still there.
enum TerminalRead: Equatable {
    /// This many bytes of keys.
    case bytes(Int)
    /// Interrupted, or nothing to read after all: wait for the next readiness.
    case nothingYet
    /// End of file or EIO: the terminal hung up (its emulator closed, the line dropped).
    case hungUp
    /// Any other error: this read failed, but nothing says the terminal is gone.
    case failed(errno: Int32)

    /// The meaning of `read` returning `count`, with `error` the errno it set when negative.
    init(count: Int, error: Int32) {
        if count > 0 {
            self = .bytes(count)
        } else if count == 0 {
            self = .hungUp
        } else {
            switch error {
            case EINTR, EAGAIN, EWOULDBLOCK: self = .nothingYet
            case EIO: self = .hungUp
            default: self = .failed(errno: error)
            }
        }
    }
}
