public import CallerApps
internal import PeerDelivery
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
///
/// Like the notification path, the backend is sent what is true now, not every request: at
/// most four ShowPicker calls the backend process has not yet taken are out (a
/// `DeliveryQueue`, as for notifications), the sessions beyond wait here, their callers (told
/// apart by app, not by connection: `CallerKey`) taking turns, and one that ends while it waits
/// is never sent; each dialog has at most one Update out, carrying the latest state. Each
/// ShowPicker has a handle of its own (the session's path and a serial), so nothing said about
/// one dialog reaches another. A dialog's life is its `Dialog.Phase`.
public final class DialogFrontEnd: PickerFrontEnd, HandOverTarget {
    public let kind = UserInterfaceKind.dialog
    public weak var delegate: (any PickerFrontEndDelegate)?
    /// Told what went wrong with the backend short of ending a session, for the log.
    public var onProblem: ((String) -> Void)?

    private let backend: BackendProxy
    private let loop: EventLoop
    /// A session's object path, below which its dialogs' handles are made.
    private let sessionPath: (PickerSessionID) -> ObjectPath?
    /// Who asked for a session (nil when the service no longer knows it): whose turn it is.
    private let caller: (PickerSessionID) -> CallerKey?
    private var dialogs: [PickerSessionID: Dialog] = [:]
    /// The sessions waiting for a ShowPicker, each with the attempt it waits for, and the
    /// ShowPicker calls each backend process has not yet taken. A ShowPicker's own reply comes
    /// only when the dialog ends, so one counts until the backend answered a call sent after
    /// it (`BackendProxy.confirmTaken`) or answered it, whichever comes first.
    private var queue = ShowPickerQueue()
    /// The serial of the next ShowPicker: never reused while the daemon runs.
    private var nextSerial: UInt64 = 1
    /// The unique name that owns the backend's name, once known.
    private var owner: BusName?
    private var resolving = false
    private var isShutDown = false
    /// How long `shutdown` lets the backend close its dialogs.
    private let stopGraceMilliseconds = 2000
    /// What the bus said of the backend: its name has an owner; an activation file provides it.
    private var backendHasOwner = false
    private var backendIsActivatable = false
    /// The backend showed no dialog (no display), or could not be started: no window is likely
    /// until another process owns its name.
    private var backendFailed = false

    /// Whether a session handed over now would likely get a window: the backend runs, or the
    /// bus can start it, and has not just failed to show one. Asked of the bus once, without
    /// waiting, and kept up to date as the backend's name changes hands.
    public var acceptsHandOver: Bool { !isShutDown && !backendFailed && (backendHasOwner || backendIsActivatable) }

    /// Sessions waiting for a ShowPicker, by caller and backend process.
    private typealias ShowPickerQueue = DeliveryQueue<PickerSessionID, CallerKey?, Dialog.Attempt, BusName>

    /// Shows dialogs through the backend named `backendName` on `bus`; `caller` tells who
    /// asked for a session, so that callers take turns; `sessionPath` gives its object path.
    public init(
        backendName: BusName, bus: any MessageBus, loop: EventLoop,
        caller: @escaping (PickerSessionID) -> CallerKey?,
        sessionPath: @escaping (PickerSessionID) -> ObjectPath?
    ) {
        backend = BackendProxy(name: backendName, bus: bus)
        self.loop = loop
        self.caller = caller
        self.sessionPath = sessionPath
        bus.addMatch(MatchRule.nameOwnerChanged(of: backendName))
        bus.addSignalObserver { [weak self] signal in self?.handle(signal) }
        backend.askAvailability { [weak self] hasOwner, isActivatable in
            guard let self else { return }
            // A NameOwnerChanged that came before this answer is newer than it.
            self.backendHasOwner = self.backendHasOwner || hasOwner
            self.backendIsActivatable = isActivatable
        }
    }

    public func show(_ session: PickerSessionID, _ state: PickerState) {
        guard !isShutDown, dialogs[session] == nil else { return }
        dialogs[session] = Dialog(session: session, state: state)
        queue.want(.first, for: session, of: caller(session))
        sendWaiting()
    }

    public func update(_ session: PickerSessionID, _ state: PickerState) {
        guard let dialog = dialogs[session] else { return }
        if case .accepted = dialog.phase { return }
        dialog.state = state
        sendUpdate(of: dialog)
    }

    public func withdraw(_ session: PickerSessionID) {
        guard let dialog = dialogs.removeValue(forKey: session) else { return }
        // Still waiting: the backend never hears of it. Sent: Close follows the ShowPicker on
        // the same connection, so a backend that has not built the dialog yet need not.
        queue.withdraw(session)
        guard let shown = dialog.atBackend else { return }
        backend.close(at: shown.owner, handle: shown.handle)
        shown.call?.cancel()
    }

    /// Closes every dialog; `done` once the backend answered every Close, or after
    /// `stopGraceMilliseconds` if it keeps the daemon waiting.
    public func shutdown(then done: @escaping () -> Void) {
        guard !isShutDown else { return }
        isShutDown = true
        let open = dialogs.values.compactMap(\.atBackend)
        for shown in open { shown.call?.cancel() }
        dialogs.removeAll()
        _ = queue.removeAllWaiting()
        let closed = AllOrDeadline(count: open.count, atMostMilliseconds: stopGraceMilliseconds, on: loop, then: done)
        for shown in open {
            backend.close(at: shown.owner, handle: shown.handle) { closed.finishedOne() }
        }
    }

    // MARK: Showing

    /// Sends ShowPicker for the sessions that wait, as far as the in-flight limit allows,
    /// finding the backend's owner first.
    private func sendWaiting() {
        guard queue.hasWaiting, !isShutDown else { return }
        guard let owner else {
            findOwner()
            return
        }
        while self.owner == owner, let send = queue.next(to: owner) {
            guard let dialog = dialogs[send.session] else {
                queue.settle(send.ticket)
                continue
            }
            showPicker(dialog, send.wish, at: owner, counted: send.ticket)
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
                self.backendFailed = true
                for (session, _) in self.queue.removeAllWaiting() where self.dialogs.removeValue(forKey: session) != nil {
                    self.delegate?.frontEnd(self, session: session, couldNotShow: failure.message)
                }
            }
        }
    }

    /// Sends `dialog`'s ShowPicker (its `attempt`, counted under `ticket`) to `owner` under a
    /// new serial and handle, and right behind it the call whose answer says the backend has
    /// taken it.
    private func showPicker(_ dialog: Dialog, _ attempt: Dialog.Attempt, at owner: BusName, counted ticket: ShowPickerQueue.Ticket) {
        let serial = nextSerial
        nextSerial += 1
        let handle = dialogHandle(for: dialog.session, serial: serial)
        let state = dialog.state
        dialog.phase = .sent(Dialog.BackendDialog(serial: serial, handle: handle, owner: owner, attempt: attempt, drawn: Dialog.Drawn(state)))
        let call = backend.showPicker(
            at: owner, handle: handle, parentWindow: state.options.parentWindow?.text ?? "",
            options: DialogOptions.forShowPicker(state, now: MonotonicClock.now())
        ) { [weak self, weak dialog] result in
            guard let self else { return }
            self.queue.settle(ticket)
            if let dialog, self.dialogs[dialog.session] === dialog, let shown = dialog.atBackend, shown.serial == serial {
                self.answered(dialog, shown, result)
            }
            self.sendWaiting()
        }
        // Not sent: the completion has said why, and may have sent it again already.
        guard let call else { return }
        dialog.modifyAtBackend { current in
            if current.serial == serial { current.call = call }
        }
        // Asked even when the session ends meanwhile: until the backend has taken this
        // ShowPicker, it counts against the limit, whoever still wants the dialog. An answer
        // from an owner that has given up the backend's name already is one on its way out.
        backend.confirmTaken(at: owner) { [weak self, weak dialog] taken in
            guard let self else { return }
            if taken, self.owner == owner, let dialog, case .sent(let shown) = dialog.phase, shown.serial == serial {
                dialog.phase = .taken(shown)
            }
            self.queue.settle(ticket)
            self.sendWaiting()
        }
    }

    /// The handle of the ShowPicker numbered `serial`: the session's object path with the
    /// serial below it, so that no two ShowPicker calls of this daemon share one, even for
    /// sessions at the same path (a reused handle_token) or a session shown twice (a retry).
    private func dialogHandle(for session: PickerSessionID, serial: UInt64) -> ObjectPath {
        let element = "dialog\(serial)"
        if let path = sessionPath(session), let handle = path.appending(element) { return handle }
        // No session path (never so for the daemon's sessions): a path of the daemon's own.
        return ObjectPath("\(TimePickerBus.managerPath.rawValue)/dialog/\(element)") ?? TimePickerBus.managerPath
    }

    /// ShowPicker's late reply for `dialog`, `shown` at the backend: the person's choice, or
    /// why there is no dialog.
    private func answered(_ dialog: Dialog, _ shown: Dialog.BackendDialog, _ result: Result<BackendProxy.Response, BackendProxy.Failure>) {
        let session = dialog.session
        let wasTaken = if case .taken = dialog.phase { true } else { false }
        switch result {
        case .success(.accepted(let start, let end)):
            // What the person saw and accepted, should the Update for their last moves still be
            // on its way; then OK. Results that are no selection the dialog could have shown
            // (missing, not times, not slots, an end the start does not allow) select nothing:
            // taking half of them, or the daemon's state instead, would be a choice nobody made.
            guard let (start, end) = Self.selection(start, end, in: dialog.state) else {
                forget(session)
                let results = "start \(start.map { quotedForMessage($0) } ?? "missing"), end \(end.map { quotedForMessage($0) } ?? "missing")"
                delegate?.frontEnd(
                    self, session: session, cannotShow: .unavailable,
                    because: "the dialog backend \(backend.name) answered OK with no selection the dialog could show (\(results))")
                return
            }
            dialog.phase = .accepted
            for event in [PickerEvent.set(.start, start), .set(.end, end), .confirm] where dialogs[session] === dialog {
                delegate?.frontEnd(self, session: session, didReport: event)
            }
            if dialogs[session] === dialog { forget(session) }
        case .success(.cancelled):
            forget(session)
            delegate?.frontEnd(self, session: session, didReport: .cancel)
        case .success(.ended(let reason)):
            // The dialog was never shown (no display, too many dialogs): Close was not called.
            forget(session)
            backendFailed = true
            delegate?.frontEnd(self, session: session, couldNotShow: "the dialog backend \(backend.name) showed no dialog: \(reason)")
        case .failure(let failure) where shown.attempt == .first && (failure.isAbsent || (failure.recipientLeft && !wasTaken)):
            // The owner left before the call reached it, or left without having taken it (a
            // backend quitting on its idle timeout just as the call came): nobody saw this
            // dialog, so it goes once more, first in line, to whoever owns the name now (the bus
            // starts a new backend). A backend that took the ShowPicker and then died may have
            // shown the dialog: that session ends unavailable below rather than reappear unasked
            // (and a backend that crashes on it would only crash again).
            onProblem?("\(shown.handle.rawValue): \(failure.message); sending it to the next owner of \(backend.name)")
            if owner == shown.owner { owner = nil }
            dialog.phase = .waiting
            queue.wantFirst(.retry, for: session, of: caller(session))
            sendWaiting()
        case .failure(let failure) where failure.isRefusal:
            // Refused (no such object or method, options it does not take): nobody saw it.
            forget(session)
            delegate?.frontEnd(self, session: session, couldNotShow: failure.message)
        case .failure(let failure):
            forget(session)
            delegate?.frontEnd(self, session: session, cannotShow: .unavailable, because: failure.message)
        }
    }

    /// Drops `session`'s dialog: the backend has answered for it, and the queue forgets it.
    private func forget(_ session: PickerSessionID) {
        dialogs[session] = nil
        queue.withdraw(session)
    }

    /// The selection in ShowPicker's results, when both times are there and `state`'s picker
    /// can hold them together.
    private static func selection(_ start: String?, _ end: String?, in state: PickerState) -> (Slot, Slot)? {
        guard let start = start.flatMap(Slot.init(wireText:)), let end = end.flatMap(Slot.init(wireText:)),
              state.allowsSelection(start: start, end: end)
        else { return nil }
        return (start, end)
    }

    // MARK: Updating

    /// Sends the dialog's latest state when it differs from what the backend draws, one
    /// Update at a time.
    private func sendUpdate(of dialog: Dialog) {
        let state = dialog.state
        guard let shown = dialog.atBackend, !shown.updateInFlight, Dialog.Drawn(state) != shown.drawn else { return }
        dialog.modifyAtBackend { current in
            current.drawn = Dialog.Drawn(state)
            current.updateInFlight = true
        }
        backend.update(at: shown.owner, handle: shown.handle, state: DialogOptions.forUpdate(state, now: MonotonicClock.now())) {
            [weak self, weak dialog] failure in
            guard let self, let dialog else { return }
            // The same dialog still (not one sent again since): its next Update may go.
            dialog.modifyAtBackend { current in
                if current.serial == shown.serial { current.updateInFlight = false }
            }
            if let failure, self.dialogs[dialog.session] === dialog {
                // The dialog ending crosses an Update now and then; ShowPicker's reply says how
                // it ended. Anything else is worth a line in the log.
                self.onProblem?("\(shown.handle): \(failure.message)")
            }
            self.sendUpdate(of: dialog)
        }
    }

    // MARK: Signals

    /// The backend's Event signals, and its name changing owner.
    private func handle(_ signal: DBusMessage) {
        if let change = backend.ownerChange(in: signal) {
            // A process that takes the name may show what the last could not (one that failed
            // and left stays failed: the bus would start the same again); one that left may be
            // started again if an activation file still provides it.
            backendHasOwner = change.newOwner != nil
            if change.newOwner != nil { backendFailed = false }
            if change.newOwner == nil {
                backend.askActivatable { [weak self] isActivatable in self?.backendIsActivatable = isActivatable }
            }
            // The next dialog goes to whoever owns the name next. The dialogs of an owner that
            // left end through their ShowPicker calls, which the bus fails when their recipient
            // disconnects (and a call it never took is sent again). Sessions waiting for the
            // one that left go to the next, without waiting for its calls to fail or time out.
            if owner != nil, owner == change.oldOwner {
                owner = nil
                sendWaiting()
            }
            return
        }
        if let (sender, handle, text) = BackendProxy.notice(in: signal), dialogs.values.contains(where: { $0.isShown(as: handle, by: sender) }) {
            onProblem?("\(handle.rawValue): \(BackendProxy.clipped(text))")
            return
        }
        // A dialog's events come from the process that shows it, the one its ShowPicker went
        // to, even after another took the backend's name over (its dialogs stay its own).
        guard let (sender, handle, text) = BackendProxy.event(in: signal),
              let dialog = dialogs.values.first(where: { $0.isShown(as: handle, by: sender) }),
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
