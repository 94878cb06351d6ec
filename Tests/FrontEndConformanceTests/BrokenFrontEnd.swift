import Foundation
import FrontEndTesting
import TimePickerCore

/// A front end with one defect against the `PickerFrontEnd` contract, for showing that
/// `PickerFrontEndConformance` catches it. Without a defect it keeps the contract: it shows
/// every session at once, in the test's memory.
final class BrokenFrontEnd: PickerFrontEnd {
    /// What it does wrong.
    enum Defect: String, CaseIterable, Sendable {
        /// `show` puts nothing in front of the person.
        case showsNothing
        /// `show` reports an event the person never made.
        case reportsUnasked
        /// `update` is not drawn.
        case drawsNoUpdate
        /// The person's action is reported for another session shown, if there is one.
        case reportsForAnotherSession
        /// The report comes on a thread of its own.
        case reportsOnAnotherThread
        /// `withdraw` leaves the picker up.
        case keepsWithdrawnShown
        /// `withdraw` reports a last event for the session it takes down.
        case reportsAfterWithdraw
        /// After an event that ends the session, one more event is reported for it (a front end
        /// that reports several in a row without looking whether the session is still shown).
        case reportsAfterEnding
        /// Confirming reports a move first: the selection confirmed is not the one seen.
        case confirmsUnseenSelection
        /// A time on the next day is drawn without its mark: "02:00", not "02:00 (next day)".
        case dropsNextDayMark
        /// A time the clock shows twice is drawn as the first of the two, whichever it is (a
        /// front end that finds its row by the clock time alone).
        case confusesRepeatedTimes
        /// Losing its peer, it says nothing.
        case losesSilently
        /// Losing its peer, it reports each session lost twice.
        case losesTwice
        /// Losing its peer, it hands back sessions the person saw (`couldNotShow`).
        case handsBackSeenSessions
        /// `shutdown` calls `done` twice.
        case callsDoneTwice
        /// `shutdown` never calls `done`.
        case neverCallsDone
        /// After `shutdown` its sessions stay its own (it ignores the withdrawals that follow),
        /// so losing its peer then, it reports them lost.
        case reportsAfterShutdown
        /// With its peer stalled, `update` waits for it (once, to keep the test short).
        case blocksOnStalledPeer
    }

    let kind = UserInterfaceKind.terminal
    weak var delegate: (any PickerFrontEndDelegate)?
    private let defect: Defect?
    /// What the person sees: the sessions shown, with the state each was drawn with.
    private(set) var screen: [PickerSessionID: PickerState] = [:]
    /// Every session shown and not withdrawn, in the order shown.
    private var open: [PickerSessionID] = []
    private var isGone = false
    private var isShutDown = false
    var isStalled = false
    private var hasBlocked = false

    init(_ defect: Defect?) {
        self.defect = defect
    }

    func show(_ session: PickerSessionID, _ state: PickerState) {
        guard !isGone else {
            delegate?.frontEnd(self, session: session, couldNotShow: "the broken screen is gone")
            return
        }
        open.append(session)
        if defect != .showsNothing { screen[session] = state }
        if defect == .reportsUnasked { delegate?.frontEnd(self, session: session, didReport: .moveToLast) }
    }

    func update(_ session: PickerSessionID, _ state: PickerState) {
        if isStalled, defect == .blocksOnStalledPeer, !hasBlocked {
            hasBlocked = true
            Thread.sleep(forTimeInterval: 0.7)
        }
        guard screen[session] != nil, defect != .drawsNoUpdate else { return }
        screen[session] = state
    }

    func withdraw(_ session: PickerSessionID) {
        if isShutDown, defect == .reportsAfterShutdown { return }
        open.removeAll { $0 == session }
        if defect != .keepsWithdrawnShown { screen[session] = nil }
        if defect == .reportsAfterWithdraw { delegate?.frontEnd(self, session: session, didReport: .move(by: 1)) }
    }

    func shutdown(then done: @escaping () -> Void) {
        isShutDown = true
        screen.removeAll()
        switch defect {
        case .neverCallsDone: break
        case .callsDoneTwice:
            done()
            done()
        default: done()
        }
    }

    /// What the person sees of `session`: its state as drawn, with the defect's mistake.
    func seen(_ session: PickerSessionID) -> SeenPicker? {
        guard let state = screen[session] else { return nil }
        let grid = state.options.grid
        func drawn(_ index: Int) -> SeenTime {
            switch defect {
            case .dropsNextDayMark:
                var time = SeenTime(grid, index)
                time.isNextDay = false
                return time
            case .confusesRepeatedTimes:
                let first = (0..<grid.count).first { grid[$0].minutes == grid[index].minutes } ?? index
                return SeenTime(grid, first)
            default:
                return SeenTime(grid, index)
            }
        }
        return SeenPicker(start: drawn(state.startIndex), end: drawn(state.endIndex))
    }

    /// The person does `event` in `session`, if they can see it.
    func personDoes(_ event: PickerEvent, in session: PickerSessionID) {
        guard screen[session] != nil else { return }
        let reported = defect == .reportsForAnotherSession ? (open.first { $0 != session } ?? session) : session
        if defect == .confirmsUnseenSelection, event == .confirm { report(.move(by: 1), for: reported) }
        report(event, for: reported)
        if defect == .reportsAfterEnding, event == .confirm || event == .cancel { report(.move(by: 1), for: reported) }
    }

    /// The screen goes: every session shown is lost.
    func loseScreen() {
        isGone = true
        let lost = open
        screen.removeAll()
        for session in lost {
            switch defect {
            case .losesSilently: break
            case .handsBackSeenSessions: delegate?.frontEnd(self, session: session, couldNotShow: "the broken screen is gone")
            case .losesTwice:
                delegate?.frontEnd(self, session: session, cannotShow: .unavailable, because: "the broken screen is gone")
                delegate?.frontEnd(self, session: session, cannotShow: .unavailable, because: "the broken screen is gone")
            default: delegate?.frontEnd(self, session: session, cannotShow: .unavailable, because: "the broken screen is gone")
            }
        }
    }

    private func report(_ event: PickerEvent, for session: PickerSessionID) {
        guard defect == .reportsOnAnotherThread else {
            delegate?.frontEnd(self, session: session, didReport: event)
            return
        }
        let call = UncheckedCall { [self] in delegate?.frontEnd(self, session: session, didReport: event) }
        let thread = Thread { call.run() }
        thread.start()
        while !call.hasRun { Thread.sleep(forTimeInterval: 0.001) }
    }
}

/// A call made on another thread, for the defect that does so; the test waits for it.
private final class UncheckedCall: @unchecked Sendable {
    // Unchecked: `finished` is only touched with `lock` held.
    private let body: () -> Void
    private let lock = NSLock()
    private var finished = false

    init(_ body: @escaping () -> Void) {
        self.body = body
    }

    /// Whether `run` has returned.
    var hasRun: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }

    func run() {
        body()
        lock.lock()
        finished = true
        lock.unlock()
    }
}
