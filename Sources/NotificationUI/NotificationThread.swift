internal import CNotify
internal import EventLoop
internal import Glibc
internal import TimePickerCore

/// libnotify and its GLib main context, on a thread of their own.
///
/// libnotify's calls wait for the notification server (up to about 25 s when it does not answer)
/// and its signals arrive on the GMainContext that was thread-default when its proxy was made,
/// so all of it lives here: the daemon's event loop never waits for the server. Everything in
/// this class runs on that thread; the rest of the daemon talks to it only through mailboxes.
final class NotificationThread {
    private let commands: NotificationCommandQueue
    private let reports: Mailbox<NotificationReport>
    private let layoutOverride: NotificationLayout?
    private var context: OpaquePointer?
    private var mainLoop: OpaquePointer?
    private var server: ServerInfo?
    private var shown: [PickerSessionID: ShownNotification] = [:]
    /// A call to the server just waited until libnotify gave up: the shows queued behind it
    /// fail at once instead of waiting that long again, one after another.
    private var serverTimedOut = false
    /// How long a failed call must have waited to count as the server not answering.
    private let timeoutMilliseconds = 10_000

    /// What the server said about itself, asked once and kept until it goes away.
    private struct ServerInfo {
        let name: String
        let capabilities: Set<String>
    }

    /// One notification on screen and what the thread needs to keep it right.
    private final class ShownNotification {
        let notification: UnsafeMutablePointer<NotifyNotification>
        /// An action was just invoked: a close that follows it is the server's doing, part of
        /// that step, not the person dismissing.
        var actionPending = false
        /// The update that follows the action has reached the server.
        var shownSinceAction = false

        init(notification: UnsafeMutablePointer<NotifyNotification>) {
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
        notify_uninit()
        g_main_context_pop_thread_default(context)
        g_main_loop_unref(mainLoop)
        g_main_context_unref(context)
        reports.post(.stopped)
    }

    private func handleCommands() {
        var batch = commands.take()
        if batch.serverGone {
            for notification in shown.values { g_object_unref(notification.notification) }
            shown.removeAll()
            server = nil
        }
        var requests = batch.requests[...]
        while let (session, request) = requests.popFirst() {
            switch request {
            case .show(let state):
                if serverTimedOut {
                    end(session, .unavailable, "the notification server is not answering")
                    continue
                }
                show(session, state)
                // Everything that queued up while the server kept us waiting is answered now.
                if serverTimedOut {
                    let later = commands.take()
                    requests += later.requests
                    batch.stop = batch.stop || later.stop
                }
            case .close:
                close(session)
            }
        }
        // Later requests try the server again: it may have recovered.
        serverTimedOut = false
        if batch.stop {
            for session in Array(shown.keys) { close(session) }
            g_main_loop_quit(mainLoop)
        }
    }

    // MARK: Showing and closing

    private func show(_ session: PickerSessionID, _ state: PickerState) {
        let asked = MonotonicClock.now()
        guard let server = serverInfo() else {
            serverTimedOut = MonotonicClock.now() - asked >= timeoutMilliseconds
            end(session, .unavailable, "no notification server answers")
            return
        }
        guard server.capabilities.contains("actions") else {
            end(session, .unavailable, "the notification server (\(server.name)) shows no actions")
            return
        }
        let layout = layoutOverride ?? .forServer(named: server.name)
        let content = NotificationContent.render(state, layout: layout, bodyMarkup: server.capabilities.contains("body-markup"))
        let entry: ShownNotification
        if let existing = shown[session] {
            entry = existing
            notify_notification_update(entry.notification, content.summary, content.body, nil)
            notify_notification_clear_actions(entry.notification)
        } else {
            guard let notification = notify_notification_new(content.summary, content.body, nil) else {
                end(session, .unavailable, "libnotify could not make a notification")
                return
            }
            entry = ShownNotification(notification: notification)
            shown[session] = entry
            notify_notification_set_timeout(notification, NOTIFY_EXPIRES_NEVER)
            // Keeps the notification after an action on servers that honour it, so each step
            // updates it in place.
            notify_notification_set_hint(notification, "resident", g_variant_new_boolean(1))
            connectClosed(notification, session: session)
        }
        for action in content.actions {
            addAction(action, to: entry.notification, session: session)
        }
        let followsAction = entry.actionPending
        guard display(entry.notification, session: session) else { return }
        entry.shownSinceAction = followsAction
        // The server's signals that came before the reply (a close that followed the action
        // just handled) are queued here now: let them run while the action still counts.
        while g_main_context_iteration(context, 0) != 0 {}
        entry.actionPending = false
        entry.shownSinceAction = false
    }

    private func close(_ session: PickerSessionID) {
        guard let entry = shown.removeValue(forKey: session) else { return }
        var error: UnsafeMutablePointer<GError>?
        notify_notification_close(entry.notification, &error)
        if let error { g_error_free(error) }
        g_object_unref(entry.notification)
    }

    /// Sends the notification to the server; on failure the session ends as unavailable.
    private func display(_ notification: UnsafeMutablePointer<NotifyNotification>, session: PickerSessionID) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        let asked = MonotonicClock.now()
        guard notify_notification_show(notification, &error) != 0 else {
            serverTimedOut = MonotonicClock.now() - asked >= timeoutMilliseconds
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
            if let error { g_error_free(error) }
            if let entry = shown.removeValue(forKey: session) { g_object_unref(entry.notification) }
            // A server that timed out or left may come back different.
            server = nil
            reports.post(.ended(session, .unavailable, "the notification server did not take the notification: \(message)"))
            return false
        }
        return true
    }

    private func end(_ session: PickerSessionID, _ reason: CancelReason, _ message: String) {
        if let entry = shown.removeValue(forKey: session) { g_object_unref(entry.notification) }
        reports.post(.ended(session, reason, message))
    }

    private func serverInfo() -> ServerInfo? {
        if let server { return server }
        var name: UnsafeMutablePointer<CChar>?
        guard notify_get_server_info(&name, nil, nil, nil) != 0 else { return nil }
        defer { g_free(name) }
        var capabilities: Set<String> = []
        var list = notify_get_server_caps()
        let head = list
        while let node = list {
            if let text = node.pointee.data?.assumingMemoryBound(to: CChar.self) { capabilities.insert(String(cString: text)) }
            list = node.pointee.next
        }
        g_list_free_full(head, g_free)
        let info = ServerInfo(name: name.map { String(cString: $0) } ?? "", capabilities: capabilities)
        server = info
        return info
    }

    // MARK: Signals from the server, through libnotify

    fileprivate func actionInvoked(_ key: String, session: PickerSessionID) {
        guard let entry = shown[session] else { return }
        entry.actionPending = true
        reports.post(.action(session, key), limit: NotificationReport.maximumWaitingActions)
    }

    fileprivate func closed(_ notification: UnsafeMutablePointer<NotifyNotification>, session: PickerSessionID) {
        guard let entry = shown[session], entry.notification == notification else { return }
        let reason = notify_notification_get_closed_reason(notification)
        if reason == 2, entry.actionPending {
            // The server closed it as part of the action's step. libnotify forgets the
            // notification's id when this handler returns, so nothing is shown from in here.
            entry.actionPending = false
            if entry.shownSinceAction {
                // The update already went out and the server shows it under this same id: the
                // close was for what it showed before. Take the id back and show it again
                // (which also re-arms libnotify's close detection), once libnotify is done.
                reshowLater(session, id: notificationID(notification))
            }
            // Otherwise the update that follows every action shows it anew.
            return
        }
        shown[session] = nil
        g_object_unref(notification)
        switch reason {
        case 2: reports.post(.dismissed(session))
        case 1: reports.post(.ended(session, .timeout, "the notification server let the notification expire"))
        default: reports.post(.ended(session, .unavailable, "the notification server closed the notification (reason \(reason))"))
        }
    }

    /// The id the server gave the notification, as libnotify keeps it.
    private func notificationID(_ notification: UnsafeMutablePointer<NotifyNotification>) -> Int32 {
        var value = GValue()
        g_value_init(&value, GType(24))  // G_TYPE_INT, a macro Swift cannot import
        g_object_get_property(UnsafeMutableRawPointer(notification).assumingMemoryBound(to: GObject.self), "id", &value)
        defer { g_value_unset(&value) }
        return g_value_get_int(&value)
    }

    /// Restores the notification's id and shows it again, from the thread's main loop.
    private func reshowLater(_ session: PickerSessionID, id: Int32) {
        let source = g_idle_source_new()
        let box = Unmanaged.passRetained(ReshowContext(thread: self, session: session, id: id)).toOpaque()
        g_source_set_callback(source, { data in
            guard let data else { return 0 }
            let context = Unmanaged<ReshowContext>.fromOpaque(data).takeUnretainedValue()
            context.thread?.reshow(context.session, id: context.id)
            return 0
        }, box, { data in
            guard let data else { return }
            Unmanaged<ReshowContext>.fromOpaque(data).release()
        })
        g_source_attach(source, context)
        g_source_unref(source)
    }

    fileprivate func reshow(_ session: PickerSessionID, id: Int32) {
        guard let entry = shown[session] else { return }
        var value = GValue()
        g_value_init(&value, GType(24))
        g_value_set_int(&value, id)
        g_object_set_property(UnsafeMutableRawPointer(entry.notification).assumingMemoryBound(to: GObject.self), "id", &value)
        g_value_unset(&value)
        _ = display(entry.notification, session: session)
    }

    private func addAction(_ action: NotificationAction, to notification: UnsafeMutablePointer<NotifyNotification>, session: PickerSessionID) {
        let box = Unmanaged.passRetained(CallbackContext(thread: self, session: session)).toOpaque()
        notify_notification_add_action(notification, action.key, action.label, { _, key, data in
            guard let data, let key else { return }
            let context = Unmanaged<CallbackContext>.fromOpaque(data).takeUnretainedValue()
            context.thread?.actionInvoked(String(cString: key), session: context.session)
        }, box, { data in
            guard let data else { return }
            Unmanaged<CallbackContext>.fromOpaque(data).release()
        })
    }

    private func connectClosed(_ notification: UnsafeMutablePointer<NotifyNotification>, session: PickerSessionID) {
        let box = Unmanaged.passRetained(CallbackContext(thread: self, session: session)).toOpaque()
        let handler: @convention(c) (UnsafeMutablePointer<NotifyNotification>?, gpointer?) -> Void = { notification, data in
            guard let notification, let data else { return }
            let context = Unmanaged<CallbackContext>.fromOpaque(data).takeUnretainedValue()
            context.thread?.closed(notification, session: context.session)
        }
        g_signal_connect_data(notification, "closed", unsafeBitCast(handler, to: GCallback.self), box, { data, _ in
            guard let data else { return }
            Unmanaged<CallbackContext>.fromOpaque(data).release()
        }, GConnectFlags(rawValue: 0))
    }
}

/// What a deferred re-show needs: held by its GLib source, freed with it.
private final class ReshowContext {
    weak var thread: NotificationThread?
    let session: PickerSessionID
    let id: Int32

    init(thread: NotificationThread, session: PickerSessionID, id: Int32) {
        self.thread = thread
        self.session = session
        self.id = id
    }
}

/// What a libnotify callback needs to find its way back: held by libnotify, freed by it.
private final class CallbackContext {
    weak var thread: NotificationThread?
    let session: PickerSessionID

    init(thread: NotificationThread, session: PickerSessionID) {
        self.thread = thread
        self.session = session
    }
}
