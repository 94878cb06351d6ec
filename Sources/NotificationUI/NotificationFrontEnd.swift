public import EventLoop
public import TimePickerCore

/// Shows picker sessions as desktop notifications whose actions pick the start and the end.
///
/// Lives on the daemon's event loop: it turns invoked actions into picker events for the
/// service and sends the states the service gives it to the notification thread, which only
/// draws notifications and reports what the server says. Several sessions are several
/// notifications.
public final class NotificationFrontEnd: PickerFrontEnd {
    public let kind = "notification"
    public weak var delegate: (any PickerFrontEndDelegate)?

    private let loop: EventLoop
    private let commands: NotificationCommandQueue
    private let reports: Mailbox<NotificationReport>
    /// The state each shown session was last given: what its actions act on.
    private var states: [PickerSessionID: PickerState] = [:]
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
        states[session] = state
        commands.show(session, state)
    }

    public func update(_ session: PickerSessionID, _ state: PickerState) {
        guard states[session] != nil else { return }
        states[session] = state
        if reportingAction != session { commands.show(session, state) }
    }

    public func withdraw(_ session: PickerSessionID) {
        guard states.removeValue(forKey: session) != nil else { return }
        commands.close(session)
    }

    /// Asks the thread to close every notification and end; `done` runs when it has, or after
    /// `stopGraceMilliseconds` if the server keeps it waiting. Nothing here waits.
    public func shutdown(then done: @escaping () -> Void) {
        guard whenStopped == nil else { return }
        states.removeAll()
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
        for session in states.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            states[session] = nil
            delegate?.frontEnd(self, session: session, cannotShow: .unavailable, because: "the notification server left the bus")
        }
    }

    private func handleReports() {
        for message in reports.takeAll() {
            switch message {
            case .action(let session, let key): act(on: key, for: session)
            case .dismissed(let session): report(.cancel, for: session)
            case .ended(let session, let reason, let message):
                guard states.removeValue(forKey: session) != nil else { continue }
                delegate?.frontEnd(self, session: session, cannotShow: reason, because: message)
            case .stopped:
                reportWatch?.cancel()
                whenStopped?()
            }
        }
    }

    /// Reports the events an invoked action stands for, then shows the state they led to
    /// (the same state when they stand for none, so the thread knows the step is complete).
    private func act(on key: String, for session: PickerSessionID) {
        guard let state = states[session] else { return }
        reportingAction = session
        for event in pickerEvents(forAction: key, in: state) {
            report(event, for: session)
        }
        reportingAction = nil
        if let final = states[session] { commands.show(session, final) }
    }

    /// Reports `event` while `session` is still shown here (an earlier event may have ended it).
    private func report(_ event: PickerEvent, for session: PickerSessionID) {
        guard states[session] != nil else { return }
        delegate?.frontEnd(self, session: session, didReport: event)
    }
}
