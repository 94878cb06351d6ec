internal import CallerApps
internal import DBusKit
internal import DialogUI
internal import EventLoop
internal import Glibc
internal import NotificationUI
internal import TerminalUI
internal import TimePickerCore
internal import TimePickerService
internal import Logging
internal import SystemKit

/// The daemon's own user interfaces: a dialog, notifications and, when it runs in one, its
/// terminal; which of them `--ui` prefers; and what the daemon wires to them.
struct FrontEnds {
    /// The front ends by kind, the preferred one and its fallback.
    let userInterfaces: UserInterfaces
    /// The daemon's terminal, when it runs in one (SIGWINCH redraws it).
    let terminal: TerminalFrontEnd?

    /// Whether the daemon runs with a terminal on stdin and stdout.
    static var hasTerminal: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Whether the daemon shows pickers on its own terminal: when `--ui terminal` asks for it, or
    /// when it runs in the foreground of one (`make run`, a terminal of its own). Started in the
    /// background, by the bus or by systemd, it has no business with a terminal it inherited.
    static func usesOwnTerminal(_ arguments: DaemonArguments) -> Bool {
        arguments.userInterface == .terminal || ControllingTerminal.standardInputIsForegroundTerminal
    }

    /// Refuses a `--ui` that cannot work here, before anything is started.
    static func check(_ arguments: DaemonArguments) throws(StartupFailure) {
        if arguments.userInterface == .terminal && !hasTerminal {
            throw StartupFailure(message: "'--ui terminal' needs a terminal on stdin and stdout", status: 2)
        }
    }

    /// Makes every front end the daemon can offer and picks the preferred one: what `--ui`
    /// names, or for `auto` the daemon's terminal when it uses one (`ownTerminal`), else a
    /// dialog when the backend is on the bus or can be started (notifications when one cannot
    /// be shown), else notifications. `caller` tells who asked for a session, for the remote
    /// front ends, whose sends callers take turns at; `sessionPath` names a session's object,
    /// for the dialog backend; `arguments` have passed `check`.
    static func make(
        for arguments: DaemonArguments, ownTerminal: Bool, connection: DBusConnection, loop: EventLoop, log: Logger,
        caller: @escaping (PickerSessionID) -> CallerKey?, sessionPath: @escaping (PickerSessionID) -> ObjectPath?
    ) throws(StartupFailure) -> FrontEnds {
        let layout = arguments.notificationLayout.flatMap(NotificationLayout.init(rawValue:))
        let notifications = NotificationFrontEnd(bus: connection, loop: loop, layout: layout, caller: caller)
        let dialog = DialogFrontEnd(
            backendName: arguments.dialogBackend, bus: connection, loop: loop, caller: caller, sessionPath: sessionPath)
        dialog.onProblem = { message in log.warning(message) }
        var frontEnds: [UserInterfaceKind: any PickerFrontEnd] = [.notification: notifications, .dialog: dialog]
        var whyMissing: [UserInterfaceKind: String] = [:]
        var terminal: TerminalFrontEnd?
        if ownTerminal {
            terminal = try daemonTerminal(loop: loop, log: log)
            frontEnds[.terminal] = terminal
        } else {
            whyMissing[.terminal] = "the daemon does not run in the foreground of a terminal"
        }

        let preferred: UserInterfaceKind
        var fallback: UserInterfaceKind?
        switch arguments.userInterface {
        case .dialog: preferred = .dialog
        case .notification: preferred = .notification
        case .terminal: preferred = .terminal
        case .auto where terminal != nil: preferred = .terminal
        case .auto:
            if backendAvailable(arguments.dialogBackend, on: connection, log: log) {
                preferred = .dialog
                fallback = .notification
            } else {
                preferred = .notification
            }
        }
        let userInterfaces = UserInterfaces(frontEnds: frontEnds, preferred: preferred, fallback: fallback, whyMissing: whyMissing)
        return FrontEnds(userInterfaces: userInterfaces, terminal: terminal)
    }

    /// The daemon's own terminal, as a front end.
    private static func daemonTerminal(loop: EventLoop, log: Logger) throws(StartupFailure) -> TerminalFrontEnd {
        do {
            // Output through a non-blocking file of the daemon's own: a terminal that stops
            // reading (Ctrl-S) must not stall the bus.
            let output = reopenNonBlocking(STDOUT_FILENO) ?? STDOUT_FILENO
            let terminal = try TerminalFrontEnd(input: STDIN_FILENO, output: output, loop: loop, owner: .daemon)
            terminal.onProblem = { message in log.warning(message) }
            if isatty(STDERR_FILENO) == 1 {
                // Log lines would scribble over a picker on the same screen: kept until it is gone.
                terminal.onScreenOwnershipChange = { owned in owned ? log.hold() : log.release() }
            }
            return terminal
        } catch {
            throw StartupFailure(message: "cannot use the terminal: \(error)")
        }
    }

    /// Whether the dialog backend `name` runs, or the bus can start it (start-up only: it waits
    /// for the bus's answers).
    private static func backendAvailable(_ name: BusName, on connection: DBusConnection, log: Logger) -> Bool {
        do {
            if try connection.nameHasOwner(name) { return true }
            return try connection.activatableNames().contains(name)
        } catch {
            log.warning("cannot ask the bus about the dialog backend \(name): \(error.message)")
            return false
        }
    }

    /// Makes the front end for a terminal a caller lends (the `terminal` option).
    static func callerTerminalFrontEnds(loop: EventLoop, log: Logger) -> CallerTerminalFrontEndFactory {
        let logTerminal = terminalDevice(of: STDERR_FILENO)
        return { descriptor, name in
            let frontEnd = try TerminalFrontEnd(input: descriptor, output: descriptor, loop: loop, owner: .caller)
            frontEnd.onProblem = { message in log.warning("\(name): \(message)") }
            if let logTerminal, terminalDevice(of: descriptor) == logTerminal {
                // The log goes to this very terminal (a daemon the bus of the caller's shell
                // started, as under dbus-run-session): its lines wait until the picker is gone.
                frontEnd.onScreenOwnershipChange = { owned in owned ? log.hold() : log.release() }
            }
            return frontEnd
        }
    }

    /// The device number of the terminal open on `descriptor`; nil when it is not a terminal.
    private static func terminalDevice(of descriptor: Int32) -> DeviceNumber? {
        guard isatty(descriptor) == 1 else { return nil }
        return DeviceNumber(ofDeviceOpenOn: descriptor)
    }
}
