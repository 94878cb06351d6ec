public import EventLoop
public import TimePickerCore

/// Shows picker sessions as desktop notifications whose actions pick the start and the end.
///
/// Lives on the daemon's event loop: it turns invoked actions into picker events for the
/// service and sends the states the service gives it to the notification thread, which only
/// draws notifications and reports what the server says. Several sessions are several
/// notifications.
///
/// What it adds to a session's state is presentation only: the hour a list menu is narrowed to
/// (`NotificationView`), and a countdown timer while the session has a timeout, which redraws
/// the notification when the countdown's text changes (`Countdown`).
public final class NotificationFrontEnd: PickerFrontEnd {
    public let kind = "notification"
    public weak var delegate: (any PickerFrontEndDelegate)?

    private let loop: EventLoop
    private let commands: NotificationCommandQueue
    private let reports: Mailbox<NotificationReport>
    /// The view of each shown session: the state it was last given, which its actions act on,
    /// and the hour its list menu is narrowed to.
    private var views: [PickerSessionID: NotificationView] = [:]
    /// The next countdown redraw of each shown session that has a timeout.
    private var countdowns: [PickerSessionID: Timer] = [:]
    private var reportWatch: DescriptorWatch?
    /// Called once the thread has closed everything, after `shutdown`.
    private var whenStopped: (() -> Void)?
    /// The session whose action's events are being reported: its updates are sent to the
    /// server once, after the last event, so the server never shows a state half-way.
    private var reportingAction: PickerSessionID?

    /// How long `shutdown` lets the thread close the notifications: a frozen server must not
    /// keep the daemon from exiting.
    private let stopGraceMilliseconds = 2000

    /// Starts the notification thread; `layout` overrides the choice by server name.
    public init(loop: EventLoop, layout: NotificationLayout?) throws(SystemError) {
        self.loop = loop
        commands = try NotificationCommandQueue()
        reports = try Mailbox()
        try NotificationThread.start(commands: commands, reports: reports, layoutOverride: layout)
        reportWatch = loop.watch(reports.descriptor, for: .readable) { [weak self] _ in self?.handleReports() }
    }

    public func show(_ session: PickerSessionID, _ state: PickerState) {
        guard whenStopped == nil else { return }
        views[session] = NotificationView(state)
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
        commands.close(session)
    }

    /// Asks the thread to close every notification and end; `done` runs when it has, or after
    /// `stopGraceMilliseconds` if the server keeps it waiting. Nothing here waits.
    public func shutdown(then done: @escaping () -> Void) {
        guard whenStopped == nil else { return }
        views.removeAll()
        cancelCountdowns()
        var finished = false
        let finish = {
            guard !finished else { return }
            finished = true
            done()
        }
        whenStopped = finish
        commands.stop()
        loop.schedule(afterMilliseconds: stopGraceMilliseconds, finish)
    }

    /// The notification server left the bus: its notifications are gone, and so are their sessions.
    public func serverVanished() {
        commands.serverGone()
        cancelCountdowns()
        for session in views.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            views[session] = nil
            delegate?.frontEnd(self, session: session, cannotShow: .unavailable, because: "the notification server left the bus")
        }
    }

    private func handleReports() {
        for message in reports.takeAll() {
            switch message {
            case .action(let session, let key): act(on: key, for: session)
            case .dismissed(let session): report(.cancel, for: session)
            case .ended(let session, let reason, let message):
                guard views.removeValue(forKey: session) != nil else { continue }
                countdowns.removeValue(forKey: session)?.cancel()
                delegate?.frontEnd(self, session: session, cannotShow: reason, because: message)
            case .stopped:
                reportWatch?.cancel()
                whenStopped?()
            }
        }
    }

    /// Reports the events an invoked action stands for, then shows the state they led to
    /// (the same state when they stand for none, so the thread knows the step is complete),
    /// its menu narrowed to the hour the action chose, if it chose one.
    private func act(on key: String, for session: PickerSessionID) {
        guard let view = views[session] else { return }
        reportingAction = session
        for event in pickerEvents(forAction: key, in: view.state) {
            report(event, for: session)
        }
        reportingAction = nil
        guard var final = views[session] else { return }
        final.menuHour = view.menuHour(afterAction: key)
        views[session] = final
        send(session)
    }

    /// Sends `session`'s view to the thread, and times the next redraw of its countdown.
    private func send(_ session: PickerSessionID) {
        guard let view = views[session] else { return }
        commands.show(session, view)
        countdowns.removeValue(forKey: session)?.cancel()
        guard let deadline = view.state.deadline,
              let delay = Countdown.delayUntilRedraw(deadline: deadline, now: MonotonicClock.now()) else { return }
        countdowns[session] = loop.schedule(afterMilliseconds: delay) { [weak self] in
            self?.countdowns[session] = nil
            self?.send(session)
        }
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
