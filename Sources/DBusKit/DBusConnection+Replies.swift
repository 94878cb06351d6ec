internal import CDBus
internal import Glibc

/// How a connection hears the answers to its calls: each reply judged against the calls
/// waiting (`AwaitedReplies`), time limits kept by the connection's loop, and the blocking call
/// of start-up and of programs without a loop, which reads the bus itself.
extension DBusConnection {
    /// libdbus's time limit for a call given -1, "the default".
    static let defaultTimeoutMilliseconds = 25_000

    /// The time limit of `timeoutMilliseconds` as a call takes it: -1 for the default, the
    /// infinite timeout for none (nil).
    static func limit(ofTimeout timeoutMilliseconds: Int32) -> Int? {
        if timeoutMilliseconds == infiniteTimeout { return nil }
        return timeoutMilliseconds < 0 ? defaultTimeoutMilliseconds : Int(timeoutMilliseconds)
    }

    /// Hands `reply` to the call it answers, when it comes from whom that call asked; drops it
    /// otherwise, telling `forgedReplyObserver` when it carried a waiting call's serial.
    func take(reply: DBusMessage) {
        switch awaited.judge(reply) {
        case .answer(let call):
            call.completion(reply)
        case .forged:
            forgedReplyObserver?(reply)
        case .unawaited:
            break
        }
    }

    /// Ends every waiting call with Disconnected: the connection closed, no answer can come.
    func failAwaitedCalls() {
        for (serial, call) in awaited.removeAll() {
            call.completion(Self.localError(.disconnected, "the connection to the bus closed before the answer came", answering: serial))
        }
    }

    /// Starts the time limit of the call numbered `serial` on the connection's loop; a call sent
    /// before the connection had a loop gets it when it is attached (`armUntimedCalls`).
    func armTimer(for serial: UInt32, milliseconds: Int) {
        guard let driver = loopBinding?.driver else { return }
        let timer = driver.scheduleTimer(afterMilliseconds: milliseconds) { [weak self] in self?.expire(serial) }
        awaited.setTimer(timer, for: serial)
    }

    /// Starts the time limits of the calls sent before the connection had a loop.
    func armUntimedCalls() {
        for (serial, milliseconds) in awaited.untimed { armTimer(for: serial, milliseconds: milliseconds) }
    }

    /// Ends the call numbered `serial` with NoReply: its time limit passed.
    private func expire(_ serial: UInt32) {
        guard let call = awaited.remove(serial) else { return }
        call.completion(Self.localError(.noReply, "no answer came within the call's time limit", answering: serial))
    }

    /// An error made here, as the answer to the call numbered `serial`, from nobody (its sender
    /// is nil, as libdbus's own errors are).
    ///
    /// The corresponding C functions are `dbus_message_new`, `dbus_message_set_error_name` and
    /// `dbus_message_set_reply_serial`.
    static func localError(_ name: ErrorName, _ text: String, answering serial: UInt32) -> DBusMessage {
        // Only allocation can fail here; libdbus aborts the process then anyway.
        let message = DBusMessage(adopting: dbus_message_new(CDBUS_MESSAGE_TYPE_ERROR)!)
        dbus_message_set_error_name(message.raw, name.rawValue)
        dbus_message_set_reply_serial(message.raw, serial)
        try? message.append(.string(text))
        return message
    }

    /// Tells `say` of the first reply dropped because it came from another connection than the
    /// one asked; the rest are dropped without a word (a flood must not fill the log).
    public func reportFirstForgedReply(_ say: @escaping (String) -> Void) {
        var said = false
        forgedReplyObserver = { reply in
            guard !said else { return }
            said = true
            say("dropped an answer from \(reply.sender?.rawValue ?? "nobody") to a call it was not asked (a forgery, or a peer's mistake); any more are dropped without a word")
        }
    }

    // MARK: Blocking calls

    /// Sends a method call and blocks until its reply; an error reply is thrown. Messages that
    /// come meanwhile wait in `deferred` for the handler or `nextMessage`.
    ///
    /// The reply is believed only from the connection asked (`AwaitedReplies.believes`). A call
    /// to a well-known name goes to that name (so that it can start the service), and its
    /// reply is believed from the name's owner: the one seen before, else the one the bus
    /// names when asked after the reply came.
    /// For start-up, and programs without an event loop: an event loop must never call this.
    public func call(_ message: DBusMessage, timeoutMilliseconds: Int32 = -1) throws(DBusFailure) -> DBusMessage {
        guard isConnected else { throw DBusFailure(name: .disconnected, message: "the connection is closed") }
        let destination = message.destination
        var serial: UInt32 = 0
        guard dbus_connection_send(raw, message.raw, &serial) != 0 else { throw .noMemory }
        let deadline = Self.limit(ofTimeout: timeoutMilliseconds).map { monotonicMilliseconds() + $0 }
        let answerer = AwaitedReplies.answerer(of: message)
        while true {
            let reply = try nextReply(to: serial, until: deadline)
            if believes(reply, from: answerer, calledAs: destination) { return try Self.values(of: reply) }
            forgedReplyObserver?(reply)
        }
    }

    /// Whether a blocking call's `reply` comes from whom it asked: `answerer`, or for a call to
    /// the well-known name `destination`, an error of the bus or the name's owner, as the bus
    /// names it (once per owner: unique names are never reused).
    private func believes(_ reply: DBusMessage, from answerer: BusName?, calledAs destination: BusName?) -> Bool {
        if let answerer { return AwaitedReplies.believes(reply, from: answerer) }
        guard let destination, let sender = reply.sender else { return false }
        if (reply.kind == .error && sender == .messageBus) || knownOwners[destination] == sender { return true }
        guard (try? nameOwner(of: destination)) == sender else { return false }
        knownOwners[destination] = sender
        return true
    }

    /// The reply `reply` as a call returns it: itself, or thrown when it is an error.
    private static func values(of reply: DBusMessage) throws(DBusFailure) -> DBusMessage {
        guard reply.kind == .error else { return reply }
        let name = reply.errorName ?? .failed
        throw DBusFailure(name: name, message: reply.errorMessage(maximumBytes: 64 * 1024) ?? "", sender: reply.sender)
    }

    /// The next message that carries `serial` as its reply serial, read from what was deferred
    /// and then from the bus until `deadline` (milliseconds of the monotonic clock; nil for
    /// none); everything else read is deferred.
    private func nextReply(to serial: UInt32, until deadline: Int?) throws(DBusFailure) -> DBusMessage {
        if let index = deferred.firstIndex(where: { Self.isReply($0, to: serial) }) { return deferred.remove(at: index) }
        while true {
            while let raw = dbus_connection_pop_message(raw) {
                let message = DBusMessage(adopting: raw)
                if Self.isReply(message, to: serial) { return message }
                deferred.append(message)
                loopBinding?.scheduleDispatch()
            }
            guard isConnected else {
                throw DBusFailure(name: .disconnected, message: "the connection to the bus closed before the answer came")
            }
            let left = deadline.map { $0 - monotonicMilliseconds() }
            if let left, left <= 0 {
                throw DBusFailure(name: .noReply, message: "no answer came within the call's time limit")
            }
            _ = dbus_connection_read_write(raw, left.map { Int32(clamping: $0) } ?? -1)
        }
    }

    /// Whether `message` is a method return or error carrying `serial` as its reply serial.
    private static func isReply(_ message: DBusMessage, to serial: UInt32) -> Bool {
        (message.kind == .methodReturn || message.kind == .error) && message.replySerial == serial
    }

    /// Hands the deferred messages to the handler, as dispatching would have: replies judged,
    /// signals observed, method calls nobody answers refused with UnknownMethod.
    func deliverDeferred() {
        while !deferred.isEmpty {
            let message = deferred.removeFirst()
            guard !handle(message), message.kind == .methodCall, message.expectsReply else { continue }
            let text = "no method \(message.member?.rawValue ?? "") of \(message.interface?.rawValue ?? "no interface") here"
            if let error = try? message.makeError(name: .unknownMethod, message: text) { send(error) }
        }
    }
}

/// The monotonic clock, in milliseconds.
private func monotonicMilliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
}

/// A call sent with `DBusConnection.call(_:timeoutMilliseconds:completion:)` whose answer may
/// still come: `cancel` gives it up, so that a call whose answer no longer matters (a dialog's
/// ShowPicker once the session ended) holds no memory, whatever its peer does.
final class AwaitedCall: OutstandingCall {
    private weak var connection: DBusConnection?
    private let serial: UInt32
    private var cancelled = false

    init(connection: DBusConnection, serial: UInt32) {
        self.connection = connection
        self.serial = serial
    }

    /// Whether the answer (or the error for its failure) has been handed to the completion.
    var isCompleted: Bool { !cancelled && connection?.awaited.isWaiting(serial) != true }

    /// Gives the call up: its completion never runs and is let go now; an answer that comes
    /// later is dropped. Does nothing once the call completed.
    func cancel() {
        guard !cancelled, let connection, connection.awaited.isWaiting(serial) else { return }
        cancelled = true
        connection.awaited.remove(serial)
    }
}
