public import CallerApps
public import DBusKit
public import EventLoop
internal import LocalSettings
public import TimePickerCore

/// Shows picker sessions as desktop notifications whose actions pick the start and the end.
///
/// Lives on the daemon's event loop and talks to the notification server over the daemon's
/// own bus connection, never waiting for it: it turns invoked actions into picker events for
/// the service, and gets the states the service gives it onto the server (`NotificationDelivery`).
/// Several sessions are several notifications.
///
/// What it adds to a session's state is presentation only: the hour a list menu is narrowed to
/// (`NotificationView`), and a countdown timer while the session has a timeout, which redraws
/// the notification when the countdown's text changes (`Countdown`).
public final class NotificationFrontEnd: PickerFrontEnd {
    public let kind = UserInterfaceKind.notification
    public weak var delegate: (any PickerFrontEndDelegate)?

    private let loop: EventLoop
    private let delivery: NotificationDelivery
    /// The view of each shown session: the state it was last given, which its actions act on,
    /// and the hour its list menu is narrowed to.
    private var views: [PickerSessionID: NotificationView] = [:]
    /// The next countdown redraw of each shown session that has a timeout.
    private var countdowns: [PickerSessionID: Timer] = [:]
    /// Set by `shutdown`: nothing more is shown.
    private var isShutDown = false
    /// The session whose action's events are being reported: its updates are sent to the
    /// server once, after the last event, so the server never shows a state half-way.
    private var reportingAction: PickerSessionID?

    /// How long `shutdown` lets the server close the notifications: a frozen server must not
    /// keep the daemon from exiting.
    private let stopGraceMilliseconds = 2000

    /// Shows notifications through the server on `bus`; `layout` overrides the choice by the
    /// server's name; `caller` tells who asked for a session, so that callers take turns.
    public init(bus: any MessageBus, loop: EventLoop, layout: NotificationLayout?, caller: @escaping (PickerSessionID) -> CallerKey?) {
        self.loop = loop
        delivery = NotificationDelivery(bus: bus, loop: loop, layoutOverride: layout, caller: caller)
        delivery.onReport = { [weak self] report in self?.handle(report) }
        bus.addSignalObserver { [weak self] signal in self?.handle(signal) }
    }

    public func show(_ session: PickerSessionID, _ state: PickerState) {
        guard !isShutDown else { return }
        var view = NotificationView(state, closesAt: Self.localTime(in: state.secondsLeft(at: MonotonicClock.now())))
        // Back from a window that could not be opened: the person is told, here, first.
        if delegate?.frontEnd(self, handOverFor: session) == .failed {
            view.replyNote = delivery.text(for: state.options.locale).noWindowOpened
        }
        views[session] = view
        send(session)
    }

    public func update(_ session: PickerSessionID, _ state: PickerState) {
        guard let view = views[session] else { return }
        views[session] = view.updated(to: state)
        if reportingAction != session { send(session) }
    }

    public func withdraw(_ session: PickerSessionID) {
        guard views.removeValue(forKey: session) != nil else { return }
        countdowns.removeValue(forKey: session)?.cancel()
        delivery.close(session)
    }

    /// Asks the server to close every notification; `done` runs when it has, or after
    /// `stopGraceMilliseconds` if the server keeps it waiting. Nothing here waits.
    public func shutdown(then done: @escaping () -> Void) {
        guard !isShutDown else { return }
        isShutDown = true
        views.removeAll()
        cancelCountdowns()
        delivery.stop(graceMilliseconds: stopGraceMilliseconds, then: done)
    }

    /// The server's signals, and its name changing owner.
    private func handle(_ signal: DBusMessage) {
        if NotificationServer.lostOwner(in: signal) {
            serverVanished()
        } else {
            delivery.handle(signal)
        }
    }

    /// The notification server left the bus: its notifications are gone, and so are their sessions.
    private func serverVanished() {
        delivery.serverGone()
        cancelCountdowns()
        for session in views.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            views[session] = nil
            delegate?.frontEnd(self, session: session, cannotShow: .unavailable, because: "the notification server left the bus")
        }
    }

    private func handle(_ report: NotificationReport) {
        switch report {
        case .action(let session, let key, let token) where NotificationActionKey(rawValue: key) == .window:
            handOver(session, activationToken: token)
        case .action(let session, let key, _): act(on: key, for: session)
        case .reply(let session, let typed): reply(typed, for: session)
        case .dismissed(let session): self.report(.cancel, for: session)
        case .ended(let session, let reason, let message):
            guard views.removeValue(forKey: session) != nil else { return }
            countdowns.removeValue(forKey: session)?.cancel()
            delegate?.frontEnd(self, session: session, cannotShow: reason, because: message)
        }
    }

    /// Reports the events an invoked action stands for, then shows the state they led to (the
    /// same state when they stand for none: the server's close that may follow the action is
    /// part of the step), its menu narrowed to the hour the action chose, if it chose one.
    private func act(on key: String, for session: PickerSessionID) {
        guard let view = views[session] else { return }
        reportingAction = session
        for event in pickerEvents(forAction: key, in: view.state) {
            report(event, for: session)
        }
        reportingAction = nil
        guard var final = views[session] else { return }
        final.menuHour = view.menuHour(afterAction: key)
        final.replyNote = nil
        views[session] = final
        send(session)
    }

    /// "Choose in a window…": asks the service to go on in a dialog, which withdraws the
    /// notification; declined (no window can be had now), the session is drawn here again, as
    /// the server may have closed the notification with the action.
    private func handOver(_ session: PickerSessionID, activationToken: String?) {
        guard views[session] != nil else { return }
        delegate?.frontEnd(self, session: session, handsOverTo: .dialog, activationToken: activationToken)
        send(session)
    }

    /// Reports the events a typed reply stands for, then shows the state they led to with what
    /// the person is to know of the reading (what was guessed, or why nothing was taken).
    private func reply(_ typed: String, for session: PickerSessionID) {
        guard let view = views[session] else { return }
        let (events, note) = pickerEvents(
            forReply: typed, in: view.state, text: delivery.text(for: view.state.options.locale),
            profile: delivery.serverProfile ?? .generic(.stepper))
        reportingAction = session
        for event in events { report(event, for: session) }
        reportingAction = nil
        guard var final = views[session] else { return }
        final.replyNote = note
        views[session] = final
        send(session)
    }

    /// Sends `session`'s view to the server (`redraw`: only for its countdown), and times the
    /// next redraw of its countdown.
    private func send(_ session: PickerSessionID, redraw: Bool = false) {
        guard var view = views[session] else { return }
        // Asked each time: a backend may have come or gone since.
        view.offersWindow = delegate?.frontEnd(self, handOverFor: session) == .to(.dialog)
        views[session] = view
        delivery.show(session, view, redraw: redraw)
        countdowns.removeValue(forKey: session)?.cancel()
        guard let deadline = view.state.deadline,
              let delay = Countdown.delayUntilRedraw(deadline: deadline, now: MonotonicClock.now()) else { return }
        countdowns[session] = loop.schedule(afterMilliseconds: delay) { [weak self] in
            self?.countdowns[session] = nil
            self?.send(session, redraw: true)
        }
    }

    /// The local time `seconds` from now (rounded up to the minute), as a slot of today that
    /// counts on into tomorrow (which the body marks as the next day); nil for nil, or for a
    /// time after tomorrow, which no time of day alone would tell.
    private static func localTime(in seconds: Int?) -> Slot? {
        guard let seconds else { return nil }
        let minutes = LocalTime.minutesFromToday(in: seconds)
        return (0...Slot.latestMinutes).contains(minutes) ? Slot(minutes: minutes) : nil
    }

    private func cancelCountdowns() {
        for timer in countdowns.values { timer.cancel() }
        countdowns.removeAll()
    }

    /// Reports `event` while `session` is still shown here (an earlier event may have ended it).
    private func report(_ event: PickerEvent, for session: PickerSessionID) {
        guard views[session] != nil else { return }
        delegate?.frontEnd(self, session: session, didReport: event)
    }
}
