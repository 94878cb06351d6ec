internal import DBusKit
internal import EventLoop
internal import Localization
internal import TimePickerCore

/// Gets each session's latest state onto the notification server, and tells what the server
/// says about it: on the daemon's event loop, never waiting for the server.
///
/// What the server is sent is the latest wish per session, not every request: at most
/// `maximumInFlight` Notify calls are out at a time, a newer state replaces an older one not
/// yet sent, and a session that ends before its first Notify went out never reaches the server.
/// So a flood of sessions leaves no backlog of stale notifications, and what waits is bounded
/// by the open sessions, at any rate.
final class NotificationDelivery {
    /// One session's notification.
    private struct Entry {
        /// A view not yet sent (the latest).
        var pending: NotificationView?
        /// The server's id for what it shows, once a Notify was answered.
        var id: UInt32?
        /// The process the Notify went to: the one that shows it, and can close it.
        var server: BusName?
        /// A Notify for it is out.
        var inFlight = false
        /// It ended while its Notify was out: close what that Notify shows once it is answered.
        var closing = false
        /// An action was just invoked on it: a dismissal that follows is the server closing it
        /// as part of that step (GNOME's notification-daemon does), not the person cancelling.
        var actionPending = false
        /// The action keys of what the server shows, and of what is on its way: only those
        /// are taken (a key the notification never offered is no choice the person made).
        var shownKeys: Set<String> = []
        var sendingKeys: Set<String> = []
        /// When the server answered the Notify of what it shows (monotonic milliseconds).
        var shownAt = 0
    }

    /// On a server where each step is a new notification, how long after one was shown a click
    /// on its body is taken for a click meant for the buttons of the one before: GNOME Shell
    /// slides the new banner in (200 ms, overshooting), so a quick second click on a button's
    /// place lands on the body, which would go on to the end or accept.
    static let settleMilliseconds = 400

    private let server: NotificationServer
    private let loop: EventLoop
    private let layoutOverride: NotificationLayout?
    private var info: NotificationServer.Info?
    /// What the server does with notifications, known with `info`.
    private var profile: NotificationServerProfile?
    private var askingInfo = false
    /// How many times the server left: an answer about itself from before it left is about a
    /// process that no longer owns the name, and is not taken.
    private var serversGone = 0
    private var entries: [PickerSessionID: Entry] = [:]
    /// Each language's words, by locale name ("" for the daemon's own).
    private var texts: [String: NotificationText] = [:]
    private var sessionsByID: [UInt32: PickerSessionID] = [:]
    /// Sessions with a state to send, first come first served.
    private var queue: [PickerSessionID] = []
    private var inFlight = 0
    private let maximumInFlight = 4
    /// Told what happened to a session: an action, a dismissal, or its end.
    var onReport: ((NotificationReport) -> Void)?

    init(bus: any MessageBus, loop: EventLoop, layoutOverride: NotificationLayout?) {
        server = NotificationServer(bus: bus)
        self.loop = loop
        self.layoutOverride = layoutOverride
    }

    /// Gets `view` shown for `session`, in place of what it shows; the same view again with
    /// `redraw` redraws its countdown, where the server updates in place (elsewhere the body
    /// says when it closes, which needs no redrawing).
    func show(_ session: PickerSessionID, _ view: NotificationView, redraw: Bool = false) {
        if redraw, profile?.updatesInPlace == false, entries[session]?.id != nil { return }
        var entry = entries[session] ?? Entry()
        entry.pending = view
        entries[session] = entry
        if !entry.inFlight, !queue.contains(session) { queue.append(session) }
        pump()
    }

    /// Takes `session`'s notification off the server; nothing more is reported about it.
    func close(_ session: PickerSessionID) {
        guard var entry = entries[session] else { return }
        queue.removeAll { $0 == session }
        if entry.inFlight {
            entry.pending = nil
            entry.closing = true
            entries[session] = entry
            return
        }
        entries[session] = nil
        if let id = entry.id, let owner = entry.server {
            sessionsByID[id] = nil
            server.close(id, at: owner)
        }
    }

    /// The server left the bus: what it showed is gone, and the next one may differ.
    func serverGone() {
        entries.removeAll()
        sessionsByID.removeAll()
        queue.removeAll()
        info = nil
        profile = nil
        askingInfo = false
        serversGone += 1
    }

    /// Closes every notification; `done` once the server answered every close, or after
    /// `graceMilliseconds`.
    func stop(graceMilliseconds: Int, then done: @escaping () -> Void) {
        let shown = entries.values.compactMap { entry in entry.id.flatMap { id in entry.server.map { (id, $0) } } }
        for session in Array(entries.keys) where entries[session]?.inFlight == true { entries[session]?.closing = true }
        entries = entries.filter { $0.value.inFlight }
        queue.removeAll()
        let closed = AllOrDeadline(count: shown.count, atMostMilliseconds: graceMilliseconds, on: loop, then: done)
        for (id, owner) in shown {
            server.close(id, at: owner) { closed.finishedOne() }
        }
    }

    /// Takes a signal the daemon's connection received, when it is the server's.
    func handle(_ signal: DBusMessage) {
        guard let owner = info?.owner, let event = NotificationServer.event(in: signal, from: owner) else { return }
        switch event {
        case .actionInvoked(let id, let key):
            guard let session = sessionsByID[id], let entry = entries[session],
                  entry.shownKeys.contains(key) || entry.sendingKeys.contains(key)
            else { return }
            if key == NotificationActionKey.default.rawValue, profile?.updatesInPlace == false,
               MonotonicClock.now() - entry.shownAt < Self.settleMilliseconds {
                return
            }
            entries[session]?.actionPending = true
            onReport?(.action(session, key))
        case .closed(let id, let reason):
            closed(id, reason: reason)
        }
    }

    // MARK: Sending

    /// Sends what waits, as far as the in-flight limit allows; asks the server about itself first.
    private func pump() {
        guard !queue.isEmpty else { return }
        guard let info, let profile else {
            askInfo()
            return
        }
        while inFlight < maximumInFlight, !queue.isEmpty {
            let session = queue.removeFirst()
            guard var entry = entries[session], let view = entry.pending else { continue }
            entry.pending = nil
            entry.inFlight = true
            entries[session] = entry
            inFlight += 1
            let content = NotificationContent.render(
                view, profile: profile, bodyMarkup: info.capabilities.contains("body-markup"), now: MonotonicClock.now(),
                text: text(for: view.state.options.locale))
            entries[session]?.sendingKeys = Set(content.actions.map(\.key))
            let replacing = profile.updatesInPlace ? entry.id ?? 0 : 0
            server.notify(content, replacing: replacing, critical: profile.critical, at: info.owner) {
                [weak self, owner = info.owner] result in
                self?.answered(session, replacing: replacing, by: owner, result)
            }
        }
    }

    private func answered(
        _ session: PickerSessionID, replacing: UInt32, by owner: BusName, _ result: Result<UInt32, NotificationServer.Failure>
    ) {
        inFlight -= 1
        defer { pump() }
        guard var entry = entries[session] else { return }
        entry.inFlight = false
        switch result {
        case .success(let id):
            if replacing != 0, replacing != id { sessionsByID[replacing] = nil }
            if let shown = entry.id, shown != id, shown != replacing {
                // A new notification for the step: the one it follows goes, and its close is
                // no news (its id no longer names the session).
                sessionsByID[shown] = nil
                server.close(shown, at: entry.server ?? owner)
            }
            if entry.closing {
                entries[session] = nil
                server.close(id, at: owner)
                return
            }
            entry.id = id
            entry.shownAt = MonotonicClock.now()
            entry.server = owner
            entry.actionPending = false
            entry.shownKeys = entry.sendingKeys
            sessionsByID[id] = session
            entries[session] = entry
            if entry.pending != nil, !queue.contains(session) { queue.append(session) }
        case .failure(let failure):
            forget(session)
            // What it showed before must not stay on screen for a session that is over.
            if let shown = entry.id, let server = entry.server { self.server.close(shown, at: server) }
            if entry.closing { return }
            onReport?(.ended(session, .unavailable, "the notification server did not take the notification: \(failure.message)"))
            if failure.timedOut { failWaiting(because: "the notification server is not answering") }
            // A server that timed out or failed may come back different.
            info = nil
            profile = nil
        }
    }

    /// The words of a session whose person reads `locale` (nil: the daemon's own), made once
    /// per locale.
    private func text(for locale: String?) -> NotificationText {
        let name = locale ?? ""
        if let made = texts[name] { return made }
        let made = NotificationText(locale.flatMap(Language.init(named:)) ?? .environment)
        texts[name] = made
        return made
    }

    /// Asks the server about itself once; the sessions waiting for it go on or fail with it.
    private func askInfo() {
        guard !askingInfo else { return }
        askingInfo = true
        let asked = serversGone
        server.askInfo { [weak self] result in
            guard let self, self.serversGone == asked else { return }
            self.askingInfo = false
            switch result {
            case .success(let info) where !info.capabilities.contains("actions"):
                self.failWaiting(because: "the notification server (\(info.name)) shows no actions")
            case .success(let info):
                self.info = info
                self.profile = .forServer(named: info.name, layout: self.layoutOverride)
                self.pump()
            case .failure(let failure):
                self.failWaiting(because: failure.message)
            }
        }
    }

    /// Ends every session waiting to be sent.
    private func failWaiting(because message: String) {
        let waiting = queue
        queue.removeAll()
        for session in waiting where entries[session]?.inFlight == false {
            forget(session)
            onReport?(.ended(session, .unavailable, message))
        }
    }

    private func forget(_ session: PickerSessionID) {
        if let id = entries[session]?.id { sessionsByID[id] = nil }
        entries[session] = nil
    }

    // MARK: Closes the server reports

    private func closed(_ id: UInt32, reason: NotificationCloseReason) {
        guard let session = sessionsByID.removeValue(forKey: id), var entry = entries[session] else { return }
        entry.id = nil
        if reason == .dismissed, entry.actionPending {
            // The server closed it as part of the action's step: the state that follows the
            // action (sent, or about to be) shows it anew.
            entries[session] = entry
            return
        }
        entries[session] = nil
        queue.removeAll { $0 == session }
        switch reason {
        case .dismissed: onReport?(.dismissed(session))
        case .expired: onReport?(.ended(session, .timeout, "the notification server let the notification expire"))
        case .closedByCall, .undefined:
            onReport?(.ended(session, .unavailable, "the notification server closed the notification (reason \(reason.rawValue))"))
        }
    }
}
