internal import CNotify
internal import EventLoop
internal import Glibc
internal import TimePickerCore

/// libnotify and its GLib main context, on a thread of their own: what is shown for which
/// session, and what the server's answers mean for it.
///
/// libnotify's calls wait for the notification server (up to about 25 s when it does not answer)
/// and its signals arrive on the GMainContext that was thread-default when its proxy was made,
/// so all of it lives here: the daemon's event loop never waits for the server. Everything in
/// this class runs on that thread; the rest of the daemon talks to it only through the command
/// queue and the report mailbox.
final class NotificationThread {
    private let commands: NotificationCommandQueue
    private let reports: Mailbox<NotificationReport>
    private let layoutOverride: NotificationLayout?
    private var context: OpaquePointer?
    private var mainLoop: OpaquePointer?
    private var server: NotificationServerInfo?
    private var shown: [PickerSessionID: ShownNotification] = [:]
    /// A call to the server just waited until libnotify gave up: the shows queued behind it
    /// fail at once instead of waiting that long again, one after another.
    private var serverTimedOut = false
    /// How long a failed call must have waited to count as the server not answering.
    private let timeoutMilliseconds = 10_000

    /// One notification on screen and what the thread needs to keep it right.
    private final class ShownNotification {
        let notification: LibnotifyNotification
        /// An action was just invoked: a close that follows it is the server's doing, part of
        /// that step, not the person dismissing.
        var actionPending = false
        /// The update that follows the action has reached the server.
        var shownSinceAction = false

        init(notification: LibnotifyNotification) {
            self.notification = notification
        }
    }

    /// Starts the thread. The instance is handed over to it: the caller keeps only the mailboxes.
    static func start(
        commands: NotificationCommandQueue, reports: Mailbox<NotificationReport>, layoutOverride: NotificationLayout?
    ) throws(SystemError) {
        let owner = NotificationThread(commands: commands, reports: reports, layoutOverride: layoutOverride)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(owner).toOpaque()
        let result = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<NotificationThread>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<NotificationThread>.fromOpaque(context).release()
            throw SystemError("pthread_create", errno: result)
        }
        pthread_detach(thread)
    }

    private init(commands: NotificationCommandQueue, reports: Mailbox<NotificationReport>, layoutOverride: NotificationLayout?) {
        self.commands = commands
        self.reports = reports
        self.layoutOverride = layoutOverride
    }

    // MARK: The thread's main loop

    private func run() {
        let context = g_main_context_new()
        // Thread-default before libnotify makes its proxy, so its signals come to this context.
        g_main_context_push_thread_default(context)
        let mainLoop = g_main_loop_new(context, 0)
        self.context = context
        self.mainLoop = mainLoop
        notify_init("timepickerd")

        let source = g_unix_fd_source_new(commands.descriptor, G_IO_IN)
        let callback: GUnixFDSourceFunc = { _, _, data in
            guard let data else { return 0 }
            Unmanaged<NotificationThread>.fromOpaque(data).takeUnretainedValue().handleCommands()
            return 1
        }
        g_source_set_callback(source, unsafeBitCast(callback, to: GSourceFunc.self), Unmanaged.passUnretained(self).toOpaque(), nil)
        g_source_attach(source, context)
        g_main_loop_run(mainLoop)

        g_source_destroy(source)
        g_source_unref(source)
        shown.removeAll()
        notify_uninit()
        g_main_context_pop_thread_default(context)
        g_main_loop_unref(mainLoop)
        g_main_context_unref(context)
        reports.post(.stopped)
    }

    private func handleCommands() {
        var batch = commands.take()
        if batch.serverGone {
            shown.removeAll()
            server = nil
        }
        var requests = batch.requests[...]
        while let (session, request) = requests.popFirst() {
            switch request {
            case .show(let view):
                if serverTimedOut {
                    end(session, .unavailable, "the notification server is not answering")
                    continue
                }
                show(session, view)
                // Everything that queued up while the server kept us waiting is answered now.
                if serverTimedOut {
                    let later = commands.take()
                    requests += later.requests
                    batch.stop = batch.stop || later.stop
                }
            case .close:
                shown.removeValue(forKey: session)?.notification.close()
            }
        }
        // Later requests try the server again: it may have recovered.
        serverTimedOut = false
        if batch.stop {
            for entry in shown.values { entry.notification.close() }
            shown.removeAll()
            g_main_loop_quit(mainLoop)
        }
    }

    // MARK: Showing

    private func show(_ session: PickerSessionID, _ view: NotificationView) {
        let asked = MonotonicClock.now()
        guard let server = server ?? NotificationServerInfo.ask() else {
            serverTimedOut = MonotonicClock.now() - asked >= timeoutMilliseconds
            end(session, .unavailable, "no notification server answers")
            return
        }
        self.server = server
        guard server.capabilities.contains("actions") else {
            end(session, .unavailable, "the notification server (\(server.name)) shows no actions")
            return
        }
        let layout = layoutOverride ?? .forServer(named: server.name)
        let content = NotificationContent.render(
            view, layout: layout, bodyMarkup: server.capabilities.contains("body-markup"), now: MonotonicClock.now())
        let entry: ShownNotification
        if let existing = shown[session] {
            entry = existing
            entry.notification.update(summary: content.summary, body: content.body)
        } else {
            guard let notification = LibnotifyNotification(summary: content.summary, body: content.body) else {
                end(session, .unavailable, "libnotify could not make a notification")
                return
            }
            entry = ShownNotification(notification: notification)
            shown[session] = entry
            notification.onClosed { [weak self, weak entry] reason in
                guard let self, let entry else { return }
                self.closed(entry, of: session, reason: reason)
            }
        }
        entry.notification.setActions(content.actions) { [weak self, weak entry] key in
            guard let self, let entry else { return }
            self.actionInvoked(key, on: entry, of: session)
        }
        let followsAction = entry.actionPending
        guard display(entry, of: session) else { return }
        entry.shownSinceAction = followsAction
        // The server's signals that came before the reply (a close that followed the action
        // just handled) are queued here now: let them run while the action still counts.
        while g_main_context_iteration(context, 0) != 0 {}
        entry.actionPending = false
        entry.shownSinceAction = false
    }

    /// Sends the notification to the server; on failure the session ends as unavailable.
    private func display(_ entry: ShownNotification, of session: PickerSessionID) -> Bool {
        let asked = MonotonicClock.now()
        do {
            try entry.notification.show()
            return true
        } catch {
            serverTimedOut = MonotonicClock.now() - asked >= timeoutMilliseconds
            shown[session] = nil
            // A server that timed out or left may come back different.
            server = nil
            reports.post(.ended(session, .unavailable, "the notification server did not take the notification: \(error.message)"))
            return false
        }
    }

    private func end(_ session: PickerSessionID, _ reason: CancelReason, _ message: String) {
        shown[session] = nil
        reports.post(.ended(session, reason, message))
    }

    // MARK: Signals from the server, through libnotify

    private func actionInvoked(_ key: String, on entry: ShownNotification, of session: PickerSessionID) {
        guard shown[session] === entry else { return }
        entry.actionPending = true
        reports.post(.action(session, key), limit: NotificationReport.maximumWaitingActions)
    }

    private func closed(_ entry: ShownNotification, of session: PickerSessionID, reason: NotificationCloseReason) {
        guard shown[session] === entry else { return }
        if reason == .dismissed, entry.actionPending {
            // The server closed it as part of the action's step. libnotify forgets the
            // notification's id when this handler returns, so nothing is shown from in here.
            entry.actionPending = false
            if entry.shownSinceAction {
                // The update already went out and the server shows it under this same id: the
                // close was for what it showed before. Take the id back and show it again
                // (which also re-arms libnotify's close detection), once libnotify is done.
                let id = entry.notification.serverID
                runWhenIdle(on: context) { [weak self, weak entry] in
                    guard let self, let entry, self.shown[session] === entry else { return }
                    entry.notification.serverID = id
                    _ = self.display(entry, of: session)
                }
            }
            // Otherwise the update that follows every action shows it anew.
            return
        }
        shown[session] = nil
        switch reason {
        case .dismissed: reports.post(.dismissed(session))
        case .expired: reports.post(.ended(session, .timeout, "the notification server let the notification expire"))
        case .closedByCall, .undefined:
            reports.post(.ended(session, .unavailable, "the notification server closed the notification (reason \(reason.rawValue))"))
        }
    }
}
