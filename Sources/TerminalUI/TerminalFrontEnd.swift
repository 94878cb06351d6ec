public import EventLoop
internal import Glibc
public import TimePickerCore

/// Whose terminal a front end draws on.
public enum TerminalOwner: Sendable {
    /// The daemon's own: restored even when the daemon crashes, and used only while the daemon
    /// is in the terminal's foreground.
    case daemon
    /// A caller's (the `terminal` option): the caller is in its foreground and restores it.
    case caller
}

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
    private let owner: TerminalOwner
    /// Set by `shutdown`: nothing is shown any more, so ending sessions cannot start the next.
    private var isShutDown = false
    private var decoder = KeyDecoder()
    private var shown: (id: PickerSessionID, model: PickerModel)?
    private var waiting: [(id: PickerSessionID, model: PickerModel)] = []
    private var inputWatch: DescriptorWatch?
    /// Set once the terminal has hung up: nothing can be shown on it any more.
    private var isGone = false

    /// Uses the terminal on `input` and `output` (often the same descriptor); throws when
    /// `input` is not a terminal. The descriptors stay the caller's.
    public init(input: Int32, output: Int32, loop: EventLoop, owner: TerminalOwner) throws(TerminalError) {
        self.input = input
        self.output = TerminalOutput(descriptor: output, loop: loop)
        self.loop = loop
        self.owner = owner
        terminal = try RawTerminal(fileDescriptor: input)
        self.output.onFailure = { [weak self] in self?.terminalHungUp() }
    }

    /// Whether no session is shown or waiting.
    public var isIdle: Bool { shown == nil && waiting.isEmpty }

    public func show(session: PickerSessionID, model: PickerModel) {
        if isGone || isShutDown {
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
        isShutDown = true
        waiting.removeAll()
        takeDownShown()
        // The descriptor is about to be closed: nothing may be left to write to its number.
        output.stop()
    }

    /// Draws the shown session again, for instance after the terminal was resized.
    public func redraw() {
        guard let shown else { return }
        let size = terminal.windowSize()
        write(PickerFrame.render(shown.model, waiting: waiting.count, columns: size.columns, rows: size.rows))
    }

    // MARK: Showing one session

    /// Shows `session`; false (and `.unavailable` reported) when the terminal cannot be used now.
    @discardableResult
    private func begin(_ session: PickerSessionID, _ model: PickerModel) -> Bool {
        // A daemon put in the background (`&`, Ctrl-Z then `bg`) must not take the terminal
        // from the shell; SIGTTOU is ignored, so the check is this. A terminal that is not the
        // daemon's controlling one (tcgetpgrp fails) has no job control to respect.
        let foreground = owner == .daemon ? tcgetpgrp(input) : -1
        if foreground >= 0, foreground != getpgrp() {
            delegate?.frontEnd(session: session, didFinish: .cancelled(.unavailable))
            return false
        }
        // Saved before raw mode, so a crash puts back the settings the person had.
        if owner == .daemon { installCrashRestore(for: input) }
        do {
            try terminal.enterRawMode()
        } catch {
            if owner == .daemon { removeCrashRestore() }
            delegate?.frontEnd(session: session, didFinish: .cancelled(.unavailable))
            return false
        }
        shown = (session, model)
        decoder = KeyDecoder()
        onScreenOwnershipChange?(true)
        write(PickerFrame.enter)
        inputWatch = loop.watch(input, for: .readable) { [weak self] _ in self?.readKeys() }
        redraw()
        return true
    }

    private func takeDownShown() {
        guard shown != nil else { return }
        shown = nil
        inputWatch?.cancel()
        inputWatch = nil
        write(PickerFrame.leave)
        terminal.restore()
        if owner == .daemon { removeCrashRestore() }
        onScreenOwnershipChange?(false)
    }

    /// Shows the next waiting session; one that cannot be shown is reported and the next tried.
    private func showNext() {
        while shown == nil, !isShutDown, !waiting.isEmpty {
            let next = waiting.removeFirst()
            begin(next.id, next.model)
        }
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
