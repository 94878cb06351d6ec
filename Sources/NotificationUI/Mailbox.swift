internal import CLinux
internal import EventLoop
internal import Glibc
internal import Synchronization

/// Carries messages from one thread to another: a locked queue, and an eventfd that a poll
/// loop (or a GLib source) on the receiving side waits on.
///
/// Senders that could flood it (a notification server sending actions as fast as it likes)
/// post with a limit, past which their messages are dropped: memory stays bounded.
final class Mailbox<Message: Sendable>: Sendable {
    /// Readable while messages wait.
    let descriptor: Int32
    private let messages = Mutex<[Message]>([])

    init() throws(SystemError) {
        let descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard descriptor >= 0 else { throw SystemError("eventfd") }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Queues `message` and wakes the receiver; never blocks. With `limit`, the message is
    /// dropped (false) when that many messages already wait.
    @discardableResult
    func post(_ message: Message, limit: Int = .max) -> Bool {
        let queued = messages.withLock { waiting in
            guard waiting.count < limit else { return false }
            waiting.append(message)
            return true
        }
        guard queued else { return false }
        var one: UInt64 = 1
        _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
        return true
    }

    /// Takes every waiting message, oldest first.
    func takeAll() -> [Message] {
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
        return messages.withLock { waiting in
            defer { waiting.removeAll() }
            return waiting
        }
    }
}
