internal import DBusKit
internal import EventLoop
internal import Glibc
internal import NotificationUI
internal import TerminalUI
internal import TimePickerCore
internal import TimePickerService

/// The daemon's own user interface, as `--ui` chose it, with what the daemon wires to it.
struct FrontEnds {
    /// Shows every session that is not on a caller's terminal.
    let main: any PickerFrontEnd
    /// The daemon's terminal, when pickers appear there (SIGWINCH redraws it).
    let terminal: TerminalFrontEnd?
    /// The notification front end, when pickers appear as notifications (it must hear of the
    /// server leaving the bus).
    let notifications: NotificationFrontEnd?

    /// Whether the daemon runs with a terminal on stdin and stdout.
    static var hasTerminal: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Refuses a `--ui` that cannot work here, before anything is started.
    static func check(_ arguments: DaemonArguments) throws(StartupFailure) {
        if arguments.userInterface == .terminal && !hasTerminal {
            throw StartupFailure(message: "'--ui terminal' needs a terminal on stdin and stdout", status: 2)
        }
    }

    /// The front end `--ui` asks for: the daemon's terminal (`terminal`, or `auto` with a
    /// terminal on stdin and stdout), else desktop notifications.
    static func choose(
        for arguments: DaemonArguments, connection: DBusConnection, loop: EventLoop, log: Logger
    ) throws(StartupFailure) -> FrontEnds {
        try check(arguments)
        guard arguments.userInterface == .terminal || (arguments.userInterface == .auto && hasTerminal) else {
            let layout = arguments.notificationLayout.flatMap(NotificationLayout.init(rawValue:))
            let notifications = NotificationFrontEnd(connection: connection, loop: loop, layout: layout)
            return FrontEnds(main: notifications, terminal: nil, notifications: notifications)
        }
        do {
            // Output through a non-blocking file of the daemon's own: a terminal that stops
            // reading (Ctrl-S) must not stall the bus.
            let output = reopenNonBlocking(STDOUT_FILENO) ?? STDOUT_FILENO
            let terminal = try TerminalFrontEnd(input: STDIN_FILENO, output: output, loop: loop, owner: .daemon)
            terminal.onProblem = { message in log.log(.warning, message) }
            if isatty(STDERR_FILENO) == 1 {
                // Log lines would scribble over a picker on the same screen: kept until it is gone.
                terminal.onScreenOwnershipChange = { owned in owned ? log.hold() : log.release() }
            }
            return FrontEnds(main: terminal, terminal: terminal, notifications: nil)
        } catch {
            throw StartupFailure(message: "cannot use the terminal: \(error)")
        }
    }

    /// Makes the front end for a terminal a caller lends (the `terminal` option).
    static func callerTerminals(loop: EventLoop, log: Logger) -> CallerTerminalFrontEndFactory {
        { descriptor, name in
            let frontEnd = try TerminalFrontEnd(input: descriptor, output: descriptor, loop: loop, owner: .caller)
            frontEnd.onProblem = { message in log.log(.warning, "\(name): \(message)") }
            return frontEnd
        }
    }
}
