internal import EventLoop
internal import Glibc

/// Writes to a terminal without stalling the event loop: what a non-blocking terminal cannot
/// take now waits until it is writable again.
///
/// A terminal whose reader stopped (a suspended terminal emulator, a client's pty nobody
/// drains) cannot make the daemon wait; past `maximumPending` bytes it is given up on.
final class TerminalOutput {
    private let descriptor: Int32
    private let loop: EventLoop
    private var pending: [UInt8] = []
    private var writableWatch: DescriptorWatch?
    private let maximumPending = 1 << 20
    /// Called once when the terminal is gone or stopped taking output.
    var onFailure: (() -> Void)?
    private(set) var hasFailed = false

    init(descriptor: Int32, loop: EventLoop) {
        self.descriptor = descriptor
        self.loop = loop
    }

    deinit { writableWatch?.cancel() }

    /// Queues `text` behind what is pending and writes as much as the terminal takes now.
    func write(_ text: String) {
        guard !hasFailed else { return }
        pending.append(contentsOf: text.utf8)
        guard pending.count <= maximumPending else {
            fail()
            return
        }
        flush()
    }

    /// Stops for good: drops what is pending and writes nothing more, so the descriptor can be
    /// closed without a write reaching whatever reuses its number.
    func stop() {
        hasFailed = true
        discardPending()
    }

    /// Drops what is pending: the screen it was for is being taken down anyway.
    func discardPending() {
        pending.removeAll()
        writableWatch?.cancel()
        writableWatch = nil
    }

    private func flush() {
        while !pending.isEmpty {
            let written = pending.withUnsafeBytes { buffer in
                buffer.baseAddress.map { Glibc.write(descriptor, $0, buffer.count) } ?? 0
            }
            if written > 0 {
                pending.removeFirst(written)
                continue
            }
            if written < 0, errno == EINTR { continue }
            if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                waitUntilWritable()
                return
            }
            fail()
            return
        }
        writableWatch?.cancel()
        writableWatch = nil
    }

    private func waitUntilWritable() {
        guard writableWatch == nil else { return }
        writableWatch = loop.watch(descriptor, for: .writable) { [weak self] events in
            guard let self else { return }
            if events.contains(.error) || events.contains(.hangUp) {
                self.fail()
            } else {
                self.writableWatch?.cancel()
                self.writableWatch = nil
                self.flush()
            }
        }
    }

    private func fail() {
        guard !hasFailed else { return }
        hasFailed = true
        discardPending()
        onFailure?()
    }
}
