public import DBusKit
internal import TimePickerContract
public import Foundation

/// A notification server on a private bus: python3-dbusmock's `notification_daemon` template,
/// run by Debian's `/usr/bin/python3`, its output in a log file in the bus's directory.
/// Watching and steering it through the mock's own interface is up to its user.
public final class NotificationServerProcess {
    public static let busName = NotificationsBus.name
    public static let path = NotificationsBus.path
    /// python3-dbusmock's interface for steering a mock.
    public static let mockInterface: InterfaceName = "org.freedesktop.DBus.Mock"
    /// What a server that can show the picker advertises.
    public static let fullCapabilities = "body body-markup actions"

    public let process: ChildProcess
    public let logFile: URL

    /// Starts the server, advertising `capabilities`, and waits until it owns its name. A
    /// `launcher` (such as `setpriv` with its options, to run it as another user) goes first.
    public init(bus: PrivateBus, capabilities: String = fullCapabilities, launcher: [String] = []) throws {
        let watcher = try NameWatcher(address: bus.address, name: Self.busName)
        logFile = uniqueFile(in: bus.directory, "mock-notify", "log")
        var environment = bus.environment
        environment["PYTHONUNBUFFERED"] = "1"
        process = try startLogged(
            launcher + ["/usr/bin/python3", "-m", "dbusmock", "--session", "--template", "notification_daemon",
             "-p", "{\"capabilities\": \"\(capabilities)\"}"],
            environment: environment, logFile: logFile)
        let logFile = logFile
        try watcher.waitUntilOwned(by: process, "the mock notification server", seconds: 30) { logText(logFile) }
    }

    /// What the server logged so far (every call and every signal it emitted).
    public var log: String { logText(logFile) }
}
