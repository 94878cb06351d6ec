public import DBusKit

/// The names of the desktop's notification server, as the Desktop Notifications Specification
/// gives them: what the notification front end calls and listens to, written once.
public enum NotificationsBus {
    public static let name: BusName = "org.freedesktop.Notifications"
    public static let path: ObjectPath = "/org/freedesktop/Notifications"
    public static let interface: InterfaceName = "org.freedesktop.Notifications"

    /// The methods the daemon calls and the signals it reads.
    public enum Member {
        public static let getServerInformation: MemberName = "GetServerInformation"
        public static let getCapabilities: MemberName = "GetCapabilities"
        public static let notify: MemberName = "Notify"
        public static let closeNotification: MemberName = "CloseNotification"
        public static let actionInvoked: MemberName = "ActionInvoked"
        public static let notificationClosed: MemberName = "NotificationClosed"
        /// KDE's extension (Plasma 5.18 and later, SwayNotificationCenter, …): the text the
        /// person typed into a notification's reply field, for its `inline-reply` action.
        public static let notificationReplied: MemberName = "NotificationReplied"
        /// Sent just before ActionInvoked by servers of specification 1.2 and later (GNOME Shell,
        /// Plasma): the token that lets the window the action opens get the focus (XDG
        /// activation on Wayland, a startup id on X11).
        public static let activationToken: MemberName = "ActivationToken"
    }

    /// What GetCapabilities lists for a server that shows a reply field for the action
    /// `inlineReplyAction`.
    public static let inlineReplyCapability = "inline-reply"
    public static let inlineReplyAction = "inline-reply"
    /// The hint that sets the reply field's placeholder text (Plasma's).
    public static let replyPlaceholderHint = "x-kde-reply-placeholder-text"

    /// The server's signals, from wherever they come (the front end checks the sender itself).
    public static let signalsRule = "type='signal',sender='\(name)',interface='\(interface)',path='\(path)'"
}
