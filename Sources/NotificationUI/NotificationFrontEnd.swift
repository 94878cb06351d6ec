public import DBusKit
public import EventLoop
public import TimePickerCore

/// Shows picker sessions as desktop notifications whose actions pick the start and the end.
///
/// Lives on the daemon's event loop and talks to the notification server over the daemon's
/// own bus connection, never waiting for it: it turns invoked actions into picker events for
/// the service, and gets the states the service gives it onto the server (`NotificationDelivery`).
/// Several sessions are several notifications.
public final class NotificationFrontEnd: PickerFrontEnd {
    public let kind = "notification"
    public weak var delegate: (any PickerFrontEndDelegate)?

    private let commands: NotificationDelivery
    /// The state each shown session was last given: what its actions act on.
    private var states: [PickerSessionID: PickerState] = [:]
    /// Set by `shutdown`: nothing more is shown.
    private var isShutDown = false
    /// The session whose action's events are being reported: its updates are sent to the
    /// server once, after the last event, so the server never shows a state half-way.
    private var reportingAction: PickerSessionID?

    /// How long `shutdown` lets the server close the notifications: a frozen server must not
    /// keep the daemon from exiting.
    private let stopGraceMilliseconds = 2000

    /// Shows notifications through the server on `connection`; `layout` overrides the choice
    /// by the server's name.
    public init(connection: DBusConnection, loop: EventLoop, layout: NotificationLayout?) {
        commands = NotificationDelivery(connection: connection, loop: loop, layoutOverride: layout)
        commands.onReport = { [weak self] report in self?.handle(report) }
        connection.addSignalObserver { [weak self] signal in self?.commands.handle(signal) }
    }

    public func show(_ session: PickerSessionID, _ state: PickerState) {
        guard !isShutDown else { return }
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

    /// Asks the server to close every notification; `done` runs when it has, or after
    /// `stopGraceMilliseconds` if the server keeps it waiting. Nothing here waits.
    public func shutdown(then done: @escaping () -> Void) {
        guard !isShutDown else { return }
        isShutDown = true
        states.removeAll()
        commands.stop(graceMilliseconds: stopGraceMilliseconds, then: done)
    }

    /// The notification server left the bus: its notifications are gone, and so are their sessions.
    public func serverVanished() {
        commands.serverGone()
        for session in states.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            states[session] = nil
            delegate?.frontEnd(self, session: session, cannotShow: .unavailable, because: "the notification server left the bus")
        }
    }

    private func handle(_ report: NotificationReport) {
        switch report {
        case .action(let session, let key): act(on: key, for: session)
        case .dismissed(let session): self.report(.cancel, for: session)
        case .ended(let session, let reason, let message):
            guard states.removeValue(forKey: session) != nil else { return }
            delegate?.frontEnd(self, session: session, cannotShow: reason, because: message)
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
