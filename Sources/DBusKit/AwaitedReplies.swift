/// The method calls a connection has sent and still waits to hear about, by serial, with whom
/// their answer is believed from.
///
/// libdbus (and GDBus) match a reply to its call by the reply serial alone, and the bus lets
/// any connection send a method return nobody asked for: another user's program could answer
/// our GetConnectionCredentials with uid 0, or our ShowPicker with a range nobody chose. So
/// DBusKit matches replies itself, and a reply counts only when it comes from the connection
/// the call went to (`believes(_:from:)`).
struct AwaitedReplies {
    /// One call waiting: who may answer it, who hears the answer, and its time limit's timer.
    struct Call {
        let answerer: BusName
        let completion: (DBusMessage) -> Void
        /// Milliseconds from sending to a NoReply of our own; nil for no limit.
        let timeoutMilliseconds: Int?
        var timer: (any ConnectionTimer)?
    }

    /// What a reply that arrived is.
    enum Verdict {
        /// The answer to a call we wait for, from whom it was asked: the call is done.
        case answer(Call)
        /// Carries the serial of a call we wait for, from someone else: dropped, the call waits on.
        case forged
        /// Answers no call we wait for (the bus's answer to an AddMatch sent without waiting, a
        /// call given up, or noise): dropped.
        case unawaited
    }

    private var calls: [UInt32: Call] = [:]

    var isEmpty: Bool { calls.isEmpty }

    /// Whether the call numbered `serial` still waits.
    func isWaiting(_ serial: UInt32) -> Bool { calls[serial] != nil }

    /// Notes the call numbered `serial`, to be answered by `answerer`.
    mutating func expect(_ serial: UInt32, _ call: Call) {
        calls[serial] = call
    }

    /// Sets the time-limit timer of the call numbered `serial`.
    mutating func setTimer(_ timer: any ConnectionTimer, for serial: UInt32) {
        calls[serial]?.timer = timer
    }

    /// The serials of waiting calls with a time limit but no timer yet (sent before the
    /// connection had a loop), and their limits.
    var untimed: [(serial: UInt32, milliseconds: Int)] {
        calls.compactMap { serial, call in
            guard call.timer == nil, let milliseconds = call.timeoutMilliseconds else { return nil }
            return (serial, milliseconds)
        }
    }

    /// Judges `reply` (a method return or an error), and takes its call off the list when it is the answer.
    mutating func judge(_ reply: DBusMessage) -> Verdict {
        let serial = reply.replySerial
        guard let call = calls[serial] else { return .unawaited }
        guard Self.believes(reply, from: call.answerer) else { return .forged }
        calls[serial] = nil
        call.timer?.cancel()
        return .answer(call)
    }

    /// Takes the call numbered `serial` off the list (given up, or timed out), its timer cancelled.
    @discardableResult
    mutating func remove(_ serial: UInt32) -> Call? {
        let call = calls.removeValue(forKey: serial)
        call?.timer?.cancel()
        return call
    }

    /// Takes every call off the list, oldest first (the connection closed).
    mutating func removeAll() -> [(serial: UInt32, call: Call)] {
        let all = calls.sorted { $0.key < $1.key }.map { (serial: $0.key, call: $0.value) }
        calls.removeAll()
        all.forEach { $0.call.timer?.cancel() }
        return all
    }

    /// Whether `reply` may be the answer of a call that went to `answerer`: it comes from that
    /// connection, or it is an error from the bus, which answers for a destination that is not
    /// there, left without answering, or may not be sent to. Nobody but the bus can send as
    /// `org.freedesktop.DBus`: the bus stamps every message's sender itself.
    static func believes(_ reply: DBusMessage, from answerer: BusName) -> Bool {
        guard let sender = reply.sender else { return false }
        return sender == answerer || (reply.kind == .error && sender == .messageBus)
    }

    /// Who a call's answer is believed from, by its destination: the unique name or the bus it
    /// went to. Nil for a well-known name, whose owner can change while the call waits: such a
    /// call is sent to the owner's unique name instead (`DBusConnection.call`).
    static func answerer(of call: DBusMessage) -> BusName? {
        guard let destination = call.destination, destination.isUnique || destination == .messageBus else { return nil }
        return destination
    }
}
