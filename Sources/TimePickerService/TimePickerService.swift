public import CallerApps
internal import TimePickerContract
public import DBusKit
public import EventLoop
public import Logging
public import TimePickerCore

/// The time picker service: its sessions, its D-Bus objects, and the front ends that show them.
///
/// Everything runs on the event loop's thread; no method here waits for the bus or a person.
/// The methods it answers are one table (`ServiceMethods`); each interface's handlers live in
/// an extension named after it.
public final class TimePickerService {
    let bus: any MessageBus
    let loop: EventLoop
    let userInterfaces: UserInterfaces
    let callerTerminals: CallerTerminals
    let log: Logger
    /// The clock of a session whose caller did not choose one, asked for each new session (the
    /// desktop's setting may change while the daemon runs), told whether the caller's locale
    /// (when it sent one) prefers a 12-hour clock.
    let defaultClock: (_ callerPrefersTwelveHour: Bool?) -> ClockStyle
    let introspection = IntrospectionDocument.embedded
    var sessions = SessionRegistry()
    /// Lets through the calls of the daemon's own user only, as the bus vouches.
    let admission: CallerAdmission
    /// What the calls waiting for the bus to say who their callers are hold: a caller may
    /// have a few large calls waiting (or thousands of small ones), all of them together a
    /// quarter of libdbus's limit of received messages alive.
    var heldCalls = HeldCalls<BusName>(perCaller: (4 << 20, 16), inAll: (16 << 20, 128))
    /// Callers some sessions wait on leaving the bus.
    let callerWatch: CallerWatch
    /// The signals sent last, copied for the next session that says the same (`SignalTemplates`).
    let signals = SignalTemplates()
    /// The arguments of the last Response, for the next session that ends alike.
    let responses = RecentResponse()

    /// Set once `shutdown` began: a session asked for after that ends at once with
    /// Cancelled("shutdown"), as the open ones did (the loop keeps turning, and answering
    /// calls, while front ends give back what they borrowed).
    private(set) var isShuttingDown = false

    /// Called when the connection to the bus is gone.
    public var onDisconnected: (() -> Void)?

    /// A service on `bus` whose sessions `userInterfaces` show, except those on callers'
    /// terminals, whose front ends `callerTerminalFrontEnds` makes; it serves the Unix user
    /// `ownUser` (the daemon's own) only. Each session shows the application that asked for
    /// it, as `applications` finds it from the caller's process.
    public init(
        bus: any MessageBus, loop: EventLoop, userInterfaces: UserInterfaces,
        callerTerminalFrontEnds: @escaping CallerTerminalFrontEndFactory, log: Logger,
        ownUser: UInt32, defaultClock: @escaping (_ callerPrefersTwelveHour: Bool?) -> ClockStyle,
        applications: ApplicationLookup? = nil
    ) {
        self.bus = bus
        self.loop = loop
        self.userInterfaces = userInterfaces
        callerTerminals = CallerTerminals(makeFrontEnd: callerTerminalFrontEnds)
        admission = CallerAdmission(bus: bus, ownUser: ownUser, log: log, applications: applications)
        callerWatch = CallerWatch(bus: bus, log: log)
        self.log = log
        self.defaultClock = defaultClock
    }

    /// Starts answering messages. Call before requesting the bus name, so no call is missed.
    public func start() {
        for frontEnd in userInterfaces.all { frontEnd.delegate = self }
        callerTerminals.delegate = self
        callerWatch.onCallerLeft = { [unowned self] id in self.callerLeft(id) }
        bus.setMessageHandler { [unowned self] message in self.handle(message) }
    }

    /// A session's object path, for a front end that names its sessions by it (the dialog
    /// backend interface does); nil once the session has ended.
    public func path(of session: PickerSessionID) -> ObjectPath? {
        sessions[session]?.path
    }

    /// Who asked for a session, as callers are told apart when they take turns (by app, not by
    /// connection), for a front end that shares what it sends another process among them; nil
    /// once the session has ended.
    public func callerKey(of session: PickerSessionID) -> CallerKey? {
        guard let session = sessions[session] else { return nil }
        let credentials = session.creatorCredentials
        return CallerKey(
            connection: session.creator.rawValue, userID: credentials.userID, processID: credentials.processID,
            application: credentials.application)
    }

    /// Ends every session with `Cancelled("shutdown")`, answers every pending call and writes
    /// it all out; `done` runs once every front end has given back what it borrowed. Nothing
    /// here waits: the event loop keeps turning until then.
    public func shutdown(then done: @escaping () -> Void) {
        isShuttingDown = true
        // Front ends first: ending a shown session must not bring the next one on screen.
        let frontEnds = userInterfaces.all + callerTerminals.frontEnds
        var waiting = frontEnds.count
        for frontEnd in frontEnds {
            frontEnd.shutdown {
                waiting -= 1
                if waiting == 0 { done() }
            }
        }
        for session in sessions.all {
            end(session, with: .cancelled(.shutdown))
        }
        bus.flush()
    }

    /// Ends the session of a caller that left: nobody is left waiting for it.
    private func callerLeft(_ id: PickerSessionID) {
        guard let session = sessions[id] else { return }
        // Nobody is left to answer.
        session.pendingCall = nil
        log.info("\(session.creator) left the bus while waiting for \(session.path)")
        end(session, with: .cancelled(.caller))
    }

    // MARK: Routing

    /// The most values one call's body may hold: the largest valid call has a dozen options,
    /// and a peer must not make the daemon build a million-entry tree to find that out.
    package static let maximumArgumentValues = 256
    /// How many bytes of strings one call may carry in all: a title is at most 2,000 code
    /// points (8,000 bytes), and the rest of a valid call is small. A session bus lets messages
    /// of up to 1 GB through; a larger one is refused before any Unicode work is done on it,
    /// while one below this still gets an error that names the option at fault.
    package static let maximumStringBytes = 1 << 20

    private func handle(_ message: DBusMessage) -> Bool {
        switch message.kind {
        case .methodCall:
            log.debug("call \(message.interface.map { "\($0)." } ?? "")\(message.member?.rawValue ?? "") on \(message.path?.rawValue ?? "") from \(message.sender?.rawValue ?? "?")")
            // A call that waits for the bus's verdict on its caller keeps its message meanwhile:
            // only one no larger than any call is let be may wait, and only while the waiting
            // calls hold little (`HeldCalls`), so that libdbus always reads the bus's answers.
            guard admission.mustWait(for: message.sender), let caller = message.sender else {
                admission.admit(message.sender) { [weak self] verdict in self?.answer(message, verdict) }
                return true
            }
            let weight: HeldCalls<BusName>.Weight
            do {
                let arguments = try Self.arguments(of: message)
                arguments.closeReceivedDescriptors()
                weight = HeldCalls.Weight(arguments: arguments)
            } catch {
                // Whoever sent it: no call this large is valid.
                admission.askAhead(about: caller)
                sendError(error, to: message)
                return true
            }
            guard heldCalls.hold(weight, for: caller) else {
                admission.askAhead(about: caller)
                log.debug("answering \(message.member?.rawValue ?? "a call") from \(caller) at once: the calls waiting for the bus to say who their callers are hold \(heldCalls.holding.bytes) bytes")
                sendError(.waitingCallsFull("too many calls wait for the bus to say who their callers are; try again"), to: message)
                return true
            }
            admission.admit(caller) { [weak self] verdict in
                self?.heldCalls.release(weight, for: caller)
                self?.answer(message, verdict)
            }
            return true
        case .signal:
            handleBusSignal(message)
            return false
        default:
            return false
        }
    }

    /// Answers a call once its caller is admitted: the method's reply, or its error; a caller
    /// of another user gets AccessDenied.
    private func answer(_ message: DBusMessage, _ verdict: CallerAdmission.Verdict) {
        do throws(ServiceError) {
            switch verdict {
            case .allowed(let caller):
                if case .reply(let values) = try route(message, from: caller) { sendReply(values, to: message) }
            case .refused(let reason):
                throw .accessDenied(reason)
            }
        } catch {
            log.debug("answering \(message.member?.rawValue ?? "a call") from \(message.sender?.rawValue ?? "?") with \(error.name): \(error.message)")
            sendError(error, to: message)
        }
    }

    /// The arguments of `message`, read within the limits every call is held to.
    private static func arguments(of message: DBusMessage) throws(ServiceError) -> [DBusValue] {
        do {
            return try message.arguments(maximumValues: maximumArgumentValues, maximumStringBytes: maximumStringBytes)
        } catch {
            throw .invalidArgs("cannot read the arguments: \(error.message)")
        }
    }

    /// Finds the method in the table, checks the call's signature from its header (a wrong call
    /// costs nothing), reads the arguments within the limits, and runs the method.
    private func route(_ message: DBusMessage, from caller: PeerCredentials) throws(ServiceError) -> MethodResult {
        guard let path = message.path, let member = message.member else {
            throw .unknownMethod("method call without a path or a member")
        }
        guard let method = method(member, of: message.interface, at: path) else {
            throw exists(path) ? unknownMethod(message) : .unknownObject("no object at path '\(path)'")
        }
        guard message.signature == method.signature else {
            throw .invalidArgs("\(member) takes arguments of type '\(method.signature)', got \(quotedForMessage(message.signature))")
        }
        let arguments = try Self.arguments(of: message)
        // No method of the service keeps a descriptor (a caller's terminal is opened anew,
        // `CallerTerminals`).
        defer { arguments.closeReceivedDescriptors() }
        return try method.handler(self)(
            MethodCall(
                message: message, member: member, sender: message.sender, caller: caller, path: path, session: sessions[path],
                arguments: arguments))
    }

    private func unknownMethod(_ call: DBusMessage) -> ServiceError {
        .unknownMethod(
            // Names are validated by libdbus and at most 255 characters: quote them whole.
            "no method \(quotedForMessage(call.member?.rawValue ?? "", maxCharacters: 255)) on interface "
                + "\(quotedForMessage(call.interface?.rawValue ?? "(none)", maxCharacters: 255))"
                + " at '\(call.path?.rawValue ?? "")'")
    }

    /// Whether `path` is an object or one of the nodes above the objects.
    func exists(_ path: ObjectPath) -> Bool {
        sessions.exportedPaths.contains { $0 == path || $0.isDescendant(of: path) }
    }

    /// Introspectable.Introspect: the interface file's own text for the object's interface, and
    /// the nodes below.
    func introspect(_ call: MethodCall) throws(ServiceError) -> MethodResult {
        guard exists(call.path) else { throw .unknownObject("no object at path '\(call.path)'") }
        var interfaces: [InterfaceName] = []
        if call.path == TimePickerBus.managerPath { interfaces = [TimePickerBus.managerInterface] }
        if call.session != nil { interfaces = [TimePickerBus.sessionInterface] }
        let children = IntrospectionXML.children(of: call.path, among: sessions.exportedPaths)
        return .reply([.string(introspection.document(interfaces: interfaces, children: children))])
    }

    /// The bus's own signals: a caller's name losing its owner, the bus gone. (The service's
    /// own name is never taken over: NameClaim does not allow replacement.)
    private func handleBusSignal(_ signal: DBusMessage) {
        if signal.isSignal(interface: .local, member: .disconnected) {
            onDisconnected?()
            return
        }
        callerWatch.handle(signal)
        admission.handle(signal)
    }

    // MARK: Sending

    /// Answers `call` with `values`, unless the caller asked for no reply.
    func sendReply(_ values: [DBusValue], to call: DBusMessage) {
        do {
            try bus.reply(to: call, with: values)
        } catch {
            log.error("cannot reply to \(call.member?.rawValue ?? "a call"): \(error)")
        }
    }

    /// Answers `call` with `error`, unless the caller asked for no reply.
    func sendError(_ error: ServiceError, to call: DBusMessage) {
        do {
            try bus.replyError(to: call, name: error.name, message: error.message)
        } catch {
            log.error("cannot send an error reply to \(call.member?.rawValue ?? "a call"): \(error)")
        }
    }

    /// Broadcasts the signal `member` of `interface` from `path`: no destination, so any
    /// subscriber receives it.
    func emitSignal(_ member: MemberName, of interface: InterfaceName, on path: ObjectPath, _ values: [DBusValue]) {
        do {
            bus.send(try signals.signal(member, of: interface, on: path, values))
        } catch {
            log.error("cannot emit \(member) on \(path): \(error)")
        }
    }
}
