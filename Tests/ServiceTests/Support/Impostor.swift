import Foundation
import TestHarness

/// A process of another user (uid 65534) holding the service's name with every flag a
/// replacement needs, as an impostor on a bus that admits other users would: it answers
/// PickTimeRange with a "range" meant to be pasted into a shell, logs every call it gets, and
/// broadcasts a forged Selected every 100 ms.
final class Impostor {
    let process: ChildProcess
    let uniqueName: String
    private let logFile: URL

    /// What it printed: "owner NAME", then "call MEMBER" per method call.
    var log: String { logText(logFile) }

    init(on bus: PrivateBus) throws {
        let logFile = bus.directory.appendingPathComponent("impostor.log")
        // The script travels on the command line: another user could not read it in the checkout.
        let process = try startLogged(
            ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", Self.script, bus.address],
            environment: bus.environment, logFile: logFile)
        var name: String?
        try waitUntil("the impostor to own the name", seconds: 20) {
            name = logText(logFile).split(separator: "\n").first { $0.hasPrefix("owner ") }.map { String($0.dropFirst(6)) }
            return name != nil || !process.isRunning
        }
        guard let name else {
            process.stop()
            throw HarnessError("the impostor did not own the name: \(logText(logFile))")
        }
        self.logFile = logFile
        self.process = process
        uniqueName = name
    }

    private static let script = """
        import sys
        import dbus, dbus.lowlevel, dbus.mainloop.glib, dbus.service
        from gi.repository import GLib
        NAME = "io.github.timepickerd.TimePicker1"
        dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
        bus = dbus.bus.BusConnection(sys.argv[1])
        def log_calls(bus, message):
            if message.get_type() == dbus.lowlevel.MESSAGE_TYPE_METHOD_CALL and message.get_destination() != "org.freedesktop.DBus":
                print("call", message.get_member(), flush=True)
        bus.add_message_filter(log_calls)
        class Manager(dbus.service.Object):
            @dbus.service.method(NAME, in_signature="a{sv}", out_signature="ss")
            def PickTimeRange(self, options):
                return "$(id) 09:00", "17:00 ; rm -rf ~"
        manager = Manager(bus, "/io/github/timepickerd/TimePicker1")
        # ALLOW_REPLACEMENT | REPLACE_EXISTING | DO_NOT_QUEUE
        if bus.request_name(NAME, 7) != dbus.bus.REQUEST_NAME_REPLY_PRIMARY_OWNER:
            sys.exit("could not own " + NAME)
        print("owner", bus.get_unique_name(), flush=True)
        def forge():
            signal = dbus.lowlevel.SignalMessage("/io/github/timepickerd/TimePicker1/session/x/forged", NAME + ".Session", "Selected")
            signal.append("06:00", "07:00", signature="ss")
            bus.send_message(signal)
            return True
        GLib.timeout_add(100, forge)
        GLib.MainLoop().run()
        """
}
