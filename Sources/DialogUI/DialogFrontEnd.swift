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
/// most four ShowPicker calls it has not yet taken are out (`ShowPickerQueue`), the sessions
/// beyond wait here in order, and one that ends while it waits is never sent; each dialog has
/// at most one Update out, carrying the latest state. Each ShowPicker has a handle of its own
/// (the session's path and a serial), so nothing said about one dialog reaches another.
public final class DialogFrontEnd: PickerFrontEnd {
    public let kind = UserInterfaceKind.dialog
    public weak var delegate: (any PickerFrontEndDelegate)?
    /// Told what went wrong with the backend short of ending a session, for the log.
    public var onProblem: ((String) -> Void)?

    private let backend: BackendProxy
    private let loop: EventLoop
    /// A session's object path, below which its dialogs' handles are made.
    private let sessionPath: (PickerSessionID) -> ObjectPath?
    private var dialogs: [PickerSessionID: Dialog] = [:]
    /// The sessions waiting to be sent, and the ShowPicker calls the backend has not yet taken.
    private var queue = ShowPickerQueue()
    /// The serial of the next ShowPicker: never reused while the daemon runs.
    private var nextSerial: UInt64 = 1
    /// The unique name that owns the backend's name, once known.
    private var owner: BusName?
    private var resolving = false
    private var isShutDown = false
    /// How long `shutdown` lets the backend close its dialogs.
    private let stopGraceMilliseconds = 2000

    /// Shows dialogs through the backend named `backendName` on `bus`; `sessionPath`
    /// gives a session's object path.
    public init(
        backendName: BusName, bus: any MessageBus, loop: EventLoop,
        sessionPath: @escaping (PickerSessionID) -> ObjectPath?
    ) {
        backend = BackendProxy(name: backendName, bus: bus)
        self.loop = loop
        self.sessionPath = sessionPath
        bus.addMatch(MatchRule.nameOwnerChanged(of: backendName))
        bus.addSignalObserver { [weak self] signal in self?.handle(signal) }
    }

    public func show(_ session: PickerSessionID, _ state: PickerState) {
        guard !isShutDown, dialogs[session] == nil else { return }
        dialogs[session] = Dialog(session: session, state: state)
        queue.append(session)
        sendWaiting()
    }

    public func update(_ session: PickerSessionID, _ state: PickerState) {
        guard let dialog = dialogs[session], !dialog.accepted else { return }
        dialog.state = state
        sendUpdate(of: dialog)
    }

    public func withdraw(_ session: PickerSessionID) {
        guard let dialog = dialogs.removeValue(forKey: session) else { return }
        // Still waiting: the backend never hears of it. Sent: Close follows the ShowPicker on
        // the same connection, so a backend that has not built the dialog yet need not.
        queue.remove(session)
        if let owner = dialog.owner, let handle = dialog.handle, !dialog.accepted { backend.close(at: owner, handle: handle) }
        dialog.showing?.cancel()
    }

    /// Closes every dialog; `done` once the backend answered every Close, or after
    /// `stopGraceMilliseconds` if it keeps the daemon waiting.
    public func shutdown(then done: @escaping () -> Void) {
        guard !isShutDown else { return }
        isShutDown = true
        let open = dialogs.values.compactMap { dialog in dialog.owner.flatMap { owner in dialog.handle.map { (owner, $0) } } }
        for dialog in dialogs.values { dialog.showing?.cancel() }
        dialogs.removeAll()
        queue.removeAll()
        let closed = AllOrDeadline(count: open.count, atMostMilliseconds: stopGraceMilliseconds, on: loop, then: done)
        for (owner, handle) in open {
            backend.close(at: owner, handle: handle) { closed.finishedOne() }
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
        while self.owner == owner, let session = queue.next(for: owner) {
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
                for session in self.queue.removeAllWaiting() where self.dialogs.removeValue(forKey: session) != nil {
                    self.delegate?.frontEnd(self, session: session, couldNotShow: failure.message)
                }
            }
        }
    }

    /// Sends `dialog`'s ShowPicker to `owner` under a new serial and handle, and right behind
    /// it the call whose answer says the backend has taken it.
    private func showPicker(_ dialog: Dialog, at owner: BusName) {
        let serial = nextSerial
        nextSerial += 1
        let handle = dialogHandle(for: dialog.session, serial: serial)
        dialog.serial = serial
        dialog.handle = handle
        dialog.owner = owner
        dialog.taken = false
        dialog.sent = Dialog.Drawn(dialog.state)
        queue.sent(serial, to: owner)
        let state = dialog.state
        let call = backend.showPicker(
            at: owner, handle: handle, parentWindow: state.options.parentWindow?.text ?? "",
            options: DialogOptions.forShowPicker(state, now: MonotonicClock.now())
        ) { [weak self, weak dialog] result in
            guard let self else { return }
            self.queue.settled(serial)
            if let dialog, self.dialogs[dialog.session] === dialog, dialog.serial == serial {
                self.answered(dialog, sentTo: owner, result)
            }
            self.sendWaiting()
        }
        // Not sent: the completion has said why, and may have sent it again already.
        guard let call else { return }
        dialog.showing = call
        // Asked even when the session ends meanwhile: until the backend has taken this
        // ShowPicker, it counts against the limit, whoever still wants the dialog. An answer
        // from an owner that has given up the backend's name already is one on its way out.
        backend.confirmTaken(at: owner) { [weak self, weak dialog] taken in
            guard let self else { return }
            if taken, self.owner == owner, let dialog, dialog.serial == serial { dialog.taken = true }
            self.queue.settled(serial)
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

    /// ShowPicker's late reply: the person's choice, or why there is no dialog.
    private func answered(_ dialog: Dialog, sentTo owner: BusName, _ result: Result<BackendProxy.Response, BackendProxy.Failure>) {
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
        case .failure(let failure) where !dialog.retried && (failure.isAbsent || (failure.recipientLeft && !dialog.taken)):
            // The owner left before the call reached it, or left without having taken it (a
            // backend quitting on its idle timeout just as the call came): nobody saw this
            // dialog, so it goes once more, first in line, to whoever owns the name now (the bus
            // starts a new backend). A backend that took the ShowPicker and then died may have
            // shown the dialog: that session ends unavailable below rather than reappear unasked
            // (and a backend that crashes on it would only crash again).
            dialog.retried = true
            onProblem?("\(dialog.handle.map(\.rawValue) ?? "\(session)"): \(failure.message); sending it to the next owner of \(backend.name)")
            if self.owner == owner { self.owner = nil }
            dialog.owner = nil
            dialog.handle = nil
            dialog.serial = nil
            dialog.showing = nil
            queue.prepend(session)
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
        guard !dialog.updateInFlight, let owner = dialog.owner, let handle = dialog.handle, Dialog.Drawn(state) != dialog.sent else { return }
        dialog.sent = Dialog.Drawn(state)
        dialog.updateInFlight = true
        backend.update(at: owner, handle: handle, state: DialogOptions.forUpdate(state, now: MonotonicClock.now())) {
            [weak self, weak dialog] failure in
            guard let self, let dialog else { return }
            dialog.updateInFlight = false
            if let failure, self.dialogs[dialog.session] === dialog {
                // The dialog ending crosses an Update now and then; ShowPicker's reply says how
                // it ended. Anything else is worth a line in the log.
                self.onProblem?("\(handle): \(failure.message)")
            }
            self.sendUpdate(of: dialog)
        }
    }

    // MARK: Signals

    /// The backend's Event signals, and its name changing owner.
    private func handle(_ signal: DBusMessage) {
        if let change = backend.ownerChange(in: signal) {
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
        if let (sender, handle, text) = BackendProxy.notice(in: signal),
           dialogs.values.contains(where: { $0.handle == handle && $0.owner == sender }) {
            onProblem?("\(handle.rawValue): \(BackendProxy.clipped(text))")
            return
        }
        // A dialog's events come from the process that shows it, the one its ShowPicker went
        // to, even after another took the backend's name over (its dialogs stay its own).
        guard let (sender, handle, text) = BackendProxy.event(in: signal),
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
