import Foundation
import TestHarness

extension OtherUser {
    /// Starts `script` (Python, with dbus-python) as the other user with `arguments`, its output
    /// to a log in `bus`'s directory. The script travels on the command line: the other user
    /// could not read it in the checkout.
    static func startPython(_ script: String, _ arguments: [String], on bus: PrivateBus, log prefix: String) throws -> (ChildProcess, URL) {
        let log = uniqueFile(in: bus.directory, prefix, "log")
        let process = try startLogged(launcher + ["/usr/bin/python3", "-c", script] + arguments, environment: bus.environment, logFile: log)
        return (process, log)
    }

    /// Runs gdbus as the other user with `arguments` (its command first) against `destination`
    /// on `bus`, and returns what it said.
    static func gdbus(_ arguments: [String], destination: String, bus: PrivateBus) throws -> CapturedCommand.Result {
        let directory = try makeTemporaryDirectory(prefix: "other")
        defer { try? FileManager.default.removeItem(at: directory) }
        return try CapturedCommand.run(
            launcher[0],
            launcher.dropFirst() + ["/usr/bin/gdbus", arguments[0], "--address", bus.address, "--dest", destination] + arguments.dropFirst(),
            environment: ProcessInfo.processInfo.environment, directory: directory)
    }
}

/// A process of the other user waiting in a well-known name's queue, as any program may put
/// itself there: once the name has an owner, it asks for it without flags, and the bus queues
/// it behind the owner, to hand it the name as soon as the owner lets go.
final class QueuedOtherUser {
    let process: ChildProcess
    private let logFile: URL
    private let name: String

    /// What it printed: "queued NAME" once in the queue, "owner NAME" once the bus handed it the name.
    var log: String { logText(logFile) }

    /// Starts the process; it joins the queue once the name has an owner (`waitUntilQueued`).
    init(for name: String, on bus: PrivateBus) throws {
        (process, logFile) = try OtherUser.startPython(Self.script, [bus.address, name], on: bus, log: "queued")
        self.name = name
    }

    deinit { process.stop() }

    /// Its unique name, once it waits in the queue.
    func waitUntilQueued() throws -> String {
        var unique: String?
        try waitUntil("the other user's process to join the queue for \(name)", seconds: 20) {
            unique = log.split(separator: "\n").first { $0.hasPrefix("queued ") }.map { String($0.dropFirst(7)) }
            return unique != nil || !process.isRunning
        }
        guard let unique else { throw HarnessError("the other user's process did not join the queue: \(log)") }
        return unique
    }

    private static let script = """
        import sys, time
        import dbus, dbus.mainloop.glib
        from gi.repository import GLib
        dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
        bus = dbus.bus.BusConnection(sys.argv[1])
        name = sys.argv[2]
        while not bus.name_has_owner(name):
            time.sleep(0.01)
        # No flags: queued behind the owner (2), as any program may ask.
        reply = bus.request_name(name, 0)
        print("queued" if reply == 2 else "reply %d" % reply, bus.get_unique_name(), flush=True)
        def acquired(acquired_name):
            if acquired_name == name:
                print("owner", acquired_name, flush=True)
        bus.add_signal_receiver(acquired, "NameAcquired", "org.freedesktop.DBus")
        GLib.MainLoop().run()
        """
}

/// A process of the other user calling the Properties.Get of `Version` at the dialog backend's
/// object, every 100 ms, every third call from a new connection; it prints each call's error
/// name, or "answered".
final class OtherUserCaller {
    let process: ChildProcess
    private let logFile: URL

    var log: String { logText(logFile) }

    init(calling name: String, on bus: PrivateBus) throws {
        (process, logFile) = try OtherUser.startPython(Self.script, [bus.address, name], on: bus, log: "caller")
    }

    deinit { process.stop() }

    private static let script = """
        import sys, time
        import dbus
        address, name = sys.argv[1], sys.argv[2]
        own = dbus.bus.BusConnection(address)
        calls = 0
        while True:
            bus = own if calls % 3 else dbus.bus.BusConnection(address)
            try:
                bus.call_blocking(name, "/io/github/timepickerd/impl/TimePicker1", "org.freedesktop.DBus.Properties", "Get", "ss",
                                  ("io.github.timepickerd.impl.TimePicker1", "Version"), timeout=5)
                print("answered", flush=True)
            except dbus.exceptions.DBusException as error:
                print(error.get_dbus_name(), flush=True)
            if bus is not own:
                bus.close()
            calls += 1
            time.sleep(0.1)
        """
}
