internal import TimePickerContract
public import DBusKit
public import EventLoop
public import TimePickerCore

/// Shows picker sessions as dialog windows drawn by a dialog backend, a process of its own on
/// the bus (`timepickerd-gtk`, or another program with the backend interface), as
/// xdg-desktop-portal shows its dialogs through backends.
///
/// The session's state stays in the daemon: the backend reports what the person does (Event),
/// this front end hands it to the service, and sends the state the service answers with
/// (Update). Every call is asynchronous on the daemon's connection, so a frozen backend never
/// stalls the daemon; one that crashes ends the sessions it showed with "unavailable"; one
/// that cannot show a dialog at all (none installed, no display) hands the session back
/// unseen (`couldNotShow`), so the service can show it elsewhere.
public final class DialogFrontEnd: PickerFrontEnd {
    public let kind = "dialog"
    public weak var delegate: (any PickerFrontEndDelegate)?
    /// Told what went wrong with the backend short of ending a session, for the log.
    public var onProblem: ((String) -> Void)?

    /// One session's dialog.
    private final class Dialog {
        let session: PickerSessionID
        let handle: ObjectPath
        /// The latest state the service gave.
        var state: PickerState
        /// The backend process the ShowPicker went to; nil while its owner is being found.
        var owner: BusName?
        /// The ShowPicker call, given up when the session ends first: a backend that never
        /// answers it must not hold the daemon's memory for every dialog it was ever shown.
        var showing: PendingCall?
        /// What the backend draws now (the last state sent): the service's latest state still
        /// has to be sent while it differs, and an unchanged state is not sent.
        var sent: Drawn
        /// An Update is out; the next waits for its answer, so a frozen backend holds one call.
        var updateInFlight = false
        /// ShowPicker went to an owner that had just left: sent again once, to the new one.
        var retried = false
        /// The person accepted: the events that say what they saw are being reported, and
        /// nothing more goes to the backend.
        var accepted = false

        init(session: PickerSessionID, handle: ObjectPath, state: PickerState) {
            self.session = session
            self.handle = handle
            self.state = state
            sent = Drawn(state)
        }
    }

    /// The parts of a state a backend draws from Update.
    private struct Drawn: Equatable {
        let start: WallClockTime
        let end: WallClockTime
        let focus: PickerColumn
        let typed: String

        init(_ state: PickerState) {
            start = state.start
            end = state.end
            focus = state.focus
            typed = state.typed
        }
    }

    private let backend: DialogBackend
    private let loop: EventLoop
    /// The handle each session's dialog goes by: the session's object path, as the backend
    /// interface documents.
    private let handleForSession: (PickerSessionID) -> ObjectPath?
    private var dialogs: [PickerSessionID: Dialog] = [:]
    /// The unique name that owns the backend's name, once known.
    private var owner: BusName?
    /// Sessions waiting for the owner to be found (the backend may be starting).
    private var waitingForOwner: [PickerSessionID] = []
    private var resolving = false
    private var isShutDown = false
    /// How long `shutdown` lets the backend close its dialogs.
    private let stopGraceMilliseconds = 2000

    /// Shows dialogs through the backend named `backendName` on `connection`; `handle` gives a
    /// session's object path.
    public init(
        backendName: BusName, connection: DBusConnection, loop: EventLoop,
        handle: @escaping (PickerSessionID) -> ObjectPath?
    ) {
        backend = DialogBackend(name: backendName, connection: connection)
        self.loop = loop
        handleForSession = handle
        connection.addMatch(MatchRule.nameOwnerChanged(of: backendName.rawValue))
        connection.addSignalObserver { [weak self] signal in self?.handle(signal) }
    }

    public func show(_ session: PickerSessionID, _ state: PickerState) {
        guard !isShutDown, dialogs[session] == nil else { return }
        let handle = handleForSession(session)
            ?? TimePickerBus.managerPath.appending("dialog")!.appending(String(session.rawValue))!
        dialogs[session] = Dialog(session: session, handle: handle, state: state)
        waitingForOwner.append(session)
        sendWaiting()
    }

    public func update(_ session: PickerSessionID, _ state: PickerState) {
        guard let dialog = dialogs[session], !dialog.accepted else { return }
        dialog.state = state
        sendUpdate(of: dialog)
    }

    public func withdraw(_ session: PickerSessionID) {
        guard let dialog = dialogs.removeValue(forKey: session) else { return }
        waitingForOwner.removeAll { $0 == session }
        if let owner = dialog.owner, !dialog.accepted { backend.close(at: owner, handle: dialog.handle) }
        dialog.showing?.cancel()
    }

    /// Closes every dialog; `done` once the backend answered every Close, or after
    /// `stopGraceMilliseconds` if it keeps the daemon waiting.
    public func shutdown(then done: @escaping () -> Void) {
        guard !isShutDown else { return }
        isShutDown = true
        let open = dialogs.values.compactMap { dialog in dialog.owner.map { ($0, dialog.handle) } }
        for dialog in dialogs.values { dialog.showing?.cancel() }
        dialogs.removeAll()
        waitingForOwner.removeAll()
        let closed = AllOrDeadline(count: open.count, atMostMilliseconds: stopGraceMilliseconds, on: loop, then: done)
        for (owner, handle) in open {
            backend.close(at: owner, handle: handle) { closed.finishedOne() }
        }
    }

    // MARK: Showing

    /// Sends ShowPicker for the sessions that wait, finding the backend's owner first.
    private func sendWaiting() {
        guard !waitingForOwner.isEmpty else { return }
        guard let owner else {
            findOwner()
            return
        }
        let waiting = waitingForOwner
        waitingForOwner.removeAll()
        for session in waiting {
            guard let dialog = dialogs[session] else { continue }
            showPicker(dialog, at: owner)
        }
    }

    /// Starts the backend if needed and learns its owner; the sessions waiting go on or, when
    /// there is no backend to be had, go back unseen.
    private func findOwner() {
        guard !resolving else { return }
        resolving = true
        backend.resolveOwner { [weak self] result in
            guard let self, !self.isShutDown else { return }
            self.resolving = false
            switch result {
            case .success(let owner):
                self.owner = owner
                self.sendWaiting()
            case .failure(let failure):
                let waiting = self.waitingForOwner
                self.waitingForOwner.removeAll()
                for session in waiting where self.dialogs.removeValue(forKey: session) != nil {
                    self.delegate?.frontEnd(self, session: session, couldNotShow: failure.message)
                }
            }
        }
    }

    private func showPicker(_ dialog: Dialog, at owner: BusName) {
        dialog.owner = owner
        dialog.sent = Drawn(dialog.state)
        let state = dialog.state
        dialog.showing = backend.showPicker(
            at: owner, handle: dialog.handle, parentWindow: state.options.parentWindow?.text ?? "",
            options: DialogOptions.forShowPicker(state, now: MonotonicClock.now())
        ) { [weak self, weak dialog] result in
            guard let self, let dialog, self.dialogs[dialog.session] === dialog else { return }
            self.answered(dialog, sentTo: owner, result)
        }
    }

    /// ShowPicker's late reply: the person's choice, or why there is no dialog.
    private func answered(_ dialog: Dialog, sentTo owner: BusName, _ result: Result<DialogBackend.Response, DialogBackend.Failure>) {
        let session = dialog.session
        switch result {
        case .success(.accepted(let start, let end)):
            // What the person saw and accepted, should the Update for their last moves still be
            // on its way; then OK. Results that are no selection the dialog could have shown
            // (missing, not times, not slots, an end the start does not allow) select nothing:
            // taking half of them, or the daemon's state instead, would be a choice nobody made.
            guard let (start, end) = Self.selection(start, end, in: dialog.state) else {
                dialogs[session] = nil
                let results = "start \(start.map { quotedForMessage($0) } ?? "missing"), end \(end.map { quotedForMessage($0) } ?? "missing")"
                delegate?.frontEnd(
                    self, session: session, cannotShow: .unavailable,
                    because: "the dialog backend \(backend.name) answered OK with no selection the dialog could show (\(results))")
                return
            }
            dialog.accepted = true
            for event in [PickerEvent.set(.start, start), .set(.end, end), .confirm] where dialogs[session] === dialog {
                delegate?.frontEnd(self, session: session, didReport: event)
            }
            if dialogs[session] === dialog { dialogs[session] = nil }
        case .success(.cancelled):
            dialogs[session] = nil
            delegate?.frontEnd(self, session: session, didReport: .cancel)
        case .success(.ended(let reason)):
            // The dialog was never shown (no display, too many dialogs): Close was not called.
            dialogs[session] = nil
            delegate?.frontEnd(self, session: session, couldNotShow: "the dialog backend \(backend.name) showed no dialog: \(reason)")
        case .failure(let failure) where failure.isAbsent && !dialog.retried:
            // The owner left just before the call (a backend exiting when idle): once more,
            // through whoever owns the name now.
            dialog.retried = true
            if self.owner == owner { self.owner = nil }
            dialog.owner = nil
            waitingForOwner.append(session)
            sendWaiting()
        case .failure(let failure) where failure.isRefusal:
            // Refused (no such object or method, options it does not take): nobody saw it.
            dialogs[session] = nil
            delegate?.frontEnd(self, session: session, couldNotShow: failure.message)
        case .failure(let failure):
            dialogs[session] = nil
            delegate?.frontEnd(self, session: session, cannotShow: .unavailable, because: failure.message)
        }
    }

    /// The selection in ShowPicker's results, when both times are there and `state`'s picker
    /// can hold them together.
    private static func selection(_ start: String?, _ end: String?, in state: PickerState) -> (WallClockTime, WallClockTime)? {
        guard let start = start.flatMap(WallClockTime.init(parsing:)), let end = end.flatMap(WallClockTime.init(parsing:)),
              state.allowsSelection(start: start, end: end)
        else { return nil }
        return (start, end)
    }

    // MARK: Updating

    /// Sends the dialog's latest state when it differs from what the backend draws, one
    /// Update at a time.
    private func sendUpdate(of dialog: Dialog) {
        let state = dialog.state
        guard !dialog.updateInFlight, let owner = dialog.owner, Drawn(state) != dialog.sent else { return }
        dialog.sent = Drawn(state)
        dialog.updateInFlight = true
        backend.update(at: owner, handle: dialog.handle, state: DialogOptions.forUpdate(state, now: MonotonicClock.now())) {
            [weak self, weak dialog] failure in
            guard let self, let dialog else { return }
            dialog.updateInFlight = false
            if let failure, self.dialogs[dialog.session] === dialog {
                // The dialog ending crosses an Update now and then; ShowPicker's reply says how
                // it ended. Anything else is worth a line in the log.
                self.onProblem?("\(dialog.handle): \(failure.message)")
            }
            self.sendUpdate(of: dialog)
        }
    }

    // MARK: Signals

    /// The backend's Event signals, and its name changing owner.
    private func handle(_ signal: DBusMessage) {
        if let previous = backend.previousOwner(in: signal) {
            // The next dialog goes to whoever owns the name next. The dialogs of an owner that
            // left end through their ShowPicker calls, which the bus fails when their recipient
            // disconnects (and a call it never delivered is sent again).
            if owner?.rawValue == previous { owner = nil }
            return
        }
        // A dialog's events come from the process that shows it, the one its ShowPicker went
        // to, even after another took the backend's name over (its dialogs stay its own).
        guard let (sender, handle, text) = DialogBackend.event(in: signal),
              let dialog = dialogs.values.first(where: { $0.handle == handle && $0.owner == sender && !$0.accepted }),
              let event = PickerEvent(wireText: text), Self.isBackendEvent(event)
        else { return }
        delegate?.frontEnd(self, session: dialog.session, didReport: event)
    }

    /// Confirming and cancelling come as ShowPicker's reply, never as events.
    private static func isBackendEvent(_ event: PickerEvent) -> Bool {
        switch event {
        case .confirm, .cancel: false
        default: true
        }
    }
}
