public import EventLoop
internal import Glibc
public import TimePickerCore

/// Shows picker sessions as desktop notifications whose actions pick the start and the end.
///
/// Lives on the daemon's event loop and keeps each session's picker model; the notification
/// thread only draws notifications and reports what the server says. Several sessions are
/// several notifications, each its own state.
public final class NotificationFrontEnd: PickerFrontEnd {
    public let kind = "notification"
    public weak var delegate: (any PickerFrontEndDelegate)?
    /// Told why a session could not go on, for the log.
    public var onProblem: ((String) -> Void)?

    private let commands: NotificationCommandQueue
    private let reports: Mailbox<NotificationReport>
    private var models: [PickerSessionID: PickerModel] = [:]
    private var reportWatch: DescriptorWatch?
    private var stopped = false

    /// Starts the notification thread; `layout` overrides the choice by server name.
    public init(loop: EventLoop, layout: NotificationLayout?) throws(SystemError) {
        commands = try NotificationCommandQueue()
        reports = try Mailbox()
        try NotificationThread.start(commands: commands, reports: reports, layoutOverride: layout)
        reportWatch = loop.watch(reports.descriptor, for: .readable) { [weak self] _ in self?.handleReports() }
    }

    public func show(session: PickerSessionID, model: PickerModel) {
        models[session] = model
        commands.show(session, model)
    }

    public func withdraw(session: PickerSessionID) {
        guard models.removeValue(forKey: session) != nil else { return }
        commands.close(session)
    }

    /// Closes every notification and ends the thread, waiting a little for it: a frozen server
    /// must not keep the daemon from exiting.
    public func shutdown() {
        guard !stopped else { return }
        stopped = true
        models.removeAll()
        reportWatch?.cancel()
        commands.stop()
        var ready = pollfd(fd: reports.descriptor, events: Int16(POLLIN), revents: 0)
        var waitedMilliseconds = 0
        while waitedMilliseconds < 2000 {
            if reports.takeAll().contains(where: { if case .stopped = $0 { true } else { false } }) { return }
            _ = poll(&ready, 1, 100)
            waitedMilliseconds += 100
        }
    }

    /// The notification server left the bus: its notifications are gone, and so are their sessions.
    public func serverVanished() {
        commands.serverGone()
        let ended = models.keys.sorted { $0.rawValue < $1.rawValue }
        models.removeAll()
        for session in ended {
            onProblem?("the notification server left the bus")
            delegate?.frontEnd(session: session, didFinish: .cancelled(.unavailable))
        }
    }

    private func handleReports() {
        for report in reports.takeAll() {
            switch report {
            case .action(let session, let key): apply(action: key, to: session)
            case .dismissed(let session): finish(session, .cancelled(.user))
            case .ended(let session, let reason, let message):
                onProblem?(message)
                finish(session, .cancelled(reason))
            case .stopped: break
            }
        }
    }

    /// Turns an invoked action into picker events; the notification is updated after each one,
    /// even when nothing changed, so the thread knows the step is complete.
    private func apply(action key: String, to session: PickerSessionID) {
        guard var model = models[session] else { return }
        let before = model
        for event in pickerEvents(forAction: key, in: model) {
            if let outcome = model.apply(event) {
                models[session] = nil
                commands.close(session)
                delegate?.frontEnd(session: session, didFinish: outcome)
                return
            }
        }
        models[session] = model
        commands.show(session, model)
        if model != before { delegate?.frontEnd(session: session, didChange: model) }
    }

    private func finish(_ session: PickerSessionID, _ outcome: PickerOutcome) {
        guard models.removeValue(forKey: session) != nil else { return }
        delegate?.frontEnd(session: session, didFinish: outcome)
    }
}
