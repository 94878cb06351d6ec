internal import TimePickerContract
internal import DBusKit
internal import EventLoop
internal import Glibc
internal import TimePickerCore
internal import SystemKit

/// `timepickerctl pick`: shows a picker through the service, waits for its outcome, reports it;
/// with no session bus, shows the same picker itself (`LocalPicker`).
///
/// It calls PickTimeRange, whose reply is the outcome, and waits with no time limit of its own:
/// the service ends the session when the `--timeout` runs out. The service also ends it when
/// this client leaves the bus, so a client that is killed leaves no picker behind, in whatever
/// user interface. The call carries a handle_token, so the session's path is known before the
/// service answers and Ctrl-C can cancel it at any moment, and the client subscribes to that
/// session's Response signal before it calls: the service sends it just before its answer,
/// with the whole range (next day, length, day, instants), which the answer's two times lack.
/// One event loop watches the bus and the signals; nothing blocks.
final class PickCommand {
    private let options: PickOptions
    private let loop = EventLoop()
    private var connection: DBusConnection?
    /// The service's process, checked to be this user's: every call goes to it.
    private var service: ServiceOwner?
    private var terminal: BorrowedTerminal?
    private var handle: SessionHandle?
    private var outcome: PickOutcome?
    /// The session's Response, once the service has sent it (a service older than it never does).
    private var response: SessionResponse?
    /// Set on Ctrl-C: the session is being cancelled, and whatever ends the wait ends the pick.
    private var interrupted = false
    /// What PickTimeRange is sent with; without `locale` or the person's own `time_zone` once the
    /// service refused it.
    private var serviceOptions: [String: DBusValue] = [:]

    /// How long Ctrl-C waits for the daemon to let go of the terminal before restoring anyway.
    private let interruptGraceMilliseconds = 1000

    init(options: PickOptions) {
        self.options = options
    }

    /// Runs the pick to its end, puts the terminal back, reports, and returns the exit status.
    func run() -> Int32 {
        // The result goes to a pipe a script may have closed: a failed write, not a death.
        signal(SIGPIPE, SIG_IGN)
        let result = pick()
        // The terminal first, so that what follows reaches a terminal in line mode.
        terminal?.restore()
        connection?.flush()
        return result.report(format: options.format, json: options.json, timeoutSeconds: options.timeout ?? 0)
    }

    private func pick() -> PickOutcome {
        let connection: DBusConnection
        do {
            connection = try DBusConnection.sessionBus()
        } catch {
            return pickWithoutService(noBus: ClientText.cannotConnect(error.message))
        }
        self.connection = connection
        guard let handle = SessionHandle(uniqueName: connection.uniqueName) else {
            return .failed(ClientText.unusableName(connection.uniqueName.rawValue))
        }
        self.handle = handle
        // Before anything is lent or asked: whose process would receive it.
        let service: ServiceOwner
        do {
            service = try ServiceOwner.find(on: connection, starting: true)
        } catch {
            return .failed(error.message)
        }
        self.service = service

        // Only now: until the terminal is lent, the default action (ending the process) is
        // right, and a blocking connect to a stuck bus stays interruptible.
        let signals: SignalSource
        do {
            signals = try SignalSource(signals: [SIGINT, SIGTERM, SIGHUP], loop: loop) { [unowned self] _ in
                self.interrupt()
            }
        } catch {
            return .failed(ClientText.cannotWatchSignals("\(error)"))
        }
        defer { withExtendedLifetime(signals) {} }

        serviceOptions = options.serviceOptions
        serviceOptions["handle_token"] = .string(handle.token)
        if options.useTerminal, connection.canPassUnixFDs, let lent = lendTerminal(elsewhere: ClientText.shownByService) {
            self.terminal = lent
            // libdbus sends a duplicate; the client keeps its own.
            serviceOptions["terminal"] = .unixFD(lent.descriptor)
            sayIfWaitingForForeground(terminal: lent.descriptor)
        }

        connection.setMessageHandler { [unowned self] message in
            self.receive(message)
            return false
        }
        connection.attach(to: loop)
        // The bus takes the rules before the call that follows on this connection.
        connection.addMatch(MatchRule.nameOwnerChanged(of: service.uniqueName))
        connection.addMatch(TimePickerBus.Rule.response(on: handle.path))
        if let failure = callPickTimeRange(on: connection, service: service) { return failure }
        loop.run()
        return outcome ?? .failed(ClientText.endedWithoutOutcome)
    }

    /// Sends PickTimeRange with `serviceOptions`; its answer comes to `answered`. The failure
    /// to send it, if it could not be.
    private func callPickTimeRange(on connection: DBusConnection, service: ServiceOwner) -> PickOutcome? {
        do {
            let call = try DBusMessage.methodCall(
                destination: service.uniqueName, path: TimePickerBus.managerPath,
                interface: TimePickerBus.managerInterface, member: TimePickerBus.Member.pickTimeRange)
            try call.append(.vardict(serviceOptions))
            terminal?.lent()
            try connection.call(call, timeoutMilliseconds: DBusConnection.infiniteTimeout) { [unowned self] reply in
                self.answered(reply)
            }
            return nil
        } catch {
            terminal?.returned()
            return .failed(ClientText.cannotCallService(error.message))
        }
    }

    /// With no session bus: the picker on this terminal, shown by the client itself, unless
    /// the person asked for what only the service can do.
    private func pickWithoutService(noBus: String) -> PickOutcome {
        if let userInterface = options.userInterface {
            return .failed(ClientText.userInterfaceNeedsBus(userInterface, noBus))
        }
        guard options.useTerminal else {
            return .failed(ClientText.noTerminalOptionNeedsBus(noBus))
        }
        guard let lent = lendTerminal(elsewhere: nil) else {
            return .failed(ClientText.nowhereToShow(noBus))
        }
        terminal = lent
        let picker: LocalPicker
        do {
            picker = try LocalPicker(options: options, terminal: lent.descriptor, loop: loop)
        } catch {
            return .failed(error.message)
        }
        if options.verbose { Console.error(ClientText.showingWithoutService(noBus)) }
        let signals: SignalSource
        do {
            signals = try SignalSource(signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH], loop: loop) { signal in
                if signal == SIGWINCH { picker.terminalResized() } else { picker.interrupt() }
            }
        } catch {
            return .failed(ClientText.cannotWatchSignals("\(error)"))
        }
        defer { withExtendedLifetime(signals) {} }
        sayIfWaitingForForeground(terminal: lent.descriptor)
        lent.lent()
        return picker.run()
    }

    /// The terminal to show the picker in: stdin when it is one, otherwise the controlling
    /// terminal (`/dev/tty`), as fzf and gum do, so that `echo … | timepickerctl pick` and
    /// `$(timepickerctl pick)` still show it to the person. With neither, the client says what
    /// happens `elsewhere`, if anything.
    private func lendTerminal(elsewhere: String?) -> BorrowedTerminal? {
        guard let lent = LentTerminal.descriptor(for: STDIN_FILENO) ?? LentTerminal.controllingTerminal() else {
            if isatty(STDIN_FILENO) == 0, let elsewhere {
                Console.error(ClientText.noTerminal(elsewhere))
            }
            return nil
        }
        if let terminal = BorrowedTerminal(descriptor: lent.descriptor, closeWhenRestored: lent.opened) { return terminal }
        if lent.opened { close(lent.descriptor) }
        return nil
    }

    /// A job in the background (`timepickerctl pick &`) gets no picker until it is brought to
    /// the foreground, as a job that reads its terminal would be stopped: say so, once.
    private func sayIfWaitingForForeground(terminal: Int32) {
        guard let device = DeviceNumber(ofDeviceOpenOn: terminal), let process = ProcessStatus.current(),
              process.controllingTerminal == device, !process.isInTerminalForeground
        else { return }
        Console.error(ClientText.waitingForForeground)
    }

    /// Settles the pick once; the first word wins.
    private func finish(_ result: PickOutcome) {
        guard outcome == nil else { return }
        outcome = interrupted ? .interrupted : result
        loop.stop()
    }

    // MARK: What the bus says

    /// The answer to PickTimeRange: the range chosen, or why there is none.
    private func answered(_ reply: DBusMessage) {
        // An answer from the service (not an error the bus made up because the service left):
        // the service took its picker down before it answered, or never drew one.
        if let sender = reply.sender, sender != .messageBus { terminal?.returned() }
        guard reply.kind != .error else {
            if retriedWithoutCallerSetting(after: reply) { return }
            finish(failure(reply))
            return
        }
        let times = reply.strings
        // Overnight, an end before the start is the next day's.
        guard times.count == 2, let start = WallClockTime(parsing: times[0]), let end = WallClockTime(parsing: times[1]),
              start.busText == times[0], end.busText == times[1], start <= end || options.overnight
        else {
            let answer = times.isEmpty ? nil : times.map { quotedForMessage($0) }.joined(separator: " ")
            finish(.failed(ClientText.noRange(answer)))
            return
        }
        finish(.selected(pickedTimes(start: times[0], end: times[1])))
    }

    /// The range chosen: the Response's, when the service sent one for this choice; else only
    /// the answer's two times (a service older than the Response signal).
    private func pickedTimes(start: String, end: String) -> PickedTimes {
        guard let response, response.code == TimePickerBus.ResponseCode.chosen, let times = response.times,
              times.start == start, times.end == end
        else { return PickedTimes(start: start, end: end) }
        return times
    }

    /// The service refused what the client sends of the person's own settings, unasked: their
    /// locale or their zone (its system does not have it: a client in a container or sandbox
    /// has locales and zones of its own; or, for the zone, the service is older than the
    /// option). The pick goes on in the service's own language or zone, saying so once, rather
    /// than failing. True when it was sent again.
    private func retriedWithoutCallerSetting(after reply: DBusMessage) -> Bool {
        guard reply.errorName == .invalidArgs, let message = reply.errorMessage, !interrupted, let connection, let service
        else { return false }
        if message.hasPrefix("option 'locale':"), case .string(let locale)? = serviceOptions.removeValue(forKey: "locale") {
            Console.error(ClientText.localeMissingInService(displaySafe(locale)))
        } else if message.hasPrefix("option 'time_zone':"), options.sendsCallerZone,
                  case .string(let zone)? = serviceOptions.removeValue(forKey: "time_zone") {
            // An older service does not know the option: its zone is the only one it has.
            if !message.hasPrefix("option 'time_zone': unknown option") {
                Console.error(ClientText.zoneMissingInService(displaySafe(zone)))
            }
        } else {
            return false
        }
        if let failure = callPickTimeRange(on: connection, service: service) { finish(failure) }
        return true
    }

    /// The outcome for an error answer to PickTimeRange.
    private func failure(_ reply: DBusMessage) -> PickOutcome {
        let name = reply.errorName ?? .failed
        let message = reply.errorMessage.map(displaySafe) ?? name.rawValue
        switch name {
        case TimePickerBus.Error.cancelled:
            return .cancelled(reason: message)
        case .invalidArgs where terminal != nil && message.contains("'terminal'"):
            if message.contains("unknown option") {
                return .failed(ClientText.serviceTooOld)
            }
            return .failed(ClientText.terminalRefused(message))
        case .serviceUnknown, .nameHasNoOwner, .disconnected, .noServer:
            return .failed(ClientText.cannotReachService(message))
        case _ where name.isSpawnFailure:
            return .failed(ClientText.cannotStartService(message))
        case .noReply:
            // The call has no time limit: the service left without answering.
            return .failed(ClientText.serviceStopped)
        case .invalidArgs where message.hasSuffix(": unknown option") || message.contains(": unknown option;"):
            return .failed(unknownOptionFailure(message))
        case .invalidArgs:
            return .failed(PickOptions.namingFlags(message))
        default:
            return .failed(message)
        }
    }

    /// The message for a service that does not know an option this client sent: one the person
    /// asked for through a newer flag (an older service).
    private func unknownOptionFailure(_ message: String) -> String {
        let newerFlags = [
            "overnight": "--overnight", "time_zone": "--time-zone",
            "date": options.dateImpliedByFormat ? "--format \(options.format.rawValue)" : "--date",
        ]
        for (key, flag) in newerFlags where message.hasPrefix("option '\(key)':") {
            return ClientText.serviceDoesNotKnow(flag)
        }
        return PickOptions.namingFlags(message)
    }

    /// Every message that is not a reply: the session's Response, the service's owner changing,
    /// the bus going away.
    private func receive(_ message: DBusMessage) {
        guard message.kind == .signal else { return }
        if message.isSignal(interface: TimePickerBus.sessionInterface, member: TimePickerBus.Member.response) {
            // Only the service's own, on this session: anyone may address a signal to the client.
            if let service, message.sender == service.uniqueName, let handle, message.path == handle.path {
                response = SessionResponse(message)
            }
        } else if message.isSignal(interface: .local, member: .disconnected) {
            finish(.failed(ClientText.lostBus))
        } else if message.isSignal(interface: .messageBus, member: .nameOwnerChanged) {
            // The service's process left the bus without answering: it crashed or was killed,
            // and whatever it drew on the terminal is still there.
            if let change = NameOwnerChange(message), change.name == service?.uniqueName, change.newOwner == nil {
                finish(.failed(ClientText.serviceStopped))
            }
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
        guard let connection, let handle, let service else {
            finish(.interrupted)
            return
        }
        // The path is known before the answer, and the bus delivers this after PickTimeRange,
        // so even a session still being made is cancelled.
        if let cancel = try? DBusMessage.methodCall(
            destination: service.uniqueName, path: handle.path, interface: TimePickerBus.sessionInterface,
            member: TimePickerBus.Member.cancel) {
            connection.send(cancel)
        }
        loop.schedule(afterMilliseconds: interruptGraceMilliseconds) { [unowned self] in
            self.finish(.interrupted)
        }
    }
}
