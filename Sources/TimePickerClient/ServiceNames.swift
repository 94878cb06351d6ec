internal import DBusKit

/// The names timepickerd and the bus are known by, as the client needs them (the daemon's own
/// copy lives in TimePickerService, which the client does not link).
enum ServiceNames {
    static let service: BusName = "io.github.timepickerd.TimePicker1"
    static let managerPath: ObjectPath = "/io/github/timepickerd/TimePicker1"
    static let sessionsPath: ObjectPath = "/io/github/timepickerd/TimePicker1/session"
    static let managerInterface: InterfaceName = "io.github.timepickerd.TimePicker1"
    static let sessionInterface: InterfaceName = "io.github.timepickerd.TimePicker1.Session"

    static let bus: BusName = "org.freedesktop.DBus"
    static let busPath: ObjectPath = "/org/freedesktop/DBus"
    static let busInterface: InterfaceName = "org.freedesktop.DBus"
    static let properties: InterfaceName = "org.freedesktop.DBus.Properties"
    static let introspectable: InterfaceName = "org.freedesktop.DBus.Introspectable"
    /// The interface of the Disconnected signal libdbus delivers when the bus goes away.
    static let local = "org.freedesktop.DBus.Local"

    /// Match rule: the service's name changing owner, e.g. the service dying (new owner "").
    static let ownerChangesRule =
        "type='signal',sender='\(bus)',interface='\(busInterface)',member='NameOwnerChanged',arg0='\(service)'"

    /// Match rule: the outcome signals of every session.
    static let outcomesRule = "type='signal',sender='\(service)',interface='\(sessionInterface)'"

    /// Match rule: every signal the service sends on `path`.
    static func signalsRule(path: ObjectPath) -> String {
        "type='signal',sender='\(service)',path='\(path)'"
    }
}
