public import DBusKit

/// The names timepickerd is known by on the bus, as `dbus/io.github.timepickerd.TimePicker1.xml`
/// documents them: written once, for the service, its client, the dialog backend, the bench and
/// the leak check (the tests spell them out: they check the wire, not these constants).
public enum TimePickerBus {
    /// The service's well-known name.
    public static let name: BusName = "io.github.timepickerd.TimePicker1"
    /// The object with ShowTimePicker and PickTimeRange.
    public static let managerPath: ObjectPath = "/io/github/timepickerd/TimePicker1"
    /// The node below which every session's object lives.
    public static let sessionsPath: ObjectPath = "/io/github/timepickerd/TimePicker1/session"
    public static let managerInterface: InterfaceName = "io.github.timepickerd.TimePicker1"
    public static let sessionInterface: InterfaceName = "io.github.timepickerd.TimePicker1.Session"

    /// The members of both interfaces.
    public enum Member {
        public static let showTimePicker: MemberName = "ShowTimePicker"
        public static let pickTimeRange: MemberName = "PickTimeRange"
        public static let cancel: MemberName = "Cancel"
        public static let selected: MemberName = "Selected"
        public static let cancelled: MemberName = "Cancelled"
        /// A session's full answer, just before its Selected or Cancelled.
        public static let response: MemberName = "Response"
    }

    /// The `response` code of a session's Response signal (xdg-desktop-portal's Request's).
    public enum ResponseCode {
        /// The person chose; Selected follows.
        public static let chosen: UInt32 = 0
        /// The person cancelled; Cancelled("user") follows.
        public static let cancelledByPerson: UInt32 = 1
        /// The session ended otherwise (timeout, Cancel(), …); Cancelled follows with why.
        public static let endedOtherwise: UInt32 = 2
    }

    /// The keys of a Response signal's results (its `a{sv}`).
    public enum ResponseKey {
        /// The selection, HH:MM (s), and whether its end is on the next day (b).
        public static let start = "start"
        public static let end = "end"
        public static let nextDay = "next_day"
        /// Seconds of real elapsed time from start to end (u).
        public static let duration = "duration"
        /// Dated sessions only: the day (YYYY-MM-DD), the instants in ISO 8601 with their UTC
        /// offsets, and the zone's IANA name (all s).
        public static let date = "date"
        public static let startTime = "start_time"
        public static let endTime = "end_time"
        public static let timeZone = "time_zone"
        /// Responses 1 and 2: the reason Cancelled gives (s).
        public static let reason = "reason"
    }

    /// The properties, as Properties.Get and PropertiesChanged name them.
    public enum Property {
        /// The manager's: the interface's version.
        public static let version = "Version"
        /// The manager's: the user interface that shows a session asking for none.
        public static let userInterface = "UserInterface"
        /// A session's title, and its selection as HH:MM.
        public static let title = "Title"
        public static let start = "Start"
        public static let end = "End"
    }

    /// The service's own errors.
    public enum Error {
        /// PickTimeRange: the session was cancelled; the message is the reason.
        public static let cancelled: ErrorName = "io.github.timepickerd.TimePicker1.Error.Cancelled"
        /// PickTimeRange: no user interface can show a picker.
        public static let noUserInterface: ErrorName = "io.github.timepickerd.TimePicker1.Error.NoUserInterface"
        /// Too many open sessions, or no descriptor to spare for a terminal.
        public static let limitsExceeded: ErrorName = "io.github.timepickerd.TimePicker1.Error.LimitsExceeded"
    }

    /// The path element for a caller: its unique name without ':' and with '.' as '_'
    /// (":1.42" becomes "1_42"), as xdg-desktop-portal does for requests.
    public static func pathElement(forSender sender: BusName) -> String {
        // A bus name is ASCII (BusName is checked by libdbus): mapped byte by byte, where
        // mapping its Characters cost 5,000 instructions for every session.
        var name = sender.rawValue
        return name.withUTF8 { bytes in
            let kept = bytes.drop { $0 == UInt8(ascii: ":") }
            return String(unsafeUninitializedCapacity: kept.count) { buffer in
                for (index, byte) in kept.enumerated() { buffer[index] = byte == UInt8(ascii: ".") ? UInt8(ascii: "_") : byte }
                return kept.count
            }
        }
    }

    /// The node below which `sender`'s sessions live; nil for a name that makes no path element
    /// (never so for a unique name).
    public static func sessionsPath(of sender: BusName) -> ObjectPath? {
        sessionsPath.appending(pathElement(forSender: sender))
    }

    /// The session path for `sender`'s session named `token` (its handle_token), or nil when
    /// the token cannot be a path element.
    public static func sessionPath(sender: BusName, token: String) -> ObjectPath? {
        sessionsPath(of: sender)?.appending(token)
    }

    /// Match rules for the service's signals.
    public enum Rule {
        /// Every signal the service sends on `path` (a session's outcome and changes).
        public static func signals(on path: ObjectPath) -> String {
            "type='signal',sender='\(TimePickerBus.name)',path='\(path)'"
        }
        /// The Response signal of the session at `path`, which its creator reads the whole range from.
        public static func response(on path: ObjectPath) -> String {
            "type='signal',sender='\(TimePickerBus.name)',path='\(path)',interface='\(TimePickerBus.sessionInterface)',member='\(Member.response)'"
        }
        /// The outcome signals of every session.
        public static let outcomes = "type='signal',sender='\(TimePickerBus.name)',interface='\(TimePickerBus.sessionInterface)'"
        /// The service's name changing owner (the service starting, stopping, dying).
        public static let ownerChanges = MatchRule.nameOwnerChanged(of: TimePickerBus.name)
    }
}

/// The names of a dialog backend (`dbus/io.github.timepickerd.impl.TimePicker1.xml`): the GTK
/// one's bus name, and the object path and interface every backend offers.
public enum DialogBackendBus {
    /// The bus name of the GTK 4 backend, `timepickerd-gtk`.
    public static let gtkName: BusName = "io.github.timepickerd.Gtk"
    public static let path: ObjectPath = "/io/github/timepickerd/impl/TimePicker1"
    public static let interface: InterfaceName = "io.github.timepickerd.impl.TimePicker1"

    public enum Member {
        public static let showPicker: MemberName = "ShowPicker"
        public static let update: MemberName = "Update"
        public static let close: MemberName = "Close"
        public static let event: MemberName = "Event"
        public static let notice: MemberName = "Notice"
    }

    /// The properties of the backend interface.
    public enum Property {
        public static let version = "Version"
    }

    /// The keys of ShowPicker's results (its `a{sv}` answer).
    public enum ResultKey {
        /// Response 0: the selection the person accepted, as HH:MM.
        public static let start = "start"
        public static let end = "end"
        /// Response 2: why there is no dialog, for the log.
        public static let reason = "reason"
    }
}
