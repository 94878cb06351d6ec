internal import TimePickerContract
internal import DBusKit
internal import EventLoop
internal import Glibc
internal import LocalSettings
internal import TimePickerCore
internal import Localization
internal import TimePickerService
internal import Logging
internal import SystemKit
internal import CallerApps

/// timepickerd: the event loop, the session bus, the service and its front ends, wired
/// together; everything the executable does, so that it only calls `main`.
public enum Daemon {
    /// Runs the daemon with `commandLine` (without the program name) until it is told to stop;
    /// returns the exit status.
    public static func main(_ commandLine: [String]) -> Int32 {
        let arguments: DaemonArguments
        do {
            arguments = try DaemonArguments(parsing: commandLine)
        } catch {
            StandardStream.error.write("timepickerd: \(error.message)\nTry 'timepickerd --help'.\n")
            return 2
        }
        if arguments.showHelp {
            StandardStream.output.write(DaemonArguments.usage + "\n")
            return 0
        }
        if arguments.showVersion {
            StandardStream.output.write("timepickerd \(TimePickerVersion.current)\n")
            return 0
        }
        let log = Logger(program: "timepickerd", verbose: arguments.verbose)
        Catalogs.bind()
        do {
            try run(arguments, log: log)
            return 0
        } catch {
            log.error(error.message)
            return error.status
        }
    }

    /// Starts everything, runs the loop, and takes everything down in order.
    private static func run(_ arguments: DaemonArguments, log: Logger) throws(StartupFailure) {
        try FrontEnds.check(arguments)
        let ownTerminal = FrontEnds.usesOwnTerminal(arguments)
        if !ownTerminal {
            leaveControllingTerminal(log: log)
            log.quietOnTerminal()
        }
        let loop = EventLoop()
        // Writes to a peer or a terminal that went away must fail with EPIPE, not kill the
        // daemon; terminal calls from the background must fail rather than stop the service.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGTTOU, SIG_IGN)
        signal(SIGTTIN, SIG_IGN)
        var redrawOnResize: (() -> Void)?
        // Until the name is owned, a signal stops the loop at once; then only once the bus
        // would not hand the name to another user (see `NameHandOver`).
        var stopWhenNameSafe = { loop.stop() }
        // Before anything could start a thread: the blocked mask must hold for all of them.
        // Every signal that would end the process ends it this orderly way (sessions
        // cancelled, terminal restored); SIGWINCH redraws.
        let signals: SignalSource
        do {
            signals = try SignalSource(signals: TerminatingSignals.all.map(\.signal) + [SIGWINCH], loop: loop) { signal in
                if signal == SIGWINCH {
                    redrawOnResize?()
                } else {
                    log.notice("stopping on \(TerminatingSignals.name(of: signal))")
                    stopWhenNameSafe()
                }
            }
        } catch {
            throw StartupFailure(message: "cannot watch signals: \(error)")
        }
        defer { withExtendedLifetime(signals) {} }
        loop.onInvalidDescriptor = { descriptor in
            log.error("bug: a watch on descriptor \(descriptor), which is not open; it was dropped")
        }
        // As systemd recommends for services: the soft descriptor limit up to the hard one, so
        // that callers' terminals run out late (and are refused well before, see DescriptorBudget).
        DescriptorBudget.raiseSoftLimit()

        let connection: DBusConnection
        do {
            connection = try DBusConnection.sessionBus()
        } catch {
            throw StartupFailure(message: "cannot connect to the session bus: \(error.message)")
        }
        connection.reportFirstForgedReply { log.warning($0) }
        // The dialog backend knows a session by its object path, which the service makes; the
        // remote front ends share their sends among the callers, whom the service knows.
        weak var namer: TimePickerService?
        let desktopClock = DesktopClock()
        let frontEnds = try FrontEnds.make(
            for: arguments, ownTerminal: ownTerminal, connection: connection, loop: loop, log: log,
            caller: { id in namer?.callerKey(of: id) }, sessionPath: { id in namer?.path(of: id) })
        redrawOnResize = frontEnds.terminal.map { terminal in { terminal.redraw() } }
        // Desktop entries' names in the daemon's own language (LANGUAGE was cleared by
        // `Catalogs.bind`, as gettext would let it win over every session's locale).
        let applications: CallerApplicationLookup?
        do {
            applications = try CallerApplicationLookup(loop: loop, languages: [Language.environment.resolvedName], environment: Self.dataEnvironment)
        } catch {
            log.error("cannot look up callers' applications (pickers will not say who asks): \(error)")
            applications = nil
        }
        let service = TimePickerService(
            bus: connection, loop: loop, userInterfaces: frontEnds.userInterfaces,
            callerTerminalFrontEnds: FrontEnds.callerTerminalFrontEnds(loop: loop, log: log), log: log, ownUser: getuid(),
            defaultClock: { twelve in desktopClock.preferred(callerPrefersTwelveHour: twelve) },
            applications: applications.map { lookup in
                { processID, descriptor, done in lookup.identify(processID: processID, descriptor: descriptor, completion: done) }
            })
        namer = service
        var disconnected = false
        service.onDisconnected = {
            log.warning("the session bus went away")
            disconnected = true
            loop.stop()
        }
        service.start()
        connection.attach(to: loop)
        try claimName(on: connection, replace: arguments.replace, log: log)
        let handOver = NameHandOver(name: TimePickerBus.name, bus: connection, driver: loop, ownUser: getuid())
        handOver.onHolding = { obstacle in
            log.warning("not stopping yet: \(obstacle); stopping once it has gone (a SIGKILL would hand the name over)")
        }
        stopWhenNameSafe = { handOver.leaveWhenSafe { loop.stop() } }

        log.notice("serving \(TimePickerBus.name) on \(connection.uniqueName) with the \(frontEnds.userInterfaces.preferred.rawValue) user interface")
        loop.run()
        // Every session ends and every front end gives back what it borrowed; the loop keeps
        // turning meanwhile (a notification server is asked to close its notifications).
        var stopped = false
        service.shutdown {
            stopped = true
            loop.stop()
        }
        if !stopped, !disconnected { loop.run() }
        // Looked at again as the name goes: someone may have queued while the sessions ended.
        // Meanwhile the service still answers, and ends new sessions with Cancelled("shutdown").
        var mayLeave = disconnected
        if !mayLeave {
            handOver.leaveWhenSafe {
                mayLeave = true
                loop.stop()
            }
        }
        if !mayLeave, !disconnected { loop.run() }
        connection.flush()
    }

    /// Gives up a controlling terminal the daemon does not draw on (see `ControllingTerminal`).
    private static func leaveControllingTerminal(log: Logger) {
        switch ControllingTerminal.detach() {
        case .noneHeld: break
        case .left: log.debug("gave up the controlling terminal it inherited: it draws on a terminal only when a caller lends one")
        case .keptAsSessionLeader: log.debug("keeps its controlling terminal: it leads that terminal's session")
        case .failed(let message): log.warning(message)
        }
    }

    /// Takes the service's bus name, or says who keeps it.
    private static func claimName(on connection: DBusConnection, replace: Bool, log: Logger) throws(StartupFailure) {
        let outcome: NameClaim.Outcome
        do {
            outcome = try NameClaim.claim(on: connection, replace: replace, log: log)
        } catch {
            throw StartupFailure(message: "cannot request the name \(TimePickerBus.name): \(error.message)")
        }
        if case .anotherUserQueued(let stranger, let owner, let askedToStop) = outcome {
            throw StartupFailure(
                message: askedToStop
                    ? "the running instance (\(owner)) did not stop: a connection of another user (\(stranger)) waits in the queue for "
                        + "\(TimePickerBus.name), and the running instance keeps the name rather than let the bus hand it over"
                    : "a connection of another user (\(stranger)) waits in the queue for \(TimePickerBus.name): the bus would hand it "
                        + "the name if the running instance (\(owner)) stopped, so it was not asked to")
        }
        if case .keptByAnotherUser(let owner, let user) = outcome {
            throw StartupFailure(
                message: "\(TimePickerBus.name) is owned by a process of another user (uid \(user), \(owner)), which this "
                    + "daemon neither stops nor replaces; clients of this user refuse to use it")
        }
        guard case .keptBy(let owner) = outcome else { return }
        let who = owner.map { " (\($0))" } ?? ""
        throw StartupFailure(
            message: replace
                ? "\(TimePickerBus.name) is owned by another instance\(who) that neither stopped nor allows replacement"
                : "\(TimePickerBus.name) is already owned by another instance\(who); use --replace to take it over")
    }

    /// Where desktop entries are looked for: XDG_DATA_HOME, XDG_DATA_DIRS and HOME.
    private static var dataEnvironment: [String: String] {
        var environment: [String: String] = [:]
        for name in ["XDG_DATA_HOME", "XDG_DATA_DIRS", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}
