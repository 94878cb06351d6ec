import DBusKit
import Foundation
import Glibc
import TestHarness

/// The whole desktop path: the real daemon on a private bus, the real GTK backend started by
/// D-Bus activation when the daemon first needs it (as a desktop's bus starts it), a virtual
/// display with the accessibility bus, a client in the place of the application that asks,
/// and, when wanted, a mock notification server.
final class DaemonDialogFixture {
    let bus: PrivateBus
    let display: VirtualDisplay
    let daemon: DaemonProcess
    /// Subscribed to every session's signals.
    let client: BusClient
    let notifications: MockNotificationServer?

    /// The bus name the backend owns.
    static let backendName = "io.github.timepickerd.Gtk"

    /// `environment` goes to the daemon and to the bus's activation environment (the
    /// backend's). `installBackend` false leaves the backend out of the bus's activation files; with
    /// `backendHasDisplay` false, the backend is started without a display to open; with
    /// `backendVerbose` false, it logs no line per call (as installed); `backendArguments` are
    /// added to its command line (`--idle-timeout 2` for a backend that exits soon when idle).
    init(
        daemonArguments: [String] = ["--verbose"], installBackend: Bool = true, backendHasDisplay: Bool = true,
        backendVerbose: Bool = true, backendArguments: [String] = [], notificationServer: Bool = false, environment: [String: String] = [:]
    ) throws {
        bus = try PrivateBus()
        display = try VirtualDisplay(bus: bus)
        if installBackend {
            try bus.installService(
                Self.backendName, command: ([GtkBackendProcess.binary] + (backendVerbose ? ["--verbose"] : []) + backendArguments).joined(separator: " "))
        }
        client = try BusClient(bus: bus)
        // What a desktop session tells its bus at log-in (dbus-update-activation-environment).
        try bus.updateActivationEnvironment(
            ["DISPLAY": backendHasDisplay ? display.name : "", "WAYLAND_DISPLAY": ""].merging(environment) { $1 })
        notifications = notificationServer ? try MockNotificationServer(bus: bus, capabilities: MockNotificationServer.fullCapabilities) : nil
        daemon = try DaemonProcess.serving(on: bus, arguments: daemonArguments, environment: environment)
        try client.subscribeToSessions()
    }

    deinit {
        // The backend is the bus's child, not ours: found by the name it owns.
        if let pid = try? backendProcessID() { kill(pid, SIGKILL) }
        daemon.send(SIGKILL)
        _ = try? daemon.process.waitForExit()
    }

    /// The process that owns the backend's name now.
    func backendProcessID() throws -> pid_t {
        guard case .uint32(let pid)? = try client.call(
            "GetConnectionUnixProcessID", path: .messageBus, interface: .messageBus, destination: .messageBus,
            [.string(Self.backendName)]).first
        else { throw HarnessError("the bus gave no process id for \(Self.backendName)") }
        return pid_t(pid)
    }

    /// Whether the backend's name has an owner now (a running backend).
    func backendIsRunning() throws -> Bool {
        guard case .boolean(let owned)? = try client.call(
            "NameHasOwner", path: .messageBus, interface: .messageBus, destination: .messageBus, [.string(Self.backendName)]).first
        else { throw HarnessError("the bus gave no answer to NameHasOwner") }
        return owned
    }

    /// Waits for the dialog `title` to be on screen with its selections drawn, and for the
    /// condition, if any; returns it as the accessibility bus shows it.
    @discardableResult
    func dialog(_ title: String, seconds: Double = 20, where condition: @escaping (AccessibleNode) -> Bool = { _ in true }) throws -> AccessibleNode {
        try Accessibility.dialog(title, on: display, seconds: seconds) { dialog in
            dialog.first(role: "list", name: "Start")?.selectedItem != nil && condition(dialog)
        }
    }

    /// Presses `keys` (xdotool names), 150 ms apart, in the window titled `title`; the daemon
    /// answers each on its own.
    func press(_ keys: [String], inWindowTitled title: String) throws {
        try display.startPressing(keys, inWindowTitled: title).finish()
    }

    /// Clicks the centre of `node` of the window titled `title`.
    func click(_ node: AccessibleNode, inWindowTitled title: String, count: Int = 1) throws {
        try display.startClicking(node, inWindowTitled: title, count: count).finish()
    }

    /// What the daemon and the bus (where the activated backend writes) logged, for a failure.
    var logs: String {
        let busLog = (try? String(contentsOf: bus.directory.appendingPathComponent("bus.log"), encoding: .utf8)) ?? ""
        return "daemon log:\n\(daemon.log)\nbus log (the backend's output):\n\(busLog)"
    }
}
