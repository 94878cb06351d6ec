internal import DBusKit
internal import EventLoop
internal import Glibc
internal import SystemKit
internal import TimePickerContract
internal import TimePickerCore

/// One pick through the service, from connecting to the outcome, on the thread that calls
/// `run()`: the one implementation of a caller's side, which `TimePickerAlert` runs on a thread
/// of its own and `timepickerctl` on its main thread.
///
/// It checks whose process owns the service's name and sends every call to that unique name;
/// it calls PickTimeRange with a handle_token, so the session's path is known before the answer
/// and a cancel can reach the session at any moment, after subscribing to that path's Response
/// (the whole answer, which the reply's two times lack) and to the owner leaving (a vanished
/// service ends the pick, never a hang); it lends the program's terminal when asked and puts it
/// back on every way out; while it holds the terminal, Ctrl-C cancels the session first.
/// The call has no time limit of its own: the service ends the session when `timeout` runs out,
/// and when this connection leaves the bus.
final class ServicePick: @unchecked Sendable {
    // Unchecked: used only on the thread that runs it; other threads reach it through `mailbox`,
    // which is thread-safe.
    /// What the pick sends, and how it may show the picker.
    struct Request: Sendable {
        /// PickTimeRange's options, without handle_token and terminal, which the pick adds.
        var options: [String: DBusValue]
        /// Lend this program's terminal (`terminal`) for the picker.
        var usesCallerTerminal = false
        /// Cancel the session on SIGINT, SIGTERM and SIGHUP even when no terminal is lent
        /// (a command-line program whose every way out should cancel).
        var cancelsOnInterrupt = false
        /// Whether `locale` and `time_zone` are this program's own, sent unasked: a service
        /// without them is asked again without them rather than failing.
        var sendsOwnLocale = false
        var sendsOwnZone = false
        /// The bus to use instead of the session bus (tests on private buses).
        var busAddress: String?
    }

    /// How long a cancel (asked for, or after an interrupt) waits for the service to end the
    /// session and let go of the terminal before the pick ends without its word.
    private static let withdrawalGraceMilliseconds = 1000

    private var request: Request
    private let notice: (TimePickerNotice) -> Void
    let loop = EventLoop()
    /// The way in for other threads (`cancel`); made with the loop, before `run` starts.
    let mailbox: LoopMailbox?
    private var connection: DBusConnection?
    private var service: ServiceOwner?
    private var handle: SessionHandle?
    private var terminal: CallerTerminal?
    private var interrupts: InterruptWatch?
    /// PickTimeRange went out (on the pick's thread only; other threads see `holdsTerminal`).
    private var callSent = false
    private var response: SessionResponse?
    private var result: Result<TimePickerRange, TimePickerError>?
    /// A signal came: the session is being cancelled, and whatever ends the wait ends the pick.
    private var interruptedBy: Int32?
    /// `cancel()` came before the call could be sent.
    private var cancelledEarly = false
    /// The loop runs only to find the service's owner (`findService`): a cancel stops it.
    private var findingService = false
    /// A cancel asked for from any thread (`requestCancel`), read after the one step that blocks
    /// (connecting) and around the loop's runs: the mailbox is read only while the loop runs,
    /// so without it a cancel between them would still make a session. Sending
    /// PickTimeRange and lending the terminal happen under its lock, so a cancel is either
    /// before both (no session, nothing lent) or after (the session is cancelled).
    private let cancelState = Locked(CancelState())

    /// What other threads need to know of a cancel: whether one came, and whether the pick holds
    /// the program's terminal (then it must run to its end, which gives the terminal back).
    private struct CancelState {
        var requested = false
        var holdsTerminal = false
    }

    init(request: Request, notice: @escaping (TimePickerNotice) -> Void) {
        self.request = request
        self.notice = notice
        mailbox = try? LoopMailbox(loop: loop)
    }

    /// Runs the pick to its end and puts the terminal back; blocks the calling thread.
    func run() -> Result<TimePickerRange, TimePickerError> {
        let outcome = pick()
        interrupts?.end()
        terminal?.restore()
        connection?.flush()
        // Closed here, on the pick's thread: a session still open ends as its creator leaves.
        connection = nil
        return outcome
    }

    /// Marks the pick cancelled from any thread, for the steps outside the loop; the caller
    /// posts `cancel()` through `mailbox` too, for the loop's. True when the caller may treat
    /// the pick as over at once, even while this pick's thread waits for a bus that does not
    /// answer its connection: no terminal is lent, no session will be made by it from now on,
    /// and one already asked for gets its Cancel as soon as the loop runs.
    func requestCancel() -> Bool {
        cancelState.withLock { state in
            state.requested = true
            return !state.holdsTerminal
        }
    }

    /// Whether a cancel was asked for from another thread: then no session is made.
    private var isCancelRequested: Bool { cancelState.withLock { $0.requested } }

    /// Cancels the session (reason `caller`); the pick then ends with its Cancelled, or with
    /// `.withdrawn` once the Cancel is written (with the terminal lent, when the service does
    /// not answer in time). Call it on the pick's thread: other threads post it through `mailbox`.
    func cancel() {
        guard callSent else {
            cancelledEarly = true
            if findingService { loop.stop() }
            return
        }
        withdraw()
    }

    private func pick() -> Result<TimePickerRange, TimePickerError> {
        let connection: DBusConnection
        do {
            connection = try connectToBus(address: request.busAddress)
        } catch {
            return .failure(TimePickerError(.noSessionBus(message: error.message)))
        }
        self.connection = connection
        if isCancelRequested { return .failure(TimePickerError(.withdrawn)) }
        guard let handle = SessionHandle(uniqueName: connection.uniqueName) else {
            return .failure(TimePickerError(.failed(name: ErrorName.failed.rawValue, message: "no session path for \(connection.uniqueName)")))
        }
        self.handle = handle
        connection.setMessageHandler { [unowned self] message in
            self.receive(message)
            return false
        }
        connection.attach(to: loop)
        // Before anything is lent or asked: whose process would receive it.
        let service: ServiceOwner
        switch findService(on: connection) {
        case .success(let found): service = found
        case .failure(let error): return .failure(error)
        }
        self.service = service

        var options = request.options
        options["handle_token"] = .string(handle.token)
        if request.usesCallerTerminal, connection.canPassUnixFDs {
            if let found = CallerTerminal.find() {
                terminal = found
                // libdbus sends a duplicate; the program keeps its own.
                options["terminal"] = .unixFD(found.descriptor)
                if found.isWaitingForForeground { notice(.waitingForForeground) }
            } else if isatty(STDIN_FILENO) == 0 {
                notice(.noTerminal)
            }
        }
        request.options = options
        // Only now: until the terminal is lent, the default action (ending the process) is
        // right, and a blocking connect to a stuck bus stays interruptible.
        if terminal != nil || request.cancelsOnInterrupt {
            interrupts = InterruptWatch(loop: loop) { [unowned self] signal in self.interrupt(signal) }
        }

        // The bus takes the rules before the call that follows on this connection.
        connection.addMatch(MatchRule.nameOwnerChanged(of: service.uniqueName))
        connection.addMatch(TimePickerBus.Rule.response(on: handle.path))
        if let failure = callPickTimeRange() { return .failure(failure) }
        if cancelledEarly { withdraw() }
        loop.run()
        return result ?? .failure(TimePickerError(.failed(name: ErrorName.failed.rawValue, message: "the pick ended without an outcome")))
    }

    /// The service's owner, asked on the loop (`ServiceOwner.ask`): a cancel stops the loop at
    /// any step, a service the bus is still starting included, and the pick then ends at once.
    private func findService(on connection: DBusConnection) -> Result<ServiceOwner, TimePickerError> {
        var found: Result<ServiceOwner, TimePickerError>?
        // Unowned: the answer comes only while this pick's loop runs.
        ServiceOwner.ask(on: connection) { [unowned self] answer in
            found = answer
            self.loop.stop()
        }
        findingService = true
        if !isCancelRequested { loop.run() }
        findingService = false
        // Asked while the service was found (or started): nothing is shown, nothing lent.
        if isCancelRequested { return .failure(TimePickerError(.withdrawn)) }
        // The bus went away meanwhile (`receive`).
        if case .failure(let error)? = result { return .failure(error) }
        return found ?? .failure(TimePickerError(.failed(name: ErrorName.failed.rawValue, message: "the service's owner was not found")))
    }

    /// Sends PickTimeRange; its answer comes to `answered`. The failure to send it, if it could not be.
    private func callPickTimeRange() -> TimePickerError? {
        guard let connection, let service else { return TimePickerError(.lostBus) }
        let call: DBusMessage
        do {
            call = try DBusMessage.methodCall(
                destination: service.uniqueName, path: TimePickerBus.managerPath,
                interface: TimePickerBus.managerInterface, member: TimePickerBus.Member.pickTimeRange)
            try call.append(.vardict(request.options))
        } catch {
            return TimePickerError(.cannotReachService(name: error.name.rawValue, message: error.message))
        }
        // Under the cancel lock: a cancel from another thread is before the call (nothing sent,
        // nothing lent) or after it (the session exists, and the loop cancels it).
        let sent: Result<Bool, DBusFailure> = cancelState.withLock { state in
            guard !state.requested else { return .success(false) }
            if let terminal {
                terminal.lend()
                state.holdsTerminal = true
            }
            do throws(DBusFailure) {
                try connection.call(call, timeoutMilliseconds: DBusConnection.infiniteTimeout) { [unowned self] reply in
                    self.answered(reply)
                }
                return .success(true)
            } catch {
                return .failure(error)
            }
        }
        switch sent {
        case .success(true):
            callSent = true
            return nil
        case .success(false):
            return TimePickerError(.withdrawn)
        case .failure(let error):
            terminal?.returned()
            return TimePickerError(.cannotReachService(name: error.name.rawValue, message: error.message))
        }
    }

    /// Settles the pick once; the first word wins, and after a signal it is the signal's.
    private func finish(_ outcome: Result<TimePickerRange, TimePickerError>) {
        guard result == nil else { return }
        if let interruptedBy {
            result = .failure(TimePickerError(.interrupted(signal: interruptedBy)))
        } else if case .failure(let error) = outcome, error.cause == .cancelled(.caller), isCancelRequested {
            // The Cancelled this program's own cancel caused: not another program's.
            result = .failure(TimePickerError(.withdrawn))
        } else {
            result = outcome
        }
        loop.stop()
    }

    // MARK: What the bus says

    /// The answer to PickTimeRange: the range chosen, or why there is none.
    private func answered(_ reply: DBusMessage) {
        // An answer from the service (not an error the bus made up because the service left):
        // the service took its picker down before it answered, or never drew one.
        if let sender = reply.sender, sender != .messageBus { terminal?.returned() }
        guard reply.kind != .error else {
            if retriedWithoutOwnSetting(after: reply) { return }
            finish(.failure(Self.failure(reply)))
            return
        }
        let times = reply.strings
        let overnight = request.options["overnight"] == .boolean(true)
        // Overnight, an end before the start is the next day's.
        guard times.count == 2, let start = WallClockTime(parsing: times[0]), let end = WallClockTime(parsing: times[1]),
              start.clockText == times[0], end.clockText == times[1], start <= end || overnight
        else {
            let answer = times.isEmpty ? nil : times.map { quotedForMessage($0) }.joined(separator: " ")
            finish(.failure(TimePickerError(.invalidAnswer(answer))))
            return
        }
        finish(.success(range(start: times[0], end: times[1])))
    }

    /// The range chosen: the Response's, when the service sent one for this choice; else only
    /// the answer's two times (a service older than the Response signal).
    private func range(start: String, end: String) -> TimePickerRange {
        guard let response, response.code == TimePickerBus.ResponseCode.chosen, let times = response.times,
              times.start == start, times.end == end
        else { return TimePickerRange(start: start, end: end) }
        return times
    }

    /// The service refused what the pick sends of the program's own settings, unasked: its
    /// locale or its zone (the service's system does not have it: a program in a container or
    /// sandbox has locales and zones of its own; or, for the zone, the service is older than
    /// the option). The pick goes on in the service's own language or zone, saying so once,
    /// rather than failing. True when it was sent again.
    private func retriedWithoutOwnSetting(after reply: DBusMessage) -> Bool {
        guard reply.errorName == .invalidArgs, let message = reply.errorMessage, interruptedBy == nil else { return false }
        if message.hasPrefix("option 'locale':"), request.sendsOwnLocale,
           case .string(let locale)? = request.options.removeValue(forKey: "locale") {
            notice(.localeNotInService(locale))
        } else if message.hasPrefix("option 'time_zone':"), request.sendsOwnZone,
                  case .string(let zone)? = request.options.removeValue(forKey: "time_zone") {
            // An older service does not know the option: its zone is the only one it has.
            if !message.hasPrefix("option 'time_zone': unknown option") { notice(.zoneNotInService(zone)) }
        } else {
            return false
        }
        callSent = false
        if let failure = callPickTimeRange() { finish(.failure(failure)) }
        return true
    }

    /// The error for an error answer to PickTimeRange.
    private static func failure(_ reply: DBusMessage) -> TimePickerError {
        TimePickerError(cause(of: reply))
    }

    /// What an error answer to PickTimeRange means.
    private static func cause(of reply: DBusMessage) -> TimePickerError.Cause {
        let name = reply.errorName ?? .failed
        let message = reply.errorMessage ?? name.rawValue
        switch name {
        case TimePickerBus.Error.cancelled:
            return .cancelled(TimePickerCancelReason(message))
        case TimePickerBus.Error.noUserInterface:
            return .noUserInterface(message: message)
        case TimePickerBus.Error.limitsExceeded:
            return .limitsExceeded(message: message)
        case .serviceUnknown, .nameHasNoOwner, .disconnected, .noServer:
            return .cannotReachService(name: name.rawValue, message: message)
        case _ where name.isSpawnFailure:
            return .cannotStartService(name: name.rawValue, message: message)
        case .noReply:
            // The call has no time limit: the service left without answering.
            return .serviceStopped
        case .invalidArgs:
            return .invalidOption(message: message)
        default:
            return .failed(name: name.rawValue, message: message)
        }
    }

    /// Every message that is not a reply: the session's Response, the service's owner changing,
    /// the bus going away.
    private func receive(_ message: DBusMessage) {
        guard message.kind == .signal else { return }
        if message.isSignal(interface: TimePickerBus.sessionInterface, member: TimePickerBus.Member.response) {
            // Only the service's own, on this session: anyone may address a signal to us.
            if let service, message.sender == service.uniqueName, let handle, message.path == handle.path {
                response = SessionResponse(message)
            }
        } else if message.isSignal(interface: .local, member: .disconnected) {
            finish(.failure(TimePickerError(.lostBus)))
        } else if message.isSignal(interface: .messageBus, member: .nameOwnerChanged) {
            // The service's process left the bus without answering: it crashed or was killed,
            // and whatever it drew on the terminal is still there.
            if let change = NameOwnerChange(message), change.name == service?.uniqueName, change.newOwner == nil {
                finish(.failure(TimePickerError(.serviceStopped)))
            }
        }
    }

    // MARK: Cancelling

    /// Cancels the session for the caller. A service that never answers (frozen, or not ours)
    /// must not keep a cancelled pick, or a cancelled task, waiting: the pick ends once the
    /// Cancel is written, or, while the terminal is lent or after a signal, when the service
    /// has let go of the terminal or after a grace; its session ends as this connection leaves
    /// the bus in any case.
    private func withdraw() {
        sendCancel()
        let grace = terminal != nil || interruptedBy != nil ? Self.withdrawalGraceMilliseconds : 0
        loop.schedule(afterMilliseconds: grace) { [unowned self] in
            self.connection?.flush()
            self.finish(.failure(TimePickerError(.cancelled(.caller))))
        }
    }

    /// Asks the service to cancel the session. The path is known before the answer, and the
    /// bus delivers this after PickTimeRange, so even a session still being made is cancelled.
    private func sendCancel() {
        guard let connection, let handle, let service,
              let cancel = try? DBusMessage.methodCall(
                destination: service.uniqueName, path: handle.path, interface: TimePickerBus.sessionInterface,
                member: TimePickerBus.Member.cancel)
        else { return }
        _ = connection.send(cancel)
    }

    /// Cancels the session and gives the service a moment to let go of the terminal; a second
    /// signal stops waiting.
    private func interrupt(_ signal: Int32) {
        guard interruptedBy == nil else {
            finish(.failure(TimePickerError(.interrupted(signal: signal))))
            return
        }
        // From here on whatever ends the pick ends it as interrupted (`finish`).
        interruptedBy = signal
        withdraw()
    }
}
