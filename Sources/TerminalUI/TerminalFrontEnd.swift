public import EventLoop
internal import Glibc
public import TimePickerCore

/// Shows picker sessions one at a time on a terminal: keys in, frames out.
///
/// The terminal is in raw mode and on its alternate screen only while a session is shown, and is
/// put back after each one and on `shutdown`. Sessions that arrive meanwhile wait their turn.
public final class TerminalFrontEnd: PickerFrontEnd {
    public let kind = "terminal"
    public weak var delegate: (any PickerFrontEndDelegate)?
    /// Told `true` when a picker takes the screen and `false` when it gives it back, so that
    /// whoever else writes to this terminal (the log) can hold back meanwhile.
    public var onScreenOwnershipChange: ((Bool) -> Void)?

    private let input: Int32
    private let output: TerminalOutput
    private let loop: EventLoop
    private let terminal: RawTerminal
    /// Whether a crash restores this terminal: the daemon's own, not a client's, which the
    /// client restores itself (and the crash handler has room for one terminal only).
    private let restoresOnCrash: Bool
    private var decoder = KeyDecoder()
    private var shown: (id: PickerSessionID, model: PickerModel)?
    private var waiting: [(id: PickerSessionID, model: PickerModel)] = []
    private var inputWatch: DescriptorWatch?
    /// Set once the terminal has hung up: nothing can be shown on it any more.
    private var isGone = false

    /// Uses the terminal on `input` and `output` (often the same descriptor); throws when
    /// `input` is not a terminal. The descriptors stay the caller's.
    public init(input: Int32, output: Int32, loop: EventLoop, restoresOnCrash: Bool = true) throws(TerminalError) {
        self.input = input
        self.output = TerminalOutput(descriptor: output, loop: loop)
        self.loop = loop
        self.restoresOnCrash = restoresOnCrash
        terminal = try RawTerminal(fileDescriptor: input)
        self.output.onFailure = { [weak self] in self?.terminalHungUp() }
    }

    /// Whether no session is shown or waiting.
    public var isIdle: Bool { shown == nil && waiting.isEmpty }

    public func show(session: PickerSessionID, model: PickerModel) {
        if isGone {
            delegate?.frontEnd(session: session, didFinish: .cancelled(.unavailable))
        } else if shown == nil {
            begin(session, model)
        } else {
            waiting.append((session, model))
            redraw()
        }
    }

    public func withdraw(session: PickerSessionID) {
        if shown?.id == session {
            takeDownShown()
            showNext()
        } else {
            waiting.removeAll { $0.id == session }
            redraw()
        }
    }

    public func shutdown() {
        waiting.removeAll()
        takeDownShown()
    }

    /// Draws the shown session again, for instance after the terminal was resized.
    public func redraw() {
        guard let shown else { return }
        let size = terminal.windowSize()
        write(PickerFrame.render(shown.model, waiting: waiting.count, columns: size.columns, rows: size.rows))
    }

    // MARK: Showing one session

    private func begin(_ session: PickerSessionID, _ model: PickerModel) {
        // Saved before raw mode, so a crash puts back the settings the person had.
        if restoresOnCrash { installCrashRestore(for: input) }
        do {
            try terminal.enterRawMode()
        } catch {
            if restoresOnCrash { removeCrashRestore() }
            delegate?.frontEnd(session: session, didFinish: .cancelled(.unavailable))
            return
        }
        shown = (session, model)
        decoder = KeyDecoder()
        onScreenOwnershipChange?(true)
        write(PickerFrame.enter)
        inputWatch = loop.watch(input, for: .readable) { [weak self] _ in self?.readKeys() }
        redraw()
    }

    private func takeDownShown() {
        guard shown != nil else { return }
        shown = nil
        inputWatch?.cancel()
        inputWatch = nil
        write(PickerFrame.leave)
        terminal.restore()
        if restoresOnCrash { removeCrashRestore() }
        onScreenOwnershipChange?(false)
    }

    private func showNext() {
        guard shown == nil, !waiting.isEmpty else { return }
        let next = waiting.removeFirst()
        begin(next.id, next.model)
    }

    private func readKeys() {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { return }
        guard count > 0 else {
            terminalHungUp()
            return
        }
        for key in decoder.decode(buffer.prefix(count)) {
            guard let current = shown, let event = pickerEvent(for: key) else { continue }
            let id = current.id
            var model = current.model
            if let outcome = model.apply(event) {
                // Keys typed after the decision belong to no picker the person has seen yet.
                takeDownShown()
                delegate?.frontEnd(session: id, didFinish: outcome)
                showNext()
                return
            }
            if model != shown?.model {
                shown?.model = model
                delegate?.frontEnd(session: id, didChange: model)
            }
        }
        redraw()
    }

    /// The terminal is gone: nobody can pick on it, now or later.
    private func terminalHungUp() {
        guard !isGone else { return }
        isGone = true
        let ended = (shown.map { [$0.id] } ?? []) + waiting.map(\.id)
        waiting.removeAll()
        takeDownShown()
        for id in ended { delegate?.frontEnd(session: id, didFinish: .cancelled(.unavailable)) }
    }

    private func write(_ text: String) {
        output.write(text)
    }
}
