public import TimePickerCore

/// A front end with nobody in front of it, for unit tests of what drives front ends (the
/// service): it records what it is asked to do, and reports what the test says the person did
/// or what became of its screen. It keeps the `PickerFrontEnd` contract, which
/// `PickerFrontEndConformance` checks of it as of every real front end.
public final class FakeFrontEnd: CallerTerminalFrontEnd {
    /// One thing the front end was asked to do, in the order asked.
    public enum Call: Equatable, Sendable {
        case show(PickerSessionID)
        case update(PickerSessionID)
        case withdraw(PickerSessionID)
        case shutdown
    }

    /// What `show` does with a session.
    public enum ShowBehaviour: Sendable {
        /// Shows it (it is in `shown`).
        case show
        /// Hands it back unseen, from inside `show`: `couldNotShow(message)`.
        case couldNotShow(String)
        /// Loses it at once, from inside `show`: `cannotShow(reason, message)`.
        case cannotShow(CancelReason, String)
    }

    public let kind: UserInterfaceKind
    public weak var delegate: (any PickerFrontEndDelegate)?
    /// Everything asked of it, in order.
    public private(set) var calls: [Call] = []
    /// The sessions shown now, with the state each was last given.
    public private(set) var shown: [PickerSessionID: PickerState] = [:]
    /// The foreground condition each session on a caller's terminal was shown with.
    public private(set) var foregroundConditions: [PickerSessionID: () -> Bool] = [:]
    /// What the next `show` does.
    public var showBehaviour = ShowBehaviour.show
    /// Whether `shutdown` calls `done` at once (true) or waits for `finishShutdown()`.
    public var givesBackAtOnce = true
    private var pendingShutdown: (() -> Void)?
    private var isShutDown = false

    public init(kind: UserInterfaceKind = .terminal) {
        self.kind = kind
    }

    // MARK: PickerFrontEnd

    public var isIdle: Bool { shown.isEmpty }

    public func show(_ session: PickerSessionID, _ state: PickerState) {
        calls.append(.show(session))
        guard !isShutDown else { return }
        switch showBehaviour {
        case .show:
            shown[session] = state
        case .couldNotShow(let message):
            delegate?.frontEnd(self, session: session, couldNotShow: message)
        case .cannotShow(let reason, let message):
            delegate?.frontEnd(self, session: session, cannotShow: reason, because: message)
        }
    }

    public func show(_ session: PickerSessionID, _ state: PickerState, whileInForeground isInForeground: @escaping () -> Bool) {
        foregroundConditions[session] = isInForeground
        show(session, state)
    }

    public func update(_ session: PickerSessionID, _ state: PickerState) {
        calls.append(.update(session))
        if shown[session] != nil { shown[session] = state }
    }

    public func withdraw(_ session: PickerSessionID) {
        calls.append(.withdraw(session))
        shown[session] = nil
        foregroundConditions[session] = nil
    }

    public func shutdown(then done: @escaping () -> Void) {
        calls.append(.shutdown)
        isShutDown = true
        shown.removeAll()
        if givesBackAtOnce { done() } else { pendingShutdown = done }
    }

    // MARK: What the test makes happen

    /// The person does `event` to `session`'s picker; nothing is reported for a session that is
    /// not shown, as no person could have seen it.
    public func personDoes(_ event: PickerEvent, in session: PickerSessionID) {
        guard shown[session] != nil else { return }
        delegate?.frontEnd(self, session: session, didReport: event)
    }

    /// The front end can no longer show `session` (its screen went away).
    public func lose(_ session: PickerSessionID, reason: CancelReason = .unavailable, because message: String = "the fake screen went away") {
        guard shown.removeValue(forKey: session) != nil else { return }
        delegate?.frontEnd(self, session: session, cannotShow: reason, because: message)
    }

    /// Calls the `done` a `shutdown` kept waiting (when `givesBackAtOnce` is false).
    public func finishShutdown() {
        let done = pendingShutdown
        pendingShutdown = nil
        done?()
    }

    /// How many times `call` was asked, for the session it names.
    public func count(_ call: Call) -> Int { calls.filter { $0 == call }.count }
}
