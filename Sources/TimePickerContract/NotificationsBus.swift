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
    }

    /// The server's signals, from wherever they come (the front end checks the sender itself).
    public static let signalsRule = "type='signal',sender='\(name)',interface='\(interface)',path='\(path)'"
}
