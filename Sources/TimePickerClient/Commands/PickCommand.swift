internal import TimePickerContract
internal import DBusKit
internal import EventLoop
internal import Glibc
internal import TimePickerCore

/// `timepickerctl pick`: shows a picker through the service, waits for its outcome, reports it.
///
/// It subscribes to its session's predictable path before calling ShowTimePicker, so no outcome
/// is missed, and waits with no time limit of its own: the service ends the session when the
/// `--timeout` runs out. One event loop watches the bus and the signals; nothing blocks.
public final class PickCommand {
    private let options: PickOptions
    private let loop = EventLoop()
    private var connection: DBusConnection?
    private var terminal: BorrowedTerminal?
    private var handle: SessionHandle?
    /// The unique name that answered ShowTimePicker: only its signals count.
    private var serviceOwner: String?
    /// Session signals that came before the answer named the service's owner (none should).
    private var early: [DBusMessage] = []
    private var outcome: PickOutcome?
    /// Set on Ctrl-C: the session is being cancelled, and whatever ends the wait ends the pick.
    private var interrupted = false

    /// How long Ctrl-C waits for the daemon to let go of the terminal before restoring anyway.
    private let interruptGraceMilliseconds = 1000

    public init(options: PickOptions) {
        self.options = options
    }

    /// Runs the pick to its end, puts the terminal back, reports, and returns the exit status.
    public func run() -> Int32 {
        // The result goes to a pipe a script may have closed: a failed write, not a death.
        signal(SIGPIPE, SIG_IGN)
        let result = pick()
        // The terminal first, so that what follows reaches a terminal in line mode.
        terminal?.restore()
        connection?.flush()
        return result.report(json: options.json)
    }

    private func pick() -> PickOutcome {
        let connection: DBusConnection
        do {
            connection = try DBusConnection.sessionBus()
        } catch {
            return .failed("cannot connect to the session bus: \(error.message)")
        }
        self.connection = connection
        guard let handle = SessionHandle(uniqueName: connection.uniqueName) else {
            return .failed("the session bus gave this client an unusable name '\(connection.uniqueName)'")
        }
        self.handle = handle

        // Only now: until the terminal is lent, the default action (ending the process) is
        // right, and a blocking connect to a stuck bus stays interruptible.
        let signals: SignalSource
        do {
            signals = try SignalSource(signals: [SIGINT, SIGTERM, SIGHUP], loop: loop) { [unowned self] _ in
                self.interrupt()
            }
        } catch {
            return .failed("cannot watch signals: \(error)")
        }
        defer { withExtendedLifetime(signals) {} }

        var serviceOptions = options.serviceOptions
        serviceOptions["handle_token"] = .string(handle.token)
        if options.useTerminal, connection.canPassUnixFDs, let lent = LentTerminal.descriptor(for: STDIN_FILENO) {
            if let terminal = BorrowedTerminal(descriptor: lent.descriptor, closeWhenRestored: lent.opened) {
                self.terminal = terminal
                // libdbus sends a duplicate; the client keeps its own.
                serviceOptions["terminal"] = .unixFD(lent.descriptor)
                sayIfWaitingForForeground(terminal: lent.descriptor)
            } else if lent.opened {
                close(lent.descriptor)
            }
        }

        connection.setMessageHandler { [unowned self] message in
            self.receive(message)
            return false
        }
        connection.attach(to: loop)
        // The bus takes both rules before the call that follows on this connection.
        connection.addMatch(TimePickerBus.Rule.signals(on: handle.path))
        connection.addMatch(TimePickerBus.Rule.ownerChanges)
        do {
            let call = try DBusMessage.methodCall(
                destination: TimePickerBus.name, path: TimePickerBus.managerPath,
                interface: TimePickerBus.managerInterface, member: "ShowTimePicker")
            try call.append(.vardict(serviceOptions))
            terminal?.lent()
            try connection.call(call, timeoutMilliseconds: DBusConnection.infiniteTimeout) { [unowned self] reply in
                self.answered(reply)
            }
        } catch {
            terminal?.returned()
            return .failed("cannot call the time picker service: \(error.message)")
        }
        loop.run()
        return outcome ?? .failed("the pick ended without an outcome")
    }

    /// A job in the background (`timepickerctl pick &`) gets no picker until it is brought to
    /// the foreground, as a job that reads its terminal would be stopped: say so, once.
    private func sayIfWaitingForForeground(terminal: Int32) {
        var status = stat()
        guard fstat(terminal, &status) == 0, let process = ProcessStatus.current(),
              process.controllingTerminal == DeviceNumber(stat: UInt64(status.st_rdev)), !process.isInTerminalForeground
        else { return }
        Console.error("waiting for the terminal: this job is in the background (bring it to the foreground with fg)")
    }

    /// Settles the pick once; the first word wins.
    private func finish(_ result: PickOutcome) {
        guard outcome == nil else { return }
        outcome = interrupted ? .interrupted : result
        loop.stop()
    }

    // MARK: What the bus says

    /// The answer to ShowTimePicker: the session's handle, or why there is none.
    private func answered(_ reply: DBusMessage) {
        guard reply.kind != .error else {
            // No session was made, so nothing was drawn.
            terminal?.returned()
            finish(refusal(reply))
            return
        }
        guard case .objectPath(let path)? = try? reply.arguments().first, let sender = reply.sender else {
            finish(.failed("the time picker service answered without a session"))
            return
        }
        if let handle, path != handle.path {
            // A service that ignores handle_token: follow the path it chose.
            connection?.addMatch(TimePickerBus.Rule.signals(on: path))
        }
        handle = handle.map { SessionHandle(token: $0.token, path: path) }
        serviceOwner = sender.rawValue
        let held = early
        early.removeAll()
        held.forEach(receive)
    }

    /// The outcome for an error answer to ShowTimePicker.
    private func refusal(_ reply: DBusMessage) -> PickOutcome {
        let name = reply.errorName ?? .failed
        let message = reply.errorMessage.map(displaySafe) ?? name.rawValue
        switch name {
        case .invalidArgs where terminal != nil && message.contains("'terminal'"):
            if message.contains("unknown option") {
                return .failed("the time picker service cannot show pickers in the caller's terminal (it is older than this client); use --no-terminal")
            }
            return .failed("the time picker service refused this terminal: \(message)")
        case .serviceUnknown, .nameHasNoOwner, .disconnected, .noServer:
            return .failed("cannot reach the time picker service: \(message)")
        case _ where name.isSpawnFailure:
            return .failed("cannot start the time picker service: \(message)")
        case .noReply:
            return .failed("the time picker service did not answer: \(message)")
        case .invalidArgs:
            return .failed(PickOptions.namingFlags(message))
        default:
            return .failed(message)
        }
    }

    /// Every message that is not a reply: the session's signals, the service's owner changing,
    /// the bus going away.
    private func receive(_ message: DBusMessage) {
        guard message.kind == .signal else { return }
        if message.isSignal(interface: InterfaceName.local, member: "Disconnected") {
            finish(.failed("lost the connection to the session bus"))
        } else if message.isSignal(interface: .messageBus, member: "NameOwnerChanged") {
            ownerChanged(message)
        } else if let handle, message.path == handle.path, message.interface == TimePickerBus.sessionInterface {
            sessionSignal(message)
        }
    }

    private func ownerChanged(_ message: DBusMessage) {
        let names = message.strings
        guard message.sender == .messageBus, names.count == 3,
              names[0] == TimePickerBus.name.rawValue, names[2].isEmpty,
              serviceOwner == nil || names[1] == serviceOwner
        else { return }
        // The service left the bus without ending the session: it crashed or was killed, and
        // whatever it drew on the terminal is still there.
        finish(.failed("the time picker service stopped"))
    }

    private func sessionSignal(_ message: DBusMessage) {
        guard let owner = serviceOwner else {
            early.append(message)
            return
        }
        // The bus routes only the owner's broadcasts here, but anyone may send a signal
        // addressed to this client directly.
        guard message.sender?.rawValue == owner else { return }
        let arguments = message.strings
        switch message.member {
        case "Selected" where arguments.count == 2:
            terminal?.returned()
            finish(.selected(start: arguments[0], end: arguments[1]))
        case "Cancelled" where arguments.count == 1:
            terminal?.returned()
            finish(.cancelled(reason: arguments[0]))
        default:
            break
        }
    }

    // MARK: Ctrl-C

    /// Cancels the session and gives the daemon a moment to let go of the terminal; a second
    /// signal stops waiting.
    private func interrupt() {
        guard !interrupted else {
            finish(.interrupted)
            return
        }
        interrupted = true
        guard let connection, let handle else {
            finish(.interrupted)
            return
        }
        // The path is known before the answer, and the bus delivers this after ShowTimePicker,
        // so even a session still being made is cancelled.
        if let cancel = try? DBusMessage.methodCall(
            destination: TimePickerBus.name, path: handle.path, interface: TimePickerBus.sessionInterface, member: "Cancel") {
            connection.send(cancel)
        }
        loop.schedule(afterMilliseconds: interruptGraceMilliseconds) { [unowned self] in
            self.finish(.interrupted)
        }
    }
}
