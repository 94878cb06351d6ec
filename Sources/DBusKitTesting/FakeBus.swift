public import DBusKit
public import EventLoop

/// A message bus in one process, for unit tests of what talks over a `MessageBus`: the service
/// and the front ends, without a `dbus-daemon`.
///
/// The part under test is the connection `uniqueName`; everyone else on the bus is played by
/// the test. Messages are real libdbus messages, so what the code under test builds and reads
/// is what it would send and read on a real bus. Like a real connection, the fake never calls
/// back from inside the call that caused it: replies, incoming calls and signals arrive on a
/// later turn of `loop`.
///
/// - Calls the code makes are answered by the peer that owns their destination (`connect`,
///   `own`), or by the bus itself (`org.freedesktop.DBus`: owners, credentials,
///   matches); a call to nobody fails with ServiceUnknown, a call its peer never answers with
///   NoReply once its timeout passes, and one to a peer that leaves with NoReply from the bus.
/// - Calls to the code (`deliverCall`) and signals (`deliverSignal`) come with the sender the
///   bus would stamp; whatever the code sends is kept in `sent` and can be looked up.
public final class FakeBus: MessageBus {
    public let uniqueName: BusName
    private let loop: EventLoop
    private var messageHandler: ((DBusMessage) -> Bool)?
    private var signalObservers: [(DBusMessage) -> Void] = []
    private var peers: [BusName: FakePeer] = [:]
    /// Well-known names and the unique name of the peer owning each.
    private var owners: [BusName: BusName] = [:]
    /// Calls the code made that wait for an answer, by serial.
    private var outstanding: [UInt32: FakeOutstandingCall] = [:]
    private var nextSerial: UInt32 = 1
    private var nextPeerNumber = 1000

    /// Everything the code under test sent, in order: replies, errors, signals and calls.
    public private(set) var sent: [DBusMessage] = []
    /// The match rules the code asked for and has not withdrawn (one entry per request).
    public private(set) var matchRules: [String] = []
    /// The users and process ids the bus vouches for, by unique name; a connected name that is
    /// not listed runs as this process's user, with no process id.
    public var credentials: [BusName: (user: UInt32, processID: UInt32?)] = [:]
    /// The user a peer runs as unless `credentials` says otherwise.
    public var defaultUser: UInt32

    /// A bus on which the code under test is `uniqueName`, driven by `loop`.
    public init(uniqueName: BusName = ":1.1", loop: EventLoop, defaultUser: UInt32) {
        self.uniqueName = uniqueName
        self.loop = loop
        self.defaultUser = defaultUser
    }

    // MARK: MessageBus

    @discardableResult
    public func send(_ message: DBusMessage) -> Bool {
        stamp(message)
        sent.append(message)
        return true
    }

    @discardableResult
    public func call(
        _ message: DBusMessage, timeoutMilliseconds: Int32, completion: @escaping (DBusMessage) -> Void
    ) throws(DBusFailure) -> any OutstandingCall {
        // As the real connection: an answer is believed only from a unique name or the bus.
        if let destination = message.destination, !destination.isUnique, destination != .messageBus {
            throw DBusFailure(name: .invalidArgs, message: "a call that waits for its answer goes to a unique name or the bus, not to \(destination)")
        }
        stamp(message)
        sent.append(message)
        let call = FakeOutstandingCall(message: message, completion: completion)
        let serial = message.serial
        outstanding[serial] = call
        call.onCancel = { [weak self] in self?.outstanding[serial] = nil }
        let destination = message.destination
        loop.runSoon { [weak self] in self?.route(call, to: destination) }
        let milliseconds = timeoutMilliseconds < 0 ? 25_000 : Int(timeoutMilliseconds)
        if timeoutMilliseconds != DBusConnection.infiniteTimeout {
            call.timeout = loop.schedule(afterMilliseconds: milliseconds) { [weak self] in
                self?.fail(call, .noReply, "Did not receive a reply (timeout)", from: nil)
            }
        }
        return call
    }

    public func addMatch(_ rule: String) { matchRules.append(rule) }

    public func removeMatch(_ rule: String) {
        if let index = matchRules.firstIndex(of: rule) { matchRules.remove(at: index) }
    }

    public func setMessageHandler(_ handler: @escaping (DBusMessage) -> Bool) { messageHandler = handler }

    public func addSignalObserver(_ observer: @escaping (DBusMessage) -> Void) { signalObservers.append(observer) }

    public func flush() {}

    // MARK: The other connections

    /// Connects a peer that answers calls with `peer`; returns its unique name.
    @discardableResult
    public func connect(_ peer: FakePeer = FakePeer(), user: UInt32? = nil, processID: UInt32? = nil) -> BusName {
        nextPeerNumber += 1
        let name = BusName(":1.\(nextPeerNumber)") ?? uniqueName
        peers[name] = peer
        credentials[name] = (user ?? defaultUser, processID)
        announceOwner(of: name, from: nil, to: name)
        return name
    }

    /// Gives the well-known `name` to the connected peer `owner` (nil: nobody owns it).
    public func own(_ name: BusName, by owner: BusName?) {
        let previous = owners[name]
        owners[name] = owner
        announceOwner(of: name, from: previous, to: owner)
    }

    /// Disconnects the peer `name`: the names it owned are released, calls to it fail with
    /// NoReply from the bus, and NameOwnerChanged says so.
    public func disconnect(_ name: BusName) {
        guard peers.removeValue(forKey: name) != nil else { return }
        for (wellKnown, owner) in owners where owner == name { own(wellKnown, by: nil) }
        for call in outstanding.values where call.routedTo == name {
            fail(call, .noReply, "Message recipient disconnected from message bus without replying", from: .messageBus)
        }
        announceOwner(of: name, from: name, to: nil)
    }

    /// Whether `name` (unique or well-known) has an owner now.
    public func hasOwner(_ name: BusName) -> Bool { owner(of: name) != nil }

    /// Delivers a method call from `sender` to the code under test, on a later turn of the
    /// loop; returns it, to look up its answer with `answer(to:)`.
    @discardableResult
    public func deliverCall(
        from sender: BusName, path: ObjectPath, interface: InterfaceName?, member: MemberName, _ arguments: [DBusValue] = [],
        expectsReply: Bool = true
    ) throws(DBusFailure) -> DBusMessage {
        let call = try DBusMessage.methodCall(destination: uniqueName, path: path, interface: interface, member: member)
        try call.append(contentsOf: arguments)
        if !expectsReply { call.setNoReplyExpected() }
        deliver(call, from: sender)
        return call
    }

    /// Delivers the signal `member` from `sender` on a later turn of the loop: to the code
    /// under test alone when `unicast`, else as a broadcast.
    public func deliverSignal(
        from sender: BusName, path: ObjectPath, interface: InterfaceName, member: MemberName, _ arguments: [DBusValue] = [],
        unicast: Bool = false
    ) throws(DBusFailure) {
        let signal = try DBusMessage.signal(path: path, interface: interface, member: member)
        try signal.append(contentsOf: arguments)
        if unicast { signal.setDestination(uniqueName) }
        deliver(signal, from: sender)
    }

    /// The reply or error the code sent to `call`, if it has.
    public func answer(to call: DBusMessage) -> DBusMessage? {
        sent.first { ($0.kind == .methodReturn || $0.kind == .error) && $0.replySerial == call.serial }
    }

    /// What the code sent that matches `predicate`, in order.
    public func sent(where predicate: (DBusMessage) -> Bool) -> [DBusMessage] { sent.filter(predicate) }

    /// The signals named `member` the code emitted, in order.
    public func signals(_ member: MemberName) -> [DBusMessage] { sent { $0.kind == .signal && $0.member == member } }

    /// The calls the code made to `member`, in order.
    public func calls(_ member: MemberName) -> [DBusMessage] { sent { $0.kind == .methodCall && $0.member == member } }

    /// Answers a call the code made whose peer said `.later`: with `values`, or with an error.
    public func reply(to call: DBusMessage, from peer: BusName, _ answer: FakeAnswer) {
        guard let outstanding = outstanding[call.serial] else { return }
        complete(outstanding, with: answer, from: peer)
    }

    /// The calls the code made whose answer has not come, oldest first.
    public var unanswered: [DBusMessage] { outstanding.values.sorted { $0.message.serial < $1.message.serial }.map(\.message) }

    // MARK: Routing

    private func stamp(_ message: DBusMessage) {
        message.setSender(uniqueName)
        if message.serial == 0 {
            message.setSerial(nextSerial)
            nextSerial += 1
        }
    }

    private func deliver(_ message: DBusMessage, from sender: BusName) {
        message.setSender(sender)
        message.setSerial(nextSerial)
        nextSerial += 1
        loop.runSoon { [weak self] in self?.receive(message) }
    }

    /// What a real connection does with a message that arrives: signals to the observers,
    /// then everything to the handler; a call nobody answered gets UnknownMethod.
    private func receive(_ message: DBusMessage) {
        if message.kind == .signal { for observer in signalObservers { observer(message) } }
        let handled = messageHandler?(message) ?? false
        if !handled, message.kind == .methodCall, message.expectsReply {
            try? replyError(to: message, name: .unknownMethod, message: "no handler for \(message.member?.rawValue ?? "the call")")
        }
    }

    private func owner(of name: BusName) -> BusName? {
        name.isUnique ? (peers[name] != nil ? name : nil) : owners[name]
    }

    private func route(_ call: FakeOutstandingCall, to destination: BusName?) {
        guard outstanding[call.message.serial] != nil else { return }
        if destination == .messageBus {
            complete(call, with: answerAsBus(call.message), from: .messageBus)
            return
        }
        guard let destination, let owner = owner(of: destination), let peer = peers[owner] else {
            fail(call, .serviceUnknown, "The name \(destination?.rawValue ?? "(none)") was not provided by any .service files", from: .messageBus)
            return
        }
        call.routedTo = owner
        let answer = peer.answer(call.message)
        if case .later = answer { return }
        complete(call, with: answer, from: owner)
    }

    private func complete(_ call: FakeOutstandingCall, with answer: FakeAnswer, from sender: BusName) {
        let reply: DBusMessage
        do {
            switch answer {
            case .values(let values):
                reply = try call.message.makeReturn()
                try reply.append(contentsOf: values)
            case .error(let name, let text):
                reply = try call.message.makeError(name: name, message: text)
            case .later:
                return
            }
        } catch {
            return
        }
        reply.setSender(sender)
        reply.setSerial(nextSerial)
        nextSerial += 1
        finish(call, reply)
    }

    private func fail(_ call: FakeOutstandingCall, _ name: ErrorName, _ text: String, from sender: BusName?) {
        guard let reply = try? call.message.makeError(name: name, message: text) else { return }
        if let sender { reply.setSender(sender) }
        finish(call, reply)
    }

    /// Hands `reply` to the call's completion on a later turn, once.
    private func finish(_ call: FakeOutstandingCall, _ reply: DBusMessage) {
        guard outstanding.removeValue(forKey: call.message.serial) != nil else { return }
        call.timeout?.cancel()
        loop.runSoon { call.complete(with: reply) }
    }

    /// What `org.freedesktop.DBus` answers.
    private func answerAsBus(_ call: DBusMessage) -> FakeAnswer {
        let arguments = (try? call.arguments()) ?? []
        let name: BusName? = if case .string(let text)? = arguments.first { BusName(text) } else { nil }
        switch call.member {
        case .nameHasOwner?:
            return .values([.boolean(name.map(hasOwner) ?? false)])
        case .getNameOwner?:
            guard let name, let owner = owner(of: name) else {
                return .error(.nameHasNoOwner, "Could not get owner of name '\(name?.rawValue ?? "")': no such name")
            }
            return .values([.string(owner.rawValue)])
        case .getConnectionUnixUser?, .getConnectionUnixProcessID?, .getConnectionCredentials?:
            guard let name, let owner = owner(of: name) else {
                return .error(.nameHasNoOwner, "Could not get credentials of name '\(name?.rawValue ?? "")': no such name")
            }
            let (user, processID) = credentials[owner] ?? (defaultUser, nil)
            switch call.member {
            case .getConnectionUnixUser?: return .values([.uint32(user)])
            case .getConnectionUnixProcessID?:
                guard let processID else { return .error(.failed, "no process id for \(owner)") }
                return .values([.uint32(processID)])
            default:
                var entries: [String: DBusValue] = ["UnixUserID": .uint32(user)]
                if let processID { entries["ProcessID"] = .uint32(processID) }
                return .values([.vardict(entries)])
            }
        case .startServiceByName?:
            guard let name, hasOwner(name) else {
                return .error(.serviceUnknown, "The name \(name?.rawValue ?? "") was not provided by any .service files")
            }
            // DBUS_START_REPLY_ALREADY_RUNNING.
            return .values([.uint32(2)])
        case .addMatch?:
            return .values([])
        default:
            return .error(.unknownMethod, "the fake bus does not answer \(call.member?.rawValue ?? "this call")")
        }
    }

    /// NameOwnerChanged for `name`, to whoever subscribed (the code under test, here).
    private func announceOwner(of name: BusName, from previous: BusName?, to next: BusName?) {
        guard let signal = try? DBusMessage.signal(path: .messageBus, interface: .messageBus, member: .nameOwnerChanged),
              (try? signal.append(contentsOf: [.string(name.rawValue), .string(previous?.rawValue ?? ""), .string(next?.rawValue ?? "")])) != nil
        else { return }
        deliver(signal, from: .messageBus)
    }
}

/// How a fake peer answers a method call.
public enum FakeAnswer {
    case values([DBusValue])
    case error(ErrorName, String)
    /// Not now: the test answers with `FakeBus.reply(to:from:_:)`, or never.
    case later
}

/// Another connection on a `FakeBus`, answering the calls made to it.
public final class FakePeer {
    private let answering: (DBusMessage) -> FakeAnswer

    /// A peer that answers each call with what `answering` gives (by default: nothing, later).
    public init(answering: @escaping (DBusMessage) -> FakeAnswer = { _ in .later }) {
        self.answering = answering
    }

    func answer(_ call: DBusMessage) -> FakeAnswer { answering(call) }
}

/// A call the code under test made on a `FakeBus`, until its answer is handed over.
final class FakeOutstandingCall: OutstandingCall {
    let message: DBusMessage
    private var completion: ((DBusMessage) -> Void)?
    /// The peer the call went to, once routed.
    var routedTo: BusName?
    var timeout: Timer?
    /// Tells the bus to forget the call.
    var onCancel: (() -> Void)?
    private(set) var isCompleted = false

    init(message: DBusMessage, completion: @escaping (DBusMessage) -> Void) {
        self.message = message
        self.completion = completion
    }

    func cancel() {
        guard !isCompleted else { return }
        completion = nil
        timeout?.cancel()
        onCancel?()
        onCancel = nil
    }

    func complete(with reply: DBusMessage) {
        guard let handler = completion else { return }
        completion = nil
        onCancel = nil
        isCompleted = true
        handler(reply)
    }
}
