import DBusKit
import EventLoop
import Glibc
import NotificationUI
import TerminalUI
import TimePickerCore
import TimePickerService

/// Prints `message` to stderr and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    let line = Array("timepickerd: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

let version = "0.1.0"

let arguments: Arguments
do {
    arguments = try Arguments(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error.message)\nTry 'timepickerd --help'.", status: 2)
}
if arguments.showHelp {
    print(Arguments.usage)
    exit(0)
}
if arguments.showVersion {
    print("timepickerd \(version)")
    exit(0)
}

let log = Logger(verbose: arguments.verbose)
let loop = EventLoop()
// Writes to a peer or a terminal that went away must fail with EPIPE, not kill the daemon;
// terminal calls from the background must fail rather than stop the whole service.
signal(SIGPIPE, SIG_IGN)
signal(SIGTTOU, SIG_IGN)
signal(SIGTTIN, SIG_IGN)

// Front ends refer to it; declared before them and set when the signals are in place.
var terminalFrontEnd: TerminalFrontEnd?
let signals: SignalSource
do {
    // Before anything could start a thread: the blocked mask must hold for all of them. Every
    // signal that would end the process ends it this orderly way (sessions cancelled, terminal
    // restored); SIGWINCH redraws.
    let stopping = TerminatingSignals.all
    signals = try SignalSource(signals: stopping.map(\.signal) + [SIGWINCH], loop: loop) { signal in
        if signal == SIGWINCH {
            terminalFrontEnd?.redraw()
        } else {
            log.log(.notice, "stopping on \(TerminatingSignals.name(of: signal))")
            loop.stop()
        }
    }
} catch {
    fail("cannot watch signals: \(error)", status: 1)
}
loop.onInvalidDescriptor = { descriptor in
    log.log(.error, "bug: a watch on descriptor \(descriptor), which is not open; it was dropped")
}
// As systemd recommends for services: the soft descriptor limit up to the hard one, so that
// callers' terminals run out late (and are refused well before, see ClientTerminals).
DescriptorBudget.raiseSoftLimit()

// The front end: the daemon's own terminal, or desktop notifications.
let hasTerminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
if arguments.userInterface == .terminal && !hasTerminal {
    fail("'--ui terminal' needs a terminal on stdin and stdout", status: 2)
}
let frontEnd: any PickerFrontEnd
var notificationFrontEnd: NotificationFrontEnd?
if arguments.userInterface == .terminal || (arguments.userInterface == .auto && hasTerminal) {
    do {
        // Output through a non-blocking file of the daemon's own: a terminal that stops
        // reading (Ctrl-S) must not stall the bus.
        let output = reopenNonBlocking(STDOUT_FILENO) ?? STDOUT_FILENO
        let terminal = try TerminalFrontEnd(input: STDIN_FILENO, output: output, loop: loop, owner: .daemon)
        terminal.onProblem = { message in log.log(.warning, message) }
        terminalFrontEnd = terminal
        frontEnd = terminal
    } catch {
        fail("cannot use the terminal: \(error)", status: 1)
    }
} else {
    do {
        let notifications = try NotificationFrontEnd(
            loop: loop, layout: arguments.notificationLayout.flatMap(NotificationLayout.init(rawValue:)))
        notifications.onProblem = { message in log.log(.warning, message) }
        notificationFrontEnd = notifications
        frontEnd = notifications
    } catch {
        fail("cannot start the notification user interface: \(error)", status: 1)
    }
}
if let terminalFrontEnd, isatty(STDERR_FILENO) == 1 {
    // Log lines would scribble over a picker on the same screen: keep them until it is gone.
    terminalFrontEnd.onScreenOwnershipChange = { owned in owned ? log.hold() : log.release() }
}

let connection: DBusConnection
do {
    connection = try DBusConnection.sessionBus()
} catch {
    fail("cannot connect to the session bus: \(error.message)", status: 1)
}

let service = TimePickerService(
    connection: connection, loop: loop, frontEnd: frontEnd, log: log, defaultClock: .fromLocale())
service.onNameLost = { loop.stop() }
service.onDisconnected = {
    log.log(.warning, "the session bus went away")
    loop.stop()
}
service.start()
if let notificationFrontEnd {
    service.watchNameOwner("org.freedesktop.Notifications") { notificationFrontEnd.serverVanished() }
}
connection.attach(to: loop)

do {
    if case .keptBy(let owner) = try NameClaim.claim(on: connection, replace: arguments.replace, log: log) {
        let who = owner.map { " (\($0))" } ?? ""
        fail(
            arguments.replace
                ? "\(BusNames.service) is owned by another instance\(who) that neither stopped nor allows replacement"
                : "\(BusNames.service) is already owned by another instance\(who); use --replace to take it over",
            status: 1)
    }
} catch {
    fail("cannot request the name \(BusNames.service): \(error.message)", status: 1)
}

log.log(.notice, "serving \(BusNames.service) on \(connection.uniqueName) with the \(frontEnd.kind) user interface")
loop.run()
service.shutdown()
withExtendedLifetime(signals) {}
exit(0)
