internal import EventLoop
internal import Glibc
internal import SystemKit

/// Writes a picker's screen to a terminal without ever stalling the event loop or piling up
/// output: while the terminal does not take output (a suspended terminal emulator, Ctrl-S, a
/// caller's pty nobody reads), only what still matters waits, and it goes out once it drains.
///
/// Three kinds of output, with what waiting means for each:
/// - entering the picker's screen (`enterScreen`) and leaving it (`leaveScreen`) must reach the
///   terminal in order, except that a screen left before it was ever entered cancels out;
/// - a frame (`draw`) replaces any frame that has not started going out: only the latest
///   state of the picker is worth drawing;
/// - bytes already handed to the terminal are finished first, so no escape sequence is cut.
/// So what waits is at most one screen change, one frame and one unfinished write.
///
/// The rules hold for a picker drawn inline below the shell's cursor (`FramePlacement.inline`)
/// as for one on the alternate screen: every inline frame begins and ends at the picker's
/// top-left corner, so a frame dropped before it started leaves the cursor where the next one
/// expects it, and leaving (erasing from that corner down) is right whenever it goes out.
final class TerminalOutput {
    /// Whether the terminal takes output; `failed` is for good (hung up, or an error).
    enum Condition: Equatable {
        case flowing, stalled, failed
    }

    /// One piece of output not started yet.
    private enum Chunk {
        case enter([UInt8]), frame([UInt8]), leave([UInt8])
    }

    private let descriptor: Int32
    private let loop: EventLoop
    /// Bytes the terminal took part of: finished before anything else.
    private var unfinished: [UInt8] = []
    private var queue: [Chunk] = []
    private var writableWatch: DescriptorWatch?
    /// Set at the first failure, before the owner is told on a later turn.
    private var hasFailed = false
    private(set) var condition = Condition.flowing {
        didSet { if condition != oldValue { onConditionChange?(condition) } }
    }
    /// Told when the condition changes; `failed` is told once, on a later turn of the loop,
    /// never from inside a write, so whoever wrote is not re-entered.
    var onConditionChange: ((Condition) -> Void)?

    init(descriptor: Int32, loop: EventLoop) {
        self.descriptor = descriptor
        self.loop = loop
    }

    deinit { writableWatch?.cancel() }

    /// Queues the sequence that puts the picker's screen up, and its first frame with it.
    func enterScreen(_ text: [UInt8]) {
        append(.enter(text))
    }

    /// Queues `frame` in place of any frame that has not started going out.
    func draw(_ frame: [UInt8]) {
        if case .frame? = queue.last { queue.removeLast() }
        append(.frame(frame))
    }

    /// Queues the sequence that takes the picker's screen down; a screen that never went up is
    /// simply forgotten, with the frames meant for it.
    func leaveScreen(_ text: [UInt8]) {
        if let entered = queue.lastIndex(where: { if case .enter = $0 { true } else { false } }) {
            queue.removeSubrange(entered...)
            return
        }
        if case .frame? = queue.last { queue.removeLast() }
        append(.leave(text))
    }

    /// Stops for good: drops everything waiting and writes nothing more, so the descriptor can
    /// be closed without a write reaching whatever reuses its number.
    /// The owner asked for it, so it is not told.
    func stop() {
        hasFailed = true
        onConditionChange = nil
        unfinished.removeAll()
        queue.removeAll()
        writableWatch?.cancel()
        writableWatch = nil
        condition = .failed
    }

    private func append(_ chunk: Chunk) {
        guard !hasFailed else { return }
        queue.append(chunk)
        if writableWatch == nil { flush() }
    }

    /// Writes what waits, in order, until the terminal stops taking it.
    private func flush() {
        while !hasFailed {
            if unfinished.isEmpty {
                guard !queue.isEmpty else { break }
                switch queue.removeFirst() {
                case .enter(let text), .frame(let text), .leave(let text): unfinished = text
                }
            }
            switch writeAll(unfinished, to: descriptor) {
            case .complete:
                unfinished.removeAll(keepingCapacity: true)
            case .blocked(let written):
                unfinished.removeFirst(written)
                condition = .stalled
                waitUntilWritable()
                return
            case .failed:
                fail()
                return
            }
        }
        writableWatch?.cancel()
        writableWatch = nil
        if condition == .stalled { condition = .flowing }
    }

    private func waitUntilWritable() {
        guard writableWatch == nil else { return }
        writableWatch = loop.watch(descriptor, for: .writable) { [weak self] events in
            guard let self else { return }
            self.writableWatch?.cancel()
            self.writableWatch = nil
            if events.contains(.error) || events.contains(.hangUp) {
                self.fail()
            } else {
                self.flush()
            }
        }
    }

    /// The terminal is gone: nothing more is written, and the owner hears of it on the next turn.
    private func fail() {
        guard !hasFailed else { return }
        hasFailed = true
        unfinished.removeAll()
        queue.removeAll()
        loop.runSoon { [weak self] in self?.condition = .failed }
    }
}
