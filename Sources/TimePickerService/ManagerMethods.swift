internal import DBusKit
internal import TimePickerContract
internal import EventLoop
internal import Glibc
internal import LocalSettings
internal import TimePickerCore
internal import Localization
internal import SystemKit

/// io.github.timepickerd.TimePicker1: ShowTimePicker and PickTimeRange.
extension TimePickerService {
    /// Creates a session and replies at once with its path; the outcome comes as a signal.
    func showTimePicker(_ call: MethodCall) throws(ServiceError) -> MethodResult {
        let session = try openSession(for: call)
        // The handle goes out before anything the front end reports, even a Cancelled that
        // follows at once, so a caller that did not subscribe first still learns the path.
        sendReply([.objectPath(session.path)], to: call.message)
        logOpened(session, by: call)
        // A person at the caller's terminal is waiting there; once the caller is gone, so is
        // the reason to hold the terminal.
        if session.callerTerminal != nil { callerWatch.watch(session.id, caller: session.creator) }
        present(session)
        return .later
    }

    /// Creates a session whose call is answered only with the outcome (a late reply).
    func pickTimeRange(_ call: MethodCall) throws(ServiceError) -> MethodResult {
        let session = try openSession(for: call)
        session.pendingCall = call.message
        logOpened(session, by: call)
        callerWatch.watch(session.id, caller: session.creator)
        present(session)
        return .later
    }

    /// What the core is told of the world for a new session: the present, the daemon's zone and
    /// the system's zone database (each read only when the session needs it).
    private static func context() -> PickerContext {
        PickerContext(
            defaultClock: .twentyFourHour, now: Int64(time(nil)), localZone: { ZoneDatabase.local() },
            zoneNamed: { ZoneDatabase.rules(named: $0) })
    }

    /// Validates the options, checks the limits and registers a new session object.
    private func openSession(for call: MethodCall) throws(ServiceError) -> PickerSession {
        guard let creator = call.sender else { throw .invalidArgs("\(call.member) needs a caller with a bus name") }
        let decoded = try OptionDecoding.options(of: call.arguments, method: call.member)
        var options: PickerOptions
        do {
            options = try PickerOptions(validating: decoded.options, context: Self.context())
        } catch {
            throw .invalidArgs(error.message)
        }
        // The caller's locale (its name checked above), when it sent one: the system must have
        // it, and it says which clock the caller prefers. The desktop's setting, when the
        // person made one, still comes first (`DesktopClock`); `clock` wins over both. The
        // session keeps the system's name for it, so that every spelling of one locale shares
        // one language and its words in every front end.
        var callerLanguage: Language?
        if let name = options.locale {
            guard let language = Language(named: name) else {
                throw .invalidArgs("option 'locale': this system has no locale \(quotedForMessage(name)) in UTF-8 (`locale -a` lists those it has)")
            }
            callerLanguage = language
            options.locale = language.name
        }
        if decoded.options["clock"] == nil { options.clock = defaultClock(callerLanguage?.prefersTwelveHour) }
        // Who asks, as far as the system can vouch for the caller's process: never an option
        // of the caller's. On a caller's terminal too: a program may lend any terminal of the
        // person's, not only the one the person is typing its command in.
        options.requester = call.caller.application.map { Requester(name: $0.name, vouched: $0.isVouched) } ?? .unknown
        try sessions.checkLimits(for: creator)
        let path = try sessions.path(creator: creator, requestedToken: options.handleToken)
        let terminal = try decoded.terminal.map { descriptor throws(ServiceError) in try callerTerminals.terminal(for: descriptor) }
        let session = sessions.add(path: path, creator: creator, credentials: call.caller, model: PickerModel(options: options))
        if let terminal {
            session.callerTerminal = terminal
            callerTerminals.attach(session.id, to: terminal)
        }
        return session
    }

    /// A line for the session `call` opened, written once the caller has its answer: the log
    /// never holds a reply back.
    private func logOpened(_ session: PickerSession, by call: MethodCall) {
        log.info("\(call.member) from \(session.creator): session \(session.path) \"\(session.model.options.title)\" \(session.model.start)-\(session.model.end)")
    }

    /// Ends `session` with Cancelled("timeout") at its model's deadline (replacing the timer
    /// an earlier deadline set: an extension moves it).
    func scheduleTimeout(of session: PickerSession, now: Int) {
        session.timeoutTimer?.cancel()
        guard let deadline = session.model.deadline else { return }
        session.timeoutTimer = loop.schedule(afterMilliseconds: max(0, deadline - now)) { [weak self, weak session] in
            guard let self, let session else { return }
            self.end(session, with: .cancelled(.timeout))
        }
    }

    /// Starts the session's timeout and hands it to the front end:
    /// the caller's terminal's, else the one its `ui` option names, else the preferred one.
    ///
    /// A session on a caller's terminal is shown only while the caller's job holds that
    /// terminal's foreground, and which job that is comes from the bus (the process it vouched
    /// for when the call was let through), never from the caller's say-so.
    private func present(_ session: PickerSession) {
        guard !isShuttingDown else {
            end(session, with: .cancelled(.shutdown))
            return
        }
        let seconds = Int(session.model.options.timeoutSeconds)
        if seconds > 0 {
            let now = MonotonicClock.now()
            session.model.deadline = now + seconds * 1000
            scheduleTimeout(of: session, now: now)
        }
        guard let terminal = session.callerTerminal else {
            let kind = session.model.options.userInterface ?? userInterfaces.preferred
            guard let frontEnd = userInterfaces.frontEnds[kind] else {
                session.unavailableBecause = "the \(kind.rawValue) user interface is not available: "
                    + (userInterfaces.whyMissing[kind] ?? "the daemon does not offer it")
                log.info("\(session.path): \(session.unavailableBecause ?? "")")
                end(session, with: .cancelled(.unavailable))
                return
            }
            session.frontEnd = frontEnd
            frontEnd.show(session.id, session.model.state)
            return
        }
        guard let processID = session.creatorCredentials.processID,
              let caller = ProcessStatus(processID: Int32(bitPattern: processID))
        else {
            log.info("\(session.creator): the bus names no process of it that still runs; ending \(session.path)")
            end(session, with: .cancelled(.caller))
            return
        }
        session.frontEnd = terminal.frontEnd
        if let condition = Self.foregroundCondition(of: processID, status: caller, on: terminal.device) {
            terminal.frontEnd.show(session.id, session.model.state, whileInForeground: condition)
        } else {
            terminal.frontEnd.show(session.id, session.model.state)
        }
    }

    /// When `terminal` is the caller's controlling terminal, whether the caller's job holds its
    /// foreground (read again each time: the shell moves it); nil for another terminal, on
    /// which the caller has no job control to respect.
    private static func foregroundCondition(
        of processID: UInt32, status: ProcessStatus, on terminal: DeviceNumber
    ) -> (() -> Bool)? {
        guard status.controllingTerminal == terminal else { return nil }
        return { ProcessStatus(processID: Int32(bitPattern: processID))?.isInTerminalForeground ?? false }
    }
}
