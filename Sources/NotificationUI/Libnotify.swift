internal import CNotify

/// Why the server closed a notification: the reasons of the Notifications specification's
/// NotificationClosed signal.
enum NotificationCloseReason: Int32 {
    case expired = 1
    /// Dismissed by the person, or closed by the server as part of an action's step.
    case dismissed = 2
    /// CloseNotification was called.
    case closedByCall = 3
    case undefined = 4
}

/// What the notification server says about itself.
struct NotificationServerInfo {
    let name: String
    let capabilities: Set<String>

    /// Asks the server (through libnotify: blocking, on the notification thread only); nil
    /// when no server answers. The corresponding C functions are `notify_get_server_info` and
    /// `notify_get_server_caps`.
    static func ask() -> NotificationServerInfo? {
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
        return NotificationServerInfo(name: name.map { String(cString: $0) } ?? "", capabilities: capabilities)
    }
}

/// One libnotify notification; the C object and its callbacks stay inside. Used on the
/// notification thread only (libnotify has no locks).
final class LibnotifyNotification {
    private let raw: UnsafeMutablePointer<NotifyNotification>
    private var closedHandler: UInt = 0

    /// A notification that never expires and stays after an action where the server allows it
    /// (the `resident` hint), so each step updates it in place; nil when libnotify cannot make
    /// one. The corresponding C function is `notify_notification_new`.
    init?(summary: String, body: String) {
        guard let raw = notify_notification_new(summary, body, nil) else { return nil }
        self.raw = raw
        notify_notification_set_timeout(raw, NOTIFY_EXPIRES_NEVER)
        notify_notification_set_hint(raw, "resident", g_variant_new_boolean(1))
    }

    deinit {
        if closedHandler != 0 { g_signal_handler_disconnect(raw, closedHandler) }
        g_object_unref(raw)
    }

    /// New text for the next `show`. The corresponding C function is `notify_notification_update`.
    func update(summary: String, body: String) {
        notify_notification_update(raw, summary, body, nil)
    }

    /// Replaces the actions; `onInvoked` gets the key of the one the person chooses.
    func setActions(_ actions: [NotificationAction], onInvoked: @escaping (String) -> Void) {
        notify_notification_clear_actions(raw)
        for action in actions {
            let box = Unmanaged.passRetained(ClosureBox(onInvoked)).toOpaque()
            notify_notification_add_action(raw, action.key, action.label, { _, key, data in
                guard let data, let key else { return }
                Unmanaged<ClosureBox<String>>.fromOpaque(data).takeUnretainedValue().call(String(cString: key))
            }, box, { data in
                guard let data else { return }
                Unmanaged<ClosureBox<String>>.fromOpaque(data).release()
            })
        }
    }

    /// Calls `handler` with the reason whenever the server closes the notification.
    func onClosed(_ handler: @escaping (NotificationCloseReason) -> Void) {
        let box = Unmanaged.passRetained(ClosureBox<NotificationCloseReason>(handler)).toOpaque()
        let callback: @convention(c) (UnsafeMutablePointer<NotifyNotification>?, gpointer?) -> Void = { notification, data in
            guard let notification, let data else { return }
            let reason = NotificationCloseReason(rawValue: notify_notification_get_closed_reason(notification)) ?? .undefined
            // The handler may drop the last reference to the notification, which disconnects
            // this handler and frees the box: keep it alive until the call returns.
            let box = Unmanaged<ClosureBox<NotificationCloseReason>>.fromOpaque(data).takeUnretainedValue()
            withExtendedLifetime(box) { box.call(reason) }
        }
        closedHandler = g_signal_connect_data(raw, "closed", unsafeBitCast(callback, to: GCallback.self), box, { data, _ in
            guard let data else { return }
            Unmanaged<ClosureBox<NotificationCloseReason>>.fromOpaque(data).release()
        }, GConnectFlags(rawValue: 0))
    }

    /// Sends the notification to the server, blocking until it answers or libnotify gives up.
    /// The corresponding C function is `notify_notification_show`.
    func show() throws(GLibError) {
        try GLibError.check { error in notify_notification_show(raw, error) }
    }

    /// Asks the server to close it; a failure (the server is gone) leaves nothing to do.
    /// The corresponding C function is `notify_notification_close`.
    func close() {
        try? GLibError.check { error in notify_notification_close(raw, error) }
    }

    /// The id the server gave it, as libnotify keeps it; setting it back makes the next `show`
    /// replace that notification (libnotify forgets it when the server reports a close).
    var serverID: Int32 {
        get { GObjectIntProperty.get(UnsafeMutableRawPointer(raw), "id") }
        set { GObjectIntProperty.set(UnsafeMutableRawPointer(raw), "id", newValue) }
    }
}
