internal import CallerApps
internal import DBusKit
internal import EventLoop
internal import Localization
internal import PeerDelivery
internal import TimePickerContract
internal import TimePickerCore

/// Gets each session's latest state onto the notification server, and tells what the server
/// says about it: on the daemon's event loop, never waiting for the server.
///
/// What the server is sent is the latest wish per session, not every request (a
/// `DeliveryQueue`, as for dialogs): at most four Notify calls are out to the server, shared
/// among the callers in turn (told apart by app, not by connection: `CallerKey`), a newer view
/// replaces an older one not yet sent, and a session that ends before its Notify went out never
/// reaches the server. So a flood of sessions leaves no backlog of stale notifications, one
/// caller's flood does not keep another caller's first notification waiting, and what waits is
/// bounded by the open sessions, at any rate. Each session's notification is in one `NotificationPhase`.
final class NotificationDelivery {
    /// On a server where each step is a new notification, how long after one was shown a click
    /// on its body is taken for a click meant for the buttons of the one before: GNOME Shell
    /// slides the new banner in (200 ms, overshooting), so a quick second click on a button's
    /// place lands on the body, which would go on to the end or accept.
    static let settleMilliseconds = 400

    private let server: NotificationServer
    private let loop: EventLoop
    private let layoutOverride: NotificationLayout?
    /// Who asked for a session (nil when the service no longer knows it): whose turn it is.
    private let caller: (PickerSessionID) -> CallerKey?
    private var info: NotificationServer.Info?
    /// What the server does with notifications, known with `info`.
    private var profile: NotificationServerProfile?
    /// What the server that shows the notifications does with them (nil until it said who it is).
    var serverProfile: NotificationServerProfile? { profile }
    private var askingInfo = false
    /// How many times the server left: an answer about itself from before it left is about a
    /// process that no longer owns the name, and is not taken.
    private var serversGone = 0
    private var phases: [PickerSessionID: NotificationPhase] = [:]
    /// The languages' words, by the locale asked for (nil: the daemon's own).
    private let texts = RecentValues<String?, NotificationText>()
    /// The session of each notification the server shows.
    private var sessionsByID: [UInt32: PickerSessionID] = [:]
    /// The newest view of each session that has one to send, in the order they came, and the
    /// Notify calls out, until the server answers each.
    private var queue = NotifyQueue()
    /// The last ActivationToken the server sent, for the ActionInvoked that follows it on the
    /// same notification (the specification sends it just before); any ActionInvoked drops it.
    private var activationToken: (id: UInt32, token: String)?
    /// Sessions shown again while what they showed before was being closed (a hand-over that
    /// came back before the last Notify was answered): their view, sent once that is done.
    private var showAgain: [PickerSessionID: NotificationView] = [:]
    /// Told what happened to a session: an action, a dismissal, or its end.
    var onReport: ((NotificationReport) -> Void)?

    /// Sessions waiting for a Notify, by caller and server process.
    private typealias NotifyQueue = DeliveryQueue<PickerSessionID, CallerKey?, NotificationView, BusName>

    init(bus: any MessageBus, loop: EventLoop, layoutOverride: NotificationLayout?, caller: @escaping (PickerSessionID) -> CallerKey?) {
        server = NotificationServer(bus: bus)
        self.loop = loop
        self.layoutOverride = layoutOverride
        self.caller = caller
    }

    /// Gets `view` shown for `session`, in place of what it shows; the same view again with
    /// `redraw` redraws its countdown, where the server updates in place (elsewhere the body
    /// says when it closes, which needs no redrawing).
    func show(_ session: PickerSessionID, _ view: NotificationView, redraw: Bool = false) {
        if case .closing? = phases[session] {
            // Shown anew while its old notification is being closed: once it is.
            if !redraw { showAgain[session] = view }
            return
        }
        if redraw, profile?.updatesInPlace == false, phases[session]?.showing != nil { return }
        if phases[session] == nil { phases[session] = .queued }
        queue.want(view, for: session, of: caller(session))
        pump()
    }

    /// Takes `session`'s notification off the server; nothing more is reported about it.
    func close(_ session: PickerSessionID) {
        showAgain[session] = nil
        guard let phase = phases[session] else { return }
        queue.withdraw(session)
        switch phase {
        case .inFlight(_, let showing):
            phases[session] = .closing(showing: showing)
        case .closing:
            break
        case .queued:
            phases[session] = nil
        case .shown(let shown):
            phases[session] = nil
            sessionsByID[shown.id] = nil
            server.close(shown.id, at: shown.server)
        }
    }

    /// The server left the bus: what it showed is gone, and the next one may differ.
    func serverGone() {
        for session in phases.keys { queue.withdraw(session) }
        phases.removeAll()
        sessionsByID.removeAll()
        showAgain.removeAll()
        info = nil
        profile = nil
        askingInfo = false
        serversGone += 1
    }

    /// Closes every notification; `done` once the server answered every close, or after
    /// `graceMilliseconds`.
    func stop(graceMilliseconds: Int, then done: @escaping () -> Void) {
        let shown = phases.values.compactMap(\.showing)
        showAgain.removeAll()
        for session in phases.keys { queue.withdraw(session) }
        // A Notify still out: what it shows is closed once it is answered (what the session
        // showed before is closed now, with the rest).
        phases = phases.compactMapValues { phase in
            switch phase {
            case .inFlight, .closing: .closing(showing: nil)
            case .queued, .shown: nil
            }
        }
        let closed = AllOrDeadline(count: shown.count, atMostMilliseconds: graceMilliseconds, on: loop, then: done)
        for notification in shown {
            server.close(notification.id, at: notification.server) { closed.finishedOne() }
        }
    }

    /// Takes a signal the daemon's connection received, when it is the server's.
    func handle(_ signal: DBusMessage) {
        guard let owner = info?.owner, let event = NotificationServer.event(in: signal, from: owner) else { return }
        switch event {
        case .activationToken(let id, let token):
            activationToken = sessionsByID[id] == nil ? nil : (id, token)
        case .actionInvoked(let id, let key):
            let token = activationToken?.id == id ? activationToken?.token : nil
            activationToken = nil
            guard let session = sessionsByID[id], let phase = phases[session], phase.offers(key) else { return }
            if key == NotificationActionKey.default.rawValue, profile?.updatesInPlace == false, let shown = phase.showing,
               MonotonicClock.now() - shown.shownAt < Self.settleMilliseconds {
                return
            }
            phases[session] = phase.invokingAction()
            onReport?(.action(session, key, activationToken: token))
        case .closed(let id, let reason):
            closed(id, reason: reason)
        case .replied(let id, let text):
            guard let session = sessionsByID[id], let phase = phases[session], phase.offers(NotificationsBus.inlineReplyAction) else { return }
            phases[session] = phase.invokingAction()
            onReport?(.reply(session, text))
        }
    }

    // MARK: Sending

    /// Sends what waits, as far as the in-flight limit allows; asks the server about itself first.
    private func pump() {
        guard queue.hasWaiting else { return }
        guard let info, let profile else {
            askInfo()
            return
        }
        while let send = queue.next(to: info.owner) {
            let session = send.session
            guard let phase = phases[session] else {
                queue.settle(send.ticket)
                continue
            }
            let view = send.wish
            let content = NotificationContent.render(
                view, profile: profile, bodyMarkup: info.capabilities.contains("body-markup"),
                inlineReply: info.capabilities.contains(NotificationsBus.inlineReplyCapability), now: MonotonicClock.now(),
                text: text(for: view.state.options.locale))
            let showing = phase.showing
            phases[session] = .inFlight(sending: Set(content.actions.map(\.key)), showing: showing)
            let replacing = profile.updatesInPlace ? showing?.id ?? 0 : 0
            server.notify(content, replacing: replacing, critical: profile.critical, at: info.owner) {
                [weak self, owner = info.owner, ticket = send.ticket] result in
                self?.answered(session, counted: ticket, replacing: replacing, by: owner, result)
            }
        }
    }

    /// The server's answer to `session`'s Notify (counted under `ticket`), which replaced the
    /// notification `replacing` (0: none).
    private func answered(
        _ session: PickerSessionID, counted ticket: NotifyQueue.Ticket,
        replacing: UInt32, by owner: BusName, _ result: Result<UInt32, NotificationServer.Failure>
    ) {
        queue.settle(ticket)
        defer { pump() }
        // The Notify out for it (one at a time): nil keys when it ended meanwhile.
        let sending: Set<String>?
        let showing: ShownNotification?
        switch phases[session] {
        case .inFlight(let keys, let shown)?: (sending, showing) = (keys, shown)
        case .closing(let shown)?: (sending, showing) = (nil, shown)
        case .queued?, .shown?, nil: return
        }
        switch result {
        case .success(let id):
            if replacing != 0, replacing != id { sessionsByID[replacing] = nil }
            if let other = sessionsByID[id], other != session { lost(id, of: other) }
            if let shown = showing, shown.id != id, shown.id != replacing {
                // A new notification for the step: the one it follows goes, and its close is
                // no news (its id no longer names the session).
                sessionsByID[shown.id] = nil
                server.close(shown.id, at: shown.server)
            }
            guard let sending else {
                forget(session)
                server.close(id, at: owner)
                showAgainIfWanted(session)
                return
            }
            phases[session] = .shown(ShownNotification(id: id, server: owner, keys: sending, shownAt: MonotonicClock.now()))
            sessionsByID[id] = session
        case .failure(let failure):
            forget(session)
            // What it showed before must not stay on screen for a session that is over.
            if let shown = showing { server.close(shown.id, at: shown.server) }
            guard sending != nil else {
                showAgainIfWanted(session)
                return
            }
            onReport?(.ended(session, .unavailable, "the notification server did not take the notification: \(failure.message)"))
            if failure.timedOut { failWaiting(because: "the notification server is not answering") }
            // A server that timed out or failed may come back different.
            info = nil
            profile = nil
        }
    }

    /// The server answered another session's Notify with `id`, the id of `session`'s
    /// notification: a server that gives every notification the same id, or one it shows
    /// still. Whatever the server shows under `id` now is the other session's, and nothing it
    /// reports of `id` is about `session` any more: `session` ends rather than stay on, shown
    /// nowhere and answering nothing.
    private func lost(_ id: UInt32, of session: PickerSessionID) {
        sessionsByID[id] = nil
        let message = "the notification server gave its notification's id (\(id)) to another notification"
        switch phases[session] {
        case .shown?:
            forget(session)
            onReport?(.ended(session, .unavailable, message))
        case .inFlight?:
            // Its own Notify is out: once answered, what that shows is closed, never `id` as
            // what it showed before (it is the other's now).
            queue.withdraw(session)
            phases[session] = .closing(showing: nil)
            onReport?(.ended(session, .unavailable, message))
        case .closing?:
            phases[session] = .closing(showing: nil)
        case .queued?, nil:
            break
        }
    }

    /// Sends the view `session` was shown again with while it was being closed, now that it is.
    private func showAgainIfWanted(_ session: PickerSessionID) {
        guard let view = showAgain.removeValue(forKey: session) else { return }
        show(session, view)
    }

    /// The words of a session whose person reads `locale` (nil: the daemon's own), made once
    /// per locale.
    func text(for locale: String?) -> NotificationText {
        texts.value(for: locale) { NotificationText(locale.flatMap(Language.init(named:)) ?? .environment) }
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

    /// Ends every session waiting to be sent (not those whose Notify is out: its answer says
    /// how they fare).
    private func failWaiting(because message: String) {
        for (session, _) in queue.removeAllWaiting() where phases[session] != nil {
            forget(session)
            onReport?(.ended(session, .unavailable, message))
        }
    }

    /// Drops everything known of `session`: nothing more is sent or reported for it.
    private func forget(_ session: PickerSessionID) {
        if let id = phases[session]?.showing?.id { sessionsByID[id] = nil }
        phases[session] = nil
        queue.withdraw(session)
    }

    // MARK: Closes the server reports

    private func closed(_ id: UInt32, reason: NotificationCloseReason) {
        guard let session = sessionsByID.removeValue(forKey: id), let phase = phases[session] else { return }
        switch phase {
        case .closing:
            // Ended already: its Notify's answer is still closed, and nothing is reported.
            phases[session] = .closing(showing: nil)
            return
        case .queued:
            return
        case .shown(let shown) where reason == .dismissed && shown.actionPending:
            // The server closed it as part of the action's step: the state that follows the
            // action (about to be sent) shows it anew.
            phases[session] = .queued
            return
        case .inFlight(let sending, let shown?) where reason == .dismissed && shown.actionPending:
            // The same, with the step's state already sent.
            phases[session] = .inFlight(sending: sending, showing: nil)
            return
        case .inFlight:
            // Over, with a Notify still out: what it shows is closed once it is answered.
            queue.withdraw(session)
            phases[session] = .closing(showing: nil)
        case .shown:
            forget(session)
        }
        switch reason {
        case .dismissed: onReport?(.dismissed(session))
        case .expired: onReport?(.ended(session, .timeout, "the notification server let the notification expire"))
        case .closedByCall, .undefined:
            onReport?(.ended(session, .unavailable, "the notification server closed the notification (reason \(reason.rawValue))"))
        }
    }
}
