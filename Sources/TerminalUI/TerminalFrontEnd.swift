public import EventLoop
internal import Glibc
public import TimePickerCore
internal import Localization
public import SystemKit

/// Shows picker sessions one at a time on a terminal: keys in as events, the states it is
/// given out as frames.
///
/// The terminal is in raw mode only while a session is shown, the picker on the alternate screen
/// of the daemon's own terminal and below the cursor on a caller's (`TerminalOwner.placement`),
/// and all of it is put back after each one and on `shutdown`. Sessions that arrive meanwhile
/// wait their turn, whichever process asked first, and the shown picker says which wait.
///
/// It redraws when the terminal's size changes: on SIGWINCH for the daemon's own terminal (the
/// daemon calls `redraw`), and for a caller's, whose SIGWINCH goes to the caller's processes, by
/// reading the size (TIOCGWINSZ) at every key and every `terminalCheckMilliseconds` while a
/// picker is shown. A session with a timeout is redrawn each second for its countdown.
public final class TerminalFrontEnd: CallerTerminalFrontEnd {
    public let kind = UserInterfaceKind.terminal
    public weak var delegate: (any PickerFrontEndDelegate)?
    /// Told `true` when a picker takes the screen and `false` when it gives it back, so that
    /// whoever else writes to this terminal (the log) can hold back meanwhile.
    public var onScreenOwnershipChange: ((Bool) -> Void)?
    /// Told, once per change, when the terminal stops or starts taking output again, or is
    /// gone: for the log.
    public var onProblem: ((String) -> Void)?

    /// One session for this terminal; `isInForeground` says whether its caller's job holds the
    /// terminal's foreground now (nil: no such condition).
    private struct Entry {
        let id: PickerSessionID
        var state: PickerState
        let isInForeground: (() -> Bool)?
        /// Draws it, with its labels and title measured once.
        let frame: PickerFrame
    }

    private let input: Int32
    private let output: TerminalOutput
    private let loop: EventLoop
    private let terminal: RawTerminal
    private let owner: TerminalOwner
    private let placement: FramePlacement
    /// Label tables of the grids sessions here have used.
    private var labelCache = SlotLabelCache()
    /// The frame the last session was given: the next with the same options draws with it, its
    /// title, layouts and last frame already made (`PickerFrame.fits`).
    private var lastFrame: PickerFrame?
    /// The size the shown picker was last drawn for.
    private var drawnSize: TerminalSize?
    /// Redraws the shown picker when its countdown changes.
    private var countdownTimer: Timer?
    /// When the last picker was taken down, on the monotonic clock.
    private var tookDownAt: Int?
    /// Until when the shown picker is redrawn at every terminal check: it took over a caller's
    /// terminal from another, whose caller prints its result (or its reason) only once it has
    /// its answer, at the cursor, where this picker is already drawn. Drawn again, the picker
    /// moves below what the caller printed.
    private var redrawAfterHandOverUntil: Int?
    /// How long after a hand-over the picker is redrawn so.
    private let handOverMilliseconds = 1000
    /// Set by `shutdown`: nothing is shown any more, so ending sessions cannot start the next.
    private var isShutDown = false
    private var decoder = KeyDecoder()
    private var shown: Entry?
    private var waiting: [Entry] = []
    private var inputWatch: DescriptorWatch?
    /// Looks again at the terminal's foreground while a session waits for it or is shown on a
    /// caller's terminal (no event says when a shell hands the terminal to another job), and at a
    /// caller's terminal's size while a picker is shown there (its SIGWINCH is not the daemon's).
    private var terminalCheck: Timer?
    /// How often the foreground and the size are looked at then.
    private let terminalCheckMilliseconds = 200
    /// Set once the terminal has hung up: nothing can be shown on it any more.
    private var isGone = false
    /// Set once `tcgetpgrp` said the terminal is not the daemon's controlling one (ENOTTY): the
    /// daemon opens every terminal with O_NOCTTY, so it never becomes one, and the question is
    /// not asked again for every session.
    private var isNotControlling = false
    /// A redraw is due on the next turn of the loop: several updates in one turn draw once.
    private var redrawScheduled = false

    /// Uses the terminal on `input` and `output` (often the same descriptor); throws when
    /// `input` is not a terminal. The descriptors stay the caller's.
    public init(input: Int32, output: Int32, loop: EventLoop, owner: TerminalOwner) throws(SystemError) {
        self.input = input
        self.output = TerminalOutput(descriptor: output, loop: loop)
        self.loop = loop
        self.owner = owner
        placement = owner.placement
        terminal = try RawTerminal(fileDescriptor: input)
        // Once, with the settings the person had: a crash puts those back.
        if owner.restoresOnCrash { installCrashRestore(for: input, settings: terminal.originalSettings, placement: placement) }
        self.output.onConditionChange = { [weak self] condition in self?.outputConditionChanged(condition) }
    }

    /// Whether no session is shown or waiting.
    public var isIdle: Bool { shown == nil && waiting.isEmpty }

    public func show(_ session: PickerSessionID, _ state: PickerState) {
        enqueue(session, state, isInForeground: nil)
    }

    public func show(_ session: PickerSessionID, _ state: PickerState, whileInForeground isInForeground: @escaping () -> Bool) {
        enqueue(session, state, isInForeground: isInForeground)
    }

    public func update(_ session: PickerSessionID, _ state: PickerState) {
        if shown?.id == session {
            shown?.state = state
            scheduleRedraw()
        } else if let index = waiting.firstIndex(where: { $0.id == session }) {
            waiting[index].state = state
        }
    }

    public func withdraw(_ session: PickerSessionID) {
        if shown?.id == session {
            takeDownShown()
            showNext()
        } else if let index = waiting.firstIndex(where: { $0.id == session }) {
            waiting.remove(at: index)
            updateTerminalCheck()
            scheduleRedraw()
        }
    }

    public func shutdown(then done: @escaping () -> Void) {
        isShutDown = true
        waiting.removeAll()
        takeDownShown()
        terminalCheck?.cancel()
        // The descriptor is about to be closed: nothing may be left to write to its number.
        output.stop()
        done()
    }

    /// Draws the shown session again, for instance after the terminal was resized, and times
    /// the countdown's next redraw.
    public func redraw() {
        guard let shown else { return }
        let rendered = render(shown)
        drawnSize = rendered.size
        output.draw(rendered.frame)
        scheduleCountdown(for: shown, now: rendered.now)
    }

    /// `entry`'s frame for the terminal's size now, with that size and the time the frame
    /// shows. Only the view: it draws nothing and schedules nothing (bubbletea's `View`).
    private func render(_ entry: Entry) -> (frame: [UInt8], size: TerminalSize, now: Int) {
        let windowSize = terminal.windowSize()
        let size = TerminalSize(columns: windowSize.columns, rows: windowSize.rows)
        let now = MonotonicClock.now()
        let frame = entry.frame.render(
            entry.state, size: size, placement: placement, waiting: waiting.map(\.frame.title), now: now,
            resized: placement == .inline && drawnSize != nil && drawnSize != size)
        return (frame, size, now)
    }

    /// Redraws when the terminal's size is no longer the one the picker was drawn for.
    private func redrawIfResized() {
        guard shown != nil, let drawnSize else { return }
        let size = terminal.windowSize()
        if TerminalSize(columns: size.columns, rows: size.rows) != drawnSize { scheduleRedraw() }
    }

    /// Redraws when the whole seconds left of `entry`'s timeout change; nothing without a timeout.
    private func scheduleCountdown(for entry: Entry, now: Int) {
        countdownTimer?.cancel()
        countdownTimer = nil
        guard let deadline = entry.state.deadline, deadline > now else { return }
        let untilNextSecond = (deadline - now - 1) % 1000 + 1
        countdownTimer = loop.schedule(afterMilliseconds: untilNextSecond) { [weak self] in
            guard let self, self.shown?.id == entry.id else { return }
            self.countdownTimer = nil
            self.redraw()
        }
    }

    /// Queues a session and shows it when its turn comes; a terminal that is gone cannot show it.
    private func enqueue(_ session: PickerSessionID, _ state: PickerState, isInForeground: (() -> Bool)?) {
        guard !isGone, !isShutDown else {
            delegate?.frontEnd(self, session: session, cannotShow: .unavailable, because: "the terminal is gone")
            return
        }
        let words = TerminalWords.forLocale(state.options.locale)
        let labels = labelCache.labels(for: state.options.grid, clock: state.options.clock, text: words.text)
        let frame = lastFrame.flatMap { $0.fits(state.options, labels: labels, words: words) ? $0 : nil }
            ?? PickerFrame(options: state.options, labels: labels, words: words)
        lastFrame = frame
        let entry = Entry(id: session, state: state, isInForeground: isInForeground, frame: frame)
        waiting.append(entry)
        if shown == nil {
            showNext()
        } else {
            scheduleRedraw()
        }
    }

    /// Redraws on the next turn of the loop, once however many changes come before it.
    private func scheduleRedraw() {
        guard !redrawScheduled, shown != nil else { return }
        redrawScheduled = true
        loop.runSoon { [weak self] in
            guard let self else { return }
            self.redrawScheduled = false
            self.redraw()
        }
    }

    // MARK: Showing one session

    /// Shows the first waiting session that may be shown now; one that cannot be shown at all
    /// is reported and the next tried. Sessions waiting for the foreground stay queued.
    private func showNext() {
        while shown == nil, !isShutDown, !isGone, let index = waiting.firstIndex(where: isInForeground) {
            let next = waiting.remove(at: index)
            begin(next)
        }
        updateTerminalCheck()
    }

    /// Whether `entry`'s caller holds the terminal's foreground, when that matters.
    private func isInForeground(_ entry: Entry) -> Bool {
        entry.isInForeground?() ?? true
    }

    /// Shows `entry`; reports `.unavailable` when the terminal cannot be used for it.
    private func begin(_ entry: Entry) {
        // A daemon put in the background (`&`, Ctrl-Z then `bg`) must not take the terminal
        // from the shell; SIGTTOU is ignored, so the check is this. A terminal that is not the
        // daemon's controlling one (tcgetpgrp fails) has no job control to respect.
        var foreground: pid_t = -1
        if owner == .daemon, !isNotControlling {
            foreground = tcgetpgrp(input)
            isNotControlling = foreground < 0 && errno == ENOTTY
        }
        if foreground >= 0, foreground != getpgrp() {
            delegate?.frontEnd(self, session: entry.id, cannotShow: .unavailable, because: "the daemon is not in its terminal's foreground")
            return
        }
        do {
            try terminal.enterRawMode()
        } catch {
            delegate?.frontEnd(self, session: entry.id, cannotShow: .unavailable, because: "the terminal cannot be put in raw mode: \(error)")
            return
        }
        if owner.restoresOnCrash { setCrashRestoreShown(true) }
        let now = MonotonicClock.now()
        if owner == .caller, let tookDownAt, now - tookDownAt < handOverMilliseconds {
            redrawAfterHandOverUntil = now + handOverMilliseconds
        } else {
            redrawAfterHandOverUntil = nil
        }
        shown = entry
        decoder = KeyDecoder()
        onScreenOwnershipChange?(true)
        inputWatch = loop.watch(input, for: .readable) { [weak self] _ in self?.readKeys() }
        // The screen and the first frame in one write.
        let rendered = render(entry)
        drawnSize = rendered.size
        output.enterScreen(PickerFrame.enter(placement, columns: rendered.size.columns) + rendered.frame)
        scheduleCountdown(for: entry, now: rendered.now)
    }

    private func takeDownShown() {
        guard shown != nil else { return }
        shown = nil
        drawnSize = nil
        tookDownAt = MonotonicClock.now()
        countdownTimer?.cancel()
        countdownTimer = nil
        inputWatch?.cancel()
        inputWatch = nil
        output.leaveScreen(PickerFrame.leave(placement))
        terminal.restore()
        if owner.restoresOnCrash { setCrashRestoreShown(false) }
        onScreenOwnershipChange?(false)
    }

    // MARK: The foreground and size of a caller's terminal

    /// Runs the terminal check while a session is shown on condition or waits for one, and
    /// while a picker is shown on a caller's terminal.
    private func updateTerminalCheck() {
        let needed = shown?.isInForeground != nil || waiting.contains { $0.isInForeground != nil }
            || (shown != nil && owner == .caller)
        guard needed, !isShutDown, !isGone else {
            terminalCheck?.cancel()
            terminalCheck = nil
            return
        }
        guard terminalCheck == nil else { return }
        terminalCheck = loop.schedule(afterMilliseconds: terminalCheckMilliseconds) { [weak self] in
            guard let self else { return }
            self.terminalCheck = nil
            self.checkTerminal()
        }
    }

    /// Puts the shown session back in the queue when its job left the foreground (the shell
    /// took the terminal back), shows a waiting one whose job is there now, and redraws the
    /// shown one when the terminal was resized.
    private func checkTerminal() {
        if let current = shown, !isInForeground(current) {
            takeDownShown()
            waiting.insert(current, at: 0)
        }
        if shown == nil {
            showNext()
        } else {
            if let until = redrawAfterHandOverUntil, MonotonicClock.now() < until {
                scheduleRedraw()
            } else {
                redrawAfterHandOverUntil = nil
                redrawIfResized()
            }
            updateTerminalCheck()
        }
    }

    // MARK: Keys

    private func readKeys() {
        // Keys typed while the shell has the terminal are the shell's: not read, not taken.
        if let current = shown, !isInForeground(current) {
            checkTerminal()
            return
        }
        redrawIfResized()
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        let keys: Int
        switch TerminalRead(count: count, error: errno) {
        case .bytes(let count): keys = count
        case .nothingYet: return
        case .hungUp:
            terminalHungUp()
            return
        case .failed(let error):
            readFailed(error)
            return
        }
        for key in decoder.decode(buffer.prefix(keys)) {
            guard let current = shown, let event = pickerEvent(for: key) else { continue }
            delegate?.frontEnd(self, session: current.id, didReport: event)
            // The event may have ended the session (and shown the next): keys typed after a
            // decision belong to no picker the person has seen yet.
            guard shown?.id == current.id else { return }
        }
    }

    // MARK: The terminal's condition

    private func outputConditionChanged(_ condition: TerminalOutput.Condition) {
        switch condition {
        case .stalled:
            onProblem?("the terminal is not taking output; only the latest picker will be drawn once it does")
        case .flowing:
            onProblem?("the terminal takes output again")
        case .failed:
            onProblem?("the terminal is gone; pickers cannot be shown on it any more")
            terminalHungUp()
        }
    }

    /// A read failed on a terminal that did not hang up: the picker shown cannot take keys, so
    /// its session ends saying why; the terminal stays usable for the next.
    private func readFailed(_ error: Int32) {
        guard let current = shown else { return }
        takeDownShown()
        delegate?.frontEnd(self, session: current.id, cannotShow: .unavailable,
                           because: "cannot read the terminal: \(String(cString: strerror(error)))")
        showNext()
    }

    /// The terminal is gone: nobody can pick on it, now or later.
    private func terminalHungUp() {
        guard !isGone else { return }
        isGone = true
        terminalCheck?.cancel()
        terminalCheck = nil
        let ended = (shown.map { [$0.id] } ?? []) + waiting.map(\.id)
        waiting.removeAll()
        takeDownShown()
        output.stop()
        for id in ended { delegate?.frontEnd(self, session: id, cannotShow: .unavailable, because: "the terminal is gone") }
    }
}
