import CLinux
import Glibc
public import SystemKit

/// Work other threads hand to an event loop: the only thread-safe way into one, for a library
/// whose loop runs on a thread of its own (`TimePicker`'s picks and outcome streams).
///
/// Posting wakes the loop through an eventfd it watches; the work then runs on the loop's
/// thread, in the order posted.
public final class LoopMailbox: @unchecked Sendable {
    // Unchecked: `pending` is behind its lock; `watch` is made in init and cancelled in
    // `close`, both on the loop's thread; the descriptor is written from any thread.
    private let pending = Locked<[@Sendable () -> Void]>([])
    private let descriptor: Int32
    private var watch: DescriptorWatch?
    /// Read only on the loop's thread, by `stopLoop`'s work.
    private weak var loop: EventLoop?

    /// A mailbox for `loop`; call it on the loop's thread.
    public init(loop: EventLoop) throws(SystemError) {
        let descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard descriptor >= 0 else { throw SystemError("eventfd") }
        self.descriptor = descriptor
        self.loop = loop
        watch = loop.watch(descriptor, for: .readable) { [unowned self] _ in self.deliver() }
    }

    deinit {
        watch?.cancel()
        Glibc.close(descriptor)
    }

    /// Runs `work` on the loop's thread soon; callable from any thread.
    public func post(_ work: @escaping @Sendable () -> Void) {
        pending.withLock { $0.append(work) }
        var one: UInt64 = 1
        // A full counter (2^64 - 2 posts unread) cannot happen; EAGAIN would mean the loop is
        // already due to wake.
        _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Makes the loop's `run()` return; callable from any thread.
    public func stopLoop() {
        post { [unowned self] in self.loop?.stop() }
    }

    /// Runs what was posted, on the loop's thread.
    private func deliver() {
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
        let work = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        work.forEach { $0() }
    }
}
