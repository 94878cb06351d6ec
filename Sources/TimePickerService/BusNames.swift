public import DBusKit

/// The names the service is known by on the bus.
public enum BusNames {
    public static let service: BusName = "io.github.timepickerd.TimePicker1"
    public static let managerPath: ObjectPath = "/io/github/timepickerd/TimePicker1"
    public static let sessionsPath: ObjectPath = "/io/github/timepickerd/TimePicker1/session"
    public static let managerInterface: InterfaceName = "io.github.timepickerd.TimePicker1"
    public static let sessionInterface: InterfaceName = "io.github.timepickerd.TimePicker1.Session"

    static let propertiesInterface: InterfaceName = "org.freedesktop.DBus.Properties"
    static let introspectableInterface = "org.freedesktop.DBus.Introspectable"
    static let busDaemon: BusName = "org.freedesktop.DBus"
    static let busDaemonPath: ObjectPath = "/org/freedesktop/DBus"
    static let busDaemonInterface: InterfaceName = "org.freedesktop.DBus"

    /// The path element for a caller: its unique name without ':' and with '.' as '_'
    /// (":1.42" becomes "1_42"), as xdg-desktop-portal does for requests.
    static func pathElement(forSender sender: String) -> String {
        String(sender.drop { $0 == ":" }.map { $0 == "." ? "_" : $0 })
    }
}
