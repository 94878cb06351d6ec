internal import TimePickerContract
public import DBusKit
public import EventLoop
public import TimePickerCore

/// The time picker service: its sessions, its D-Bus objects, and the front ends that show them.
///
/// Everything runs on the event loop's thread; no method here waits for the bus or a person.
/// The methods of each D-Bus interface live in extensions named after it.
public final class TimePickerService {
    let connection: DBusConnection
    let loop: EventLoop
    let userInterfaces: UserInterfaces
    let clientTerminals: ClientTerminals
    let log: Logger
    /// The clock of a session whose caller did not choose one, asked for each new session (the
    /// desktop's setting may change while the daemon runs), told whether the caller's locale
    /// (when it sent one) prefers a 12-hour clock.
    let defaultClock: (_ callerPrefersTwelveHour: Bool?) -> ClockStyle
    let introspection = IntrospectionDocument.embedded
    var sessions = SessionRegistry()
    /// Who is behind callers' connections, as the bus vouches.
    let credentials: CredentialsLookup
    /// Callers some sessions wait on leaving the bus.
    let callerWatch: CallerWatch

    /// Set once `shutdown` began: a session asked for after that ends at once with
    /// Cancelled("shutdown"), as the open ones did (the loop keeps turning, and answering
    /// calls, while front ends give back what they borrowed).
    private(set) var isShuttingDown = false

    /// Called when the connection to the bus is gone.
    public var onDisconnected: (() -> Void)?

    /// A service whose sessions `userInterfaces` show, except those on callers' terminals,
    /// whose front ends `callerTerminals` makes.
    public init(
        connection: DBusConnection, loop: EventLoop, userInterfaces: UserInterfaces,
        callerTerminals: @escaping CallerTerminalFrontEndFactory, log: Logger, defaultClock: @escaping (_ callerPrefersTwelveHour: Bool?) -> ClockStyle
    ) {
        self.connection = connection
        self.loop = loop
        self.userInterfaces = userInterfaces
        clientTerminals = ClientTerminals(makeFrontEnd: callerTerminals)
        credentials = CredentialsLookup(connection: connection, log: log)
        callerWatch = CallerWatch(connection: connection, log: log)
        self.log = log
        self.defaultClock = defaultClock
    }

    /// Starts answering messages. Call before requesting the bus name, so no call is missed.
    public func start() {
        for frontEnd in userInterfaces.all { frontEnd.delegate = self }
        clientTerminals.delegate = self
        callerWatch.onCallerLeft = { [unowned self] id in self.callerLeft(id) }
        connection.setMessageHandler { [unowned self] message in self.handle(message) }
    }

    /// A session's object path, for a front end that names its sessions by it (the dialog
    /// backend interface does); nil once the session has ended.
    public func path(of session: PickerSessionID) -> ObjectPath? {
        sessions[session]?.path
    }

    /// Ends every session with `Cancelled("shutdown")`, answers every pending call and writes
    /// it all out; `done` runs once every front end has given back what it borrowed. Nothing
    /// here waits: the event loop keeps turning until then.
    public func shutdown(then done: @escaping () -> Void) {
        isShuttingDown = true
        // Front ends first: ending a shown session must not bring the next one on screen.
        let frontEnds = userInterfaces.all + clientTerminals.frontEnds
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
        connection.flush()
    }

    /// Ends the session of a caller that left: nobody is left waiting for it.
    private func callerLeft(_ id: PickerSessionID) {
        guard let session = sessions[id] else { return }
        // Nobody is left to answer.
        session.pendingCall = nil
        log.log(.info, "\(session.owner) left the bus while waiting for \(session.path)")
        end(session, with: .cancelled(.caller))
    }

    // MARK: Routing

    /// What a method handler gives back: a reply now, an error now, or a reply sent later.
    enum MethodResult {
        case reply([DBusValue])
        case later
    }

    private func handle(_ message: DBusMessage) -> Bool {
        switch message.kind {
        case .methodCall:
            log.log(.debug, "call \(message.interface?.rawValue ?? "")\(message.interface == nil ? "" : ".")\(message.member?.rawValue ?? "") on \(message.path?.rawValue ?? "") from \(message.sender?.rawValue ?? "?")")
            let result: MethodResult
            do {
                result = try route(message)
            } catch {
                log.log(.debug, "answering \(message.member?.rawValue ?? "a call") from \(message.sender?.rawValue ?? "?") with \(error.name): \(error.message)")
                sendError(error, to: message)
                return true
            }
            if case .reply(let values) = result { sendReply(values, to: message) }
            return true
        case .signal:
            handleBusSignal(message)
            return false
        default:
            return false
        }
    }

    /// A method the service answers, resolved from the call's header alone.
    private enum Method {
        case introspect, properties(String), showTimePicker, pickTimeRange, cancel(PickerSession)

        /// The argument signature the method takes.
        var signature: String {
            switch self {
            case .introspect, .cancel: ""
            case .properties("Get"): "ss"
            case .properties("Set"): "ssv"
            case .properties: "s"
            case .showTimePicker, .pickTimeRange: "a{sv}"
            }
        }
    }

    /// The most values one call's body may hold: the largest valid call has a dozen options,
    /// and a peer must not make the daemon build a million-entry tree to find that out.
    package static let maximumArgumentValues = 256
    /// How many bytes of strings one call may carry in all: a title is at most 2,000 code
    /// points (8,000 bytes), and the rest of a valid call is small. A session bus lets messages
    /// of up to 1 GB through; a larger one is refused before any Unicode work is done on it,
    /// while one below this still gets an error that names the option at fault.
    package static let maximumStringBytes = 1 << 20

    private func route(_ call: DBusMessage) throws(ServiceError) -> MethodResult {
        guard let path = call.path, let member = call.member?.rawValue else {
            throw .unknownMethod("method call without a path or member")
        }
        let method = try resolve(call, path: path, member: member)
        // The header's signature is checked before the body is read: a wrong call costs nothing.
        guard call.signature == method.signature else {
            throw .invalidArgs("\(member) takes arguments of type '\(method.signature)', got \(quotedForMessage(call.signature))")
        }
        let arguments: [DBusValue]
        do {
            arguments = try call.arguments(maximumValues: Self.maximumArgumentValues, maximumStringBytes: Self.maximumStringBytes)
        } catch {
            throw .invalidArgs("cannot read the arguments: \(error.message)")
        }
        // No method of ours keeps a descriptor; received ones are fresh copies we must close.
        defer { closeDescriptors(in: arguments) }

        switch method {
        case .introspect: return .reply([.string(try introspect(path))])
        case .properties(let member): return .reply(try handleProperties(member: member, path: path, arguments: arguments))
        case .showTimePicker: return try showTimePicker(call, arguments: arguments)
        case .pickTimeRange: return try pickTimeRange(call, arguments: arguments)
        case .cancel(let session): return try cancel(session, call: call)
        }
    }

    /// Which of the service's methods `call` is, or the error for a path or method that does not exist.
    private func resolve(_ call: DBusMessage, path: ObjectPath, member: String) throws(ServiceError) -> Method {
        switch call.interface {
        case InterfaceName.introspectable?:
            if member == "Introspect" { return .introspect }
        case InterfaceName.properties?:
            if ["Get", "GetAll", "Set"].contains(member) { return .properties(member) }
        case nil, TimePickerBus.managerInterface?, TimePickerBus.sessionInterface?:
            if path == TimePickerBus.managerPath, call.interface != TimePickerBus.sessionInterface {
                if member == TimePickerBus.Member.showTimePicker.rawValue { return .showTimePicker }
                if member == TimePickerBus.Member.pickTimeRange.rawValue { return .pickTimeRange }
            }
            if let session = sessions[path], call.interface != TimePickerBus.managerInterface, member == TimePickerBus.Member.cancel.rawValue {
                return .cancel(session)
            }
        default:
            break
        }
        throw exists(path) ? unknownMethod(call) : .unknownObject("no object at path '\(path)'")
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

    private func introspect(_ path: ObjectPath) throws(ServiceError) -> String {
        guard exists(path) else { throw .unknownObject("no object at path '\(path)'") }
        var interfaces: [InterfaceName] = []
        if path == TimePickerBus.managerPath { interfaces = [TimePickerBus.managerInterface] }
        if sessions[path] != nil { interfaces = [TimePickerBus.sessionInterface] }
        let children = IntrospectionXML.children(of: path, among: sessions.exportedPaths)
        return introspection.document(interfaces: interfaces, children: children)
    }

    /// The bus's own signals: a caller's name losing its owner, the bus gone. (The service's
    /// own name is never taken over: NameClaim does not allow replacement.)
    private func handleBusSignal(_ signal: DBusMessage) {
        if signal.isSignal(interface: .local, member: "Disconnected") {
            onDisconnected?()
            return
        }
        callerWatch.handle(signal)
    }

    // MARK: Sending

    /// Answers `call` with `values`, unless the caller asked for no reply.
    func sendReply(_ values: [DBusValue], to call: DBusMessage) {
        guard call.expectsReply else { return }
        do {
            let reply = try call.makeReturn()
            try reply.append(contentsOf: values)
            connection.send(reply)
        } catch {
            log.log(.error, "cannot reply to \(call.member?.rawValue ?? "a call"): \(error)")
        }
    }

    /// Answers `call` with `error`, unless the caller asked for no reply.
    func sendError(_ error: ServiceError, to call: DBusMessage) {
        guard call.expectsReply else { return }
        do {
            connection.send(try call.makeError(name: error.name, message: error.message))
        } catch {
            log.log(.error, "cannot send an error reply to \(call.member?.rawValue ?? "a call"): \(error)")
        }
    }

    /// Broadcasts a signal from `path`: no destination, so any subscriber receives it.
    func emitSignal(_ member: String, on path: ObjectPath, interface: InterfaceName, _ values: [DBusValue]) {
        do {
            let signal = try DBusMessage.signal(path: path, interface: interface, member: member)
            try signal.append(contentsOf: values)
            connection.send(signal)
        } catch {
            log.log(.error, "cannot emit \(member) on \(path): \(error)")
        }
    }

    private func closeDescriptors(in arguments: [DBusValue]) {
        for descriptor in arguments.flatMap(\.unixFDs) { closeDescriptor(descriptor) }
    }
}
