internal import CDBus

/// A private connection to a message bus. Owns the libdbus connection and closes it on deinit.
///
/// Not thread-safe by design: one owner (an event loop, or a test's thread) drives it.
public final class DBusConnection {
    let raw: OpaquePointer
    private var messageHandler: ((DBusMessage) -> Bool)?
    /// Those who want to see every signal (besides the message handler), in the order added.
    private var signalObservers: [(DBusMessage) -> Void] = []
    var loopBinding: ConnectionLoopBinding?
    /// The calls sent that wait for their answer, and whom it is believed from.
    var awaited = AwaitedReplies()
    /// Messages read while a blocking call waited for its answer, for the handler (or
    /// `nextMessage`) afterwards, in the order they came.
    var deferred: [DBusMessage] = []
    /// Told of each reply dropped because it came from another connection than the one asked
    /// (a forgery, or a peer's mistake): the daemon and the backend log the first.
    public var forgedReplyObserver: ((DBusMessage) -> Void)?
    /// The owners of well-known names whose replies blocking calls have believed.
    var knownOwners: [BusName: BusName] = [:]

    /// This connection's unique name on the bus, like `:1.42`.
    public let uniqueName: BusName

    /// Adopts a connection registered with its bus; closes it and throws when the bus gave it
    /// no unique name.
    private init(registered raw: OpaquePointer) throws(DBusFailure) {
        guard let name = dbus_bus_get_unique_name(raw).flatMap({ BusName(String(cString: $0)) }) else {
            dbus_connection_close(raw)
            dbus_connection_unref(raw)
            throw DBusFailure(name: .failed, message: "the bus gave the connection no unique name")
        }
        self.raw = raw
        uniqueName = name
        // A bus that goes away must not exit the process: the owner decides what to do.
        dbus_connection_set_exit_on_disconnect(raw, 0)
    }

    /// Connects to the session bus named by DBUS_SESSION_BUS_ADDRESS.
    ///
    /// The corresponding C function is `dbus_bus_get_private`, which also registers: libdbus
    /// believes Hello's answer by its serial alone, which is safe there, as the bus sends it
    /// before any other connection can know this one's name.
    public static func sessionBus() throws(DBusFailure) -> DBusConnection {
        let raw = try DBusFailure.check { error in dbus_bus_get_private(DBUS_BUS_SESSION, error) }
        guard let raw else { throw .noMemory }
        return try DBusConnection(registered: raw)
    }

    /// Connects to the bus at `address` and registers with it.
    ///
    /// The corresponding C functions are `dbus_connection_open_private` and `dbus_bus_register`.
    public static func connect(address: String) throws(DBusFailure) -> DBusConnection {
        let raw = try DBusFailure.check { error in dbus_connection_open_private(address, error) }
        guard let raw else { throw .noMemory }
        do {
            _ = try DBusFailure.check { error in dbus_bus_register(raw, error) }
        } catch {
            dbus_connection_close(raw)
            dbus_connection_unref(raw)
            throw error
        }
        return try DBusConnection(registered: raw)
    }

    deinit {
        loopBinding?.detach()
        _ = awaited.removeAll()
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    /// Whether the connection is still open.
    public var isConnected: Bool { dbus_connection_get_is_connected(raw) != 0 }

    /// Whether descriptors can travel on this connection.
    public var canPassUnixFDs: Bool { dbus_connection_can_send_type(raw, CDBUS_TYPE_UNIX_FD) != 0 }

    /// Queues `message` for sending; the event loop (or `flush`) writes it out.
    ///
    /// The corresponding C function is `dbus_connection_send`.
    @discardableResult
    public func send(_ message: DBusMessage) -> Bool {
        dbus_connection_send(raw, message.raw, nil) != 0
    }

    /// libdbus's DBUS_TIMEOUT_INFINITE, for a call whose answer may take as long as a person takes.
    public static let infiniteTimeout: Int32 = CDBUS_TIMEOUT_INFINITE

    /// Writes out everything queued, blocking until it is written.
    public func flush() {
        dbus_connection_flush(raw)
    }

    /// Sends a method call and hands its reply (or the error for its failure: the time limit
    /// passed, the connection closed) to `completion` while the connection dispatches. The
    /// returned call can be given up (`cancel`); dropping it does not give it up.
    ///
    /// The reply is believed only from the connection the call went to (`AwaitedReplies`), so
    /// the call must go to a unique name or the bus: ask the bus who owns a well-known name
    /// first. libdbus's pending calls, which match a reply by its serial alone, are not used.
    /// The corresponding C function is `dbus_connection_send`.
    @discardableResult
    public func call(
        _ message: DBusMessage, timeoutMilliseconds: Int32, completion: @escaping (DBusMessage) -> Void
    ) throws(DBusFailure) -> any OutstandingCall {
        guard let answerer = AwaitedReplies.answerer(of: message) else {
            throw DBusFailure(
                name: .invalidArgs,
                message: "a call that waits for its answer goes to a unique name or the bus, not to \(message.destination?.rawValue ?? "no destination"): "
                    + "another connection could answer in the owner's place")
        }
        guard isConnected else { throw DBusFailure(name: .disconnected, message: "the connection is closed") }
        installFilter()
        var serial: UInt32 = 0
        guard dbus_connection_send(raw, message.raw, &serial) != 0 else { throw .noMemory }
        let limit = Self.limit(ofTimeout: timeoutMilliseconds)
        awaited.expect(serial, AwaitedReplies.Call(answerer: answerer, completion: completion, timeoutMilliseconds: limit))
        if let limit { armTimer(for: serial, milliseconds: limit) }
        return AwaitedCall(connection: self, serial: serial)
    }

    /// Asks the bus to route messages matching `rule` here, without waiting for its answer.
    ///
    /// The corresponding C function is `dbus_bus_add_match` with a NULL error, which does not block.
    public func addMatch(_ rule: String) {
        dbus_bus_add_match(raw, rule.cStringSafe, nil)
    }

    /// Withdraws a rule added with `addMatch`, without waiting.
    public func removeMatch(_ rule: String) {
        dbus_bus_remove_match(raw, rule.cStringSafe, nil)
    }

    /// Asks for a well-known name, blocking for the answer (start-up only).
    ///
    /// The corresponding bus method is `org.freedesktop.DBus.RequestName` (libdbus's
    /// `dbus_bus_request_name` would believe anyone's answer).
    public func requestName(_ name: BusName, flags: NameRequestFlags) throws(DBusFailure) -> NameRequestReply {
        let query = try DBusMessage.methodCall(destination: .messageBus, path: .messageBus, interface: .messageBus, member: .requestName)
        try query.append(contentsOf: [.string(name.rawValue), .uint32(flags.rawValue)])
        guard case .uint32(let code)? = try call(query).arguments().first else {
            throw DBusFailure(name: .failed, message: "the bus answered RequestName with no code")
        }
        guard let reply = NameRequestReply(rawValue: Int32(bitPattern: code)) else {
            throw DBusFailure(name: .failed, message: "the bus answered RequestName with the unknown code \(code)")
        }
        return reply
    }

    /// The unique name that owns `name` now, blocking for the answer (start-up, and programs without an event loop).
    ///
    /// The corresponding bus method is `org.freedesktop.DBus.GetNameOwner`.
    public func nameOwner(of name: BusName) throws(DBusFailure) -> BusName {
        let query = try DBusMessage.methodCall(
            destination: .messageBus, path: .messageBus, interface: .messageBus, member: .getNameOwner)
        try query.append(.string(name.rawValue))
        guard case .string(let text)? = try call(query).arguments().first, let owner = BusName(text) else {
            throw DBusFailure(name: .failed, message: "GetNameOwner gave no name")
        }
        return owner
    }

    /// Whether `name` has an owner now, blocking for the answer (start-up, and programs without an event loop).
    ///
    /// The corresponding bus method is `org.freedesktop.DBus.NameHasOwner`.
    public func nameHasOwner(_ name: BusName) throws(DBusFailure) -> Bool {
        let query = try DBusMessage.methodCall(destination: .messageBus, path: .messageBus, interface: .messageBus, member: .nameHasOwner)
        try query.append(.string(name.rawValue))
        guard case .boolean(let owned)? = try call(query).arguments().first else {
            throw DBusFailure(name: .failed, message: "NameHasOwner gave no answer")
        }
        return owned
    }

    /// The names the bus can start on demand (D-Bus activation), blocking for the answer
    /// (start-up, and programs without an event loop).
    ///
    /// The corresponding bus method is `org.freedesktop.DBus.ListActivatableNames`.
    public func activatableNames() throws(DBusFailure) -> [BusName] {
        let query = try DBusMessage.methodCall(
            destination: .messageBus, path: .messageBus, interface: .messageBus, member: .listActivatableNames)
        guard case .array(_, let names)? = try call(query).arguments().first else {
            throw DBusFailure(name: .failed, message: "ListActivatableNames gave no list")
        }
        return names.compactMap { if case .string(let name) = $0 { BusName(name) } else { nil } }
    }

    /// Routes every incoming message through `handler`; it returns true for a message it has
    /// answered. Method calls it declines get libdbus's UnknownMethod error.
    ///
    /// The corresponding C function is `dbus_connection_add_filter`. Peer's Ping and
    /// GetMachineId are answered by libdbus before any filter.
    public func setMessageHandler(_ handler: @escaping (DBusMessage) -> Bool) {
        installFilter()
        messageHandler = handler
    }

    /// Shows `observer` every signal that arrives, before the message handler sees it; for a
    /// part of a program that talks to a peer of its own on the same connection (the daemon's
    /// notification front end and the notification server's signals).
    public func addSignalObserver(_ observer: @escaping (DBusMessage) -> Void) {
        installFilter()
        signalObservers.append(observer)
    }

    /// The corresponding C function is `dbus_connection_add_filter`; added once, by the first
    /// handler, observer or call that waits for its answer.
    private var filterInstalled = false
    func installFilter() {
        guard !filterInstalled else { return }
        filterInstalled = true
        let context = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_add_filter(raw, filterMessage, context, nil)
    }

    /// Judges a reply against the calls waiting (no handler sees one); shows a signal to the
    /// observers; then anything else to the message handler. True when `message` needs nothing more.
    func handle(_ message: DBusMessage) -> Bool {
        switch message.kind {
        case .methodReturn, .error:
            take(reply: message)
            return true
        case .signal:
            if message.isSignal(interface: .local, member: .disconnected) { failAwaitedCalls() }
            for observer in signalObservers { observer(message) }
        default:
            break
        }
        return messageHandler?(message) ?? false
    }

    /// Lets the event loop (or another driver) drive this connection: its descriptors, timeouts
    /// and dispatching.
    public func attach(to loop: any ConnectionDriver) {
        guard loopBinding == nil else { return }
        loopBinding = ConnectionLoopBinding(connection: self, loop: loop)
        armUntimedCalls()
    }

    /// For programs without an event loop: reads and writes for up to `timeoutMilliseconds`, then returns
    /// the next received message, if any. The corresponding C functions are
    /// `dbus_connection_read_write` and `dbus_connection_pop_message`.
    public func nextMessage(timeoutMilliseconds: Int32) -> DBusMessage? {
        if !deferred.isEmpty { return deferred.removeFirst() }
        if let message = dbus_connection_pop_message(raw) { return DBusMessage(adopting: message) }
        guard dbus_connection_read_write(raw, timeoutMilliseconds) != 0 else { return nil }
        return dbus_connection_pop_message(raw).map { DBusMessage(adopting: $0) }
    }
}

/// Flags for `requestName`.
public struct NameRequestFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let allowReplacement = NameRequestFlags(rawValue: UInt32(DBUS_NAME_FLAG_ALLOW_REPLACEMENT))
    public static let replaceExisting = NameRequestFlags(rawValue: UInt32(DBUS_NAME_FLAG_REPLACE_EXISTING))
    public static let doNotQueue = NameRequestFlags(rawValue: UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE))
}

/// The bus's answer to `requestName`.
public enum NameRequestReply: Int32, Sendable {
    case primaryOwner = 1, inQueue = 2, exists = 3, alreadyOwner = 4
}

private func filterMessage(
    _ connection: OpaquePointer?, _ message: OpaquePointer?, _ context: UnsafeMutableRawPointer?
) -> DBusHandlerResult {
    guard let message, let context else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
    let owner = Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue()
    return owner.handle(DBusMessage(borrowing: message)) ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
}
