internal import Glibc

/// What became of writing all of some bytes to a descriptor.
public enum WriteOutcome: Equatable, Sendable {
    /// Every byte was written.
    case complete
    /// A non-blocking descriptor took `written` bytes and then no more (EAGAIN): wait until it
    /// is writable, then write the rest.
    case blocked(written: Int)
    /// The write failed with `errno` after `written` bytes: the reader is gone or the
    /// descriptor unusable.
    case failed(written: Int, errno: Int32)
}

/// Writes all of `bytes` to `descriptor`, retrying after signals and short writes, until it is
/// done, the descriptor would block, or the write fails. The corresponding C function is `write`.
public func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> WriteOutcome {
    bytes.withContiguousStorageIfAvailable { buffer in
        guard let base = buffer.baseAddress else { return .complete }
        var offset = 0
        while offset < buffer.count {
            let written = retryingAfterInterrupts { Glibc.write(descriptor, base + offset, buffer.count - offset) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return .blocked(written: offset)
            } else {
                // write(2) returns 0 only for a count of 0, which the loop never asks for.
                return .failed(written: offset, errno: written < 0 ? errno : EIO)
            }
        }
        return .complete
    } ?? writeAll(Array(bytes), to: descriptor)
}

/// Writes all of `text` to `descriptor` (see `writeAll(_:to:)`).
public func writeAll(_ text: String, to descriptor: Int32) -> WriteOutcome {
    var text = text
    return text.withUTF8 { writeAll($0, to: descriptor) }
}

