import DBusKit
import Foundation
import Glibc
import TestHarness
import TimePickerContract

/// A desktop for the dialog rows: a private bus of its own that starts `timepickerd-gtk` by
/// D-Bus activation on a virtual X display (as a desktop session's bus does), the release
/// daemon with `--ui dialog` on it, a caller in the place of the application that asks, and a
/// watcher of the windows the display maps.
final class DialogDesktop {
    let bus: PrivateBus
    let display: XvfbDisplay
    let windows: WindowMaps
    let daemon: DaemonProcess
    let caller: ServiceCaller
    /// Sees the backend take its name and give it up.
    private let backendWatcher: NameWatcher

    static let zenity = "/usr/bin/zenity"
    /// Seconds a window may take to be mapped, or to go, before a run counts as failed.
    static let windowSeconds = 20.0

    /// Sets it all up with the daemon `daemonBinary` and the `timepickerd-gtk` beside it.
    init(daemonBinary: String) throws {
        let backend = URL(fileURLWithPath: daemonBinary).deletingLastPathComponent().appendingPathComponent("timepickerd-gtk").path
        guard access(backend, X_OK) == 0 else { throw HarnessError("missing \(backend): make release builds it") }
        guard access(Self.zenity, X_OK) == 0 else { throw HarnessError("missing \(Self.zenity): run make deps") }
        bus = try PrivateBus()
        display = try XvfbDisplay(environment: bus.environment, log: bus.directory.appendingPathComponent("xvfb.log"))
        windows = try WindowMaps(display: display, environment: bus.environment, log: bus.directory.appendingPathComponent("window-maps.log"))
        try bus.installService(DialogBackendBus.gtkName.rawValue, command: backend)
        // What a desktop session tells its bus at log-in: the display. The backend and zenity
        // find no accessibility bus (GTK asks the session bus and is told at once that there is
        // none); NO_AT_BRIDGE=1 and GTK_A11Y=none made no difference beyond the noise between
        // runs, so neither is set.
        try bus.updateActivationEnvironment(["DISPLAY": display.name, "WAYLAND_DISPLAY": ""])
        backendWatcher = try NameWatcher(address: bus.address, name: DialogBackendBus.gtkName)
        daemon = try DaemonProcess.serving(on: bus, binary: daemonBinary, arguments: ["--ui", "dialog"])
        caller = try ServiceCaller(address: bus.address)
    }

    deinit {
        daemon.stop()
        stopBackend()
    }

    /// A dialog on screen, asked for with PickTimeRange and not yet answered.
    struct OpenDialog {
        let call: UInt32
        let session: ObjectPath
        let window: UInt32
        /// Milliseconds from sending PickTimeRange to the window mapped.
        let milliseconds: Double
    }

    /// Asks the daemon for a picker titled `title` with PickTimeRange and waits until its
    /// window is mapped.
    func showDialog(titled title: String, token: String) throws -> OpenDialog {
        guard let session = TimePickerBus.sessionPath(sender: caller.connection.uniqueName, token: token) else {
            throw HarnessError("'\(token)' cannot be a handle_token")
        }
        let sent = monotonicNanoseconds()
        let call = try caller.startPickTimeRange(["title": .string(title), "handle_token": .string(token)])
        var answer: DBusMessage?
        guard let mapped = windows.waitForMap(titled: title, seconds: Self.windowSeconds, while: {
            answer = caller.reply(to: call, seconds: 0)
            return answer == nil
        }) else {
            let why = answer.map { "PickTimeRange answered \($0.errorName?.rawValue ?? "") \($0.errorMessage ?? "")" } ?? "no window"
            throw HarnessError("'\(title)': \(why) within \(Self.windowSeconds) s")
        }
        return OpenDialog(call: call, session: session, window: mapped.window, milliseconds: Double(mapped.at - sent) / 1e6)
    }

    /// Ends the dialog with the session's Cancel(), and waits for PickTimeRange's answer and
    /// the window to go.
    func cancel(_ dialog: OpenDialog) throws {
        do throws(DBusFailure) {
            try caller.cancel(dialog.session)
        } catch {
            throw HarnessError("Cancel() failed: \(error.name.rawValue) \(error.message)")
        }
        guard let answer = caller.reply(to: dialog.call, seconds: 10), answer.errorName == TimePickerBus.Error.cancelled else {
            throw HarnessError("PickTimeRange was not answered Cancelled after Cancel()")
        }
        guard windows.waitForGone(dialog.window, seconds: Self.windowSeconds) else {
            throw HarnessError("the dialog's window stayed after Cancel()")
        }
    }

    /// Milliseconds from spawning `zenity --forms` titled `title` to its window mapped; it is
    /// stopped (SIGTERM) and its window gone before this returns.
    func zenityOnScreen(titled title: String) throws -> Double {
        let log = try openForChild(bus.directory.appendingPathComponent("zenity.log").path, write: true)
        let devNull = try openForChild("/dev/null", write: false)
        defer {
            close(log)
            close(devNull)
        }
        let environment = display.environment(bus.environment)
        let spawned = monotonicNanoseconds()
        let zenity = try ChildProcess(
            Self.zenity, ["--forms", "--title", title, "--text", title, "--add-entry", "Start", "--add-entry", "End"],
            environment: environment, stdin: devNull, stdout: log, stderr: log)
        defer { zenity.stop() }
        guard let mapped = windows.waitForMap(titled: title, seconds: Self.windowSeconds, while: { zenity.isRunning }) else {
            throw HarnessError("zenity showed no window '\(title)' (\(zenity.isRunning ? "still running" : "exited"))")
        }
        zenity.stop()
        guard windows.waitForGone(mapped.window, seconds: Self.windowSeconds) else {
            throw HarnessError("zenity's window stayed after it stopped")
        }
        return Double(mapped.at - spawned) / 1e6
    }

    /// The backend's process id while it owns its name.
    var backendProcessID: Int32? {
        // 0 is the bus not knowing: kill(0, …) would signal the bench's own process group.
        guard (try? caller.connection.nameHasOwner(DialogBackendBus.gtkName)) == true,
              let pid = try? caller.connection.processID(of: DialogBackendBus.gtkName), pid != 0
        else { return nil }
        return Int32(bitPattern: pid)
    }

    /// Stops the backend when it runs, so that the next dialog starts it cold: SIGTERM to the
    /// process the bench's bus started; returns once it has left the bus and exited.
    func stopBackend() {
        guard let pid = backendProcessID else { return }
        kill(pid, SIGTERM)
        _ = backendWatcher.waitForChange(toOwned: false, seconds: 5)
        // The bus reaps it; until then it is a zombie ('Z' after its name in /proc/PID/stat).
        try? waitUntil("the backend to exit", seconds: 5) {
            guard let stat = readWholeFile("/proc/\(pid)/stat"), let end = stat.lastIndex(of: ")") else { return true }
            return stat[stat.index(after: end)...].hasPrefix(" Z")
        }
    }
}
