internal import DBusKit
package import EventLoop
internal import Glibc
internal import TimePickerContract

/// Every session outcome on the bus, in the order it came, from the service's processes of this
/// user only, on the loop it is started on: what `TimePickerMonitor` streams and `timepickerctl
/// monitor` prints.
///
/// It matches the service's well-known name, so it keeps going when the service restarts or is
/// started after it; and since on a bus that admits other users whoever holds that name may
/// send under it, an outcome waits, with those after it, until the bus has said whose process
/// sent it, and is dropped when that is another user's.
package final class OutcomeWatch {
    private let connection: DBusConnection
    private let deliver: (TimePickerOutcome) -> Void
    private let ignored: (_ sender: String, _ user: UInt32?) -> Void
    private let lost: () -> Void
    private let senderUsers: SenderUsers
    /// Outcomes in the order they came, each with its sender, until its sender is known.
    private var waiting: [(sender: BusName, outcome: TimePickerOutcome)] = []
    /// Senders of another user already reported as ignored.
    private var ignoredSenders: Set<BusName> = []
    /// The last Response's range, with its sender and session: the Selected that follows it
    /// carries it whole.
    private var lastResponse: (sender: BusName, session: ObjectPath, range: TimePickerRange)?
    /// What `connection` is subscribed as: its unique name.
    package var listeningAs: String { connection.uniqueName.rawValue }

    /// Connects (to the session bus, or the one at `busAddress`) and subscribes (blocking on purpose: once this returns, no outcome can be
    /// missed), then watches on `loop`: `deliver` gets each outcome, `ignored` each sender of
    /// another user once, `lost` the bus going away.
    package init(
        busAddress: String? = nil, loop: EventLoop, deliver: @escaping (TimePickerOutcome) -> Void,
        ignored: @escaping (_ sender: String, _ user: UInt32?) -> Void, lost: @escaping () -> Void
    ) throws(TimePickerError) {
        do {
            connection = try connectToBus(address: busAddress)
        } catch {
            throw TimePickerError(.noSessionBus(message: error.message))
        }
        do {
            // The service's owners are followed too, to learn whose each is before it sends
            // anything (one that stops sends its last outcomes as it leaves, when the bus can
            // no longer say whose it was).
            for rule in [TimePickerBus.Rule.ownerChanges, TimePickerBus.Rule.outcomes] {
                let addMatch = try DBusMessage.methodCall(
                    destination: BusName.messageBus, path: ObjectPath.messageBus, interface: InterfaceName.messageBus, member: .addMatch)
                try addMatch.append(.string(rule))
                _ = try connection.call(addMatch)
            }
        } catch {
            throw TimePickerError(.cannotReachService(name: error.name.rawValue, message: error.message))
        }
        self.deliver = deliver
        self.ignored = ignored
        self.lost = lost
        senderUsers = SenderUsers(connection: connection)
        if let owner = try? connection.nameOwner(of: TimePickerBus.name) { senderUsers.whenKnown(owner) {} }
        connection.setMessageHandler { [unowned self] message in
            self.receive(message)
            return false
        }
        connection.attach(to: loop)
    }

    private func receive(_ message: DBusMessage) {
        guard message.kind == .signal else { return }
        if message.isSignal(interface: .local, member: .disconnected) {
            lost()
            return
        }
        if let change = NameOwnerChange(message), change.name == TimePickerBus.name, let newOwner = change.newOwner {
            senderUsers.whenKnown(newOwner) {}
            return
        }
        // Broadcasts only: the bus routed those by the rule's sender, while a signal addressed
        // to this connection could come from anyone.
        guard message.destination == nil, message.interface == TimePickerBus.sessionInterface,
              let path = message.path, path.isDescendant(of: TimePickerBus.sessionsPath), let sender = message.sender,
              let event = event(of: message, sender: sender, session: path)
        else { return }
        waiting.append((sender, TimePickerOutcome(session: path.rawValue, event: event)))
        if waiting.count == 1 { deliverKnown() }
    }

    /// The outcome `message` says; nil for another member or a body that is not its signature's.
    private func event(of message: DBusMessage, sender: BusName, session: ObjectPath) -> TimePickerOutcome.Event? {
        switch message.member {
        case TimePickerBus.Member.response:
            // Bounded: a Response is a few short strings, whatever a sender puts in one.
            guard let values = try? message.arguments(maximumValues: 256, maximumStringBytes: 64 * 1024),
                  values.count == 2, case .uint32(let code) = values[0], let entries = values[1].stringKeyedEntries
            else { return nil }
            var results: [String: String] = [:]
            var inner: [String: DBusValue] = [:]
            for (key, value) in entries {
                guard case .variant(let value) = value else { continue }
                inner[key] = value
                if let text = Self.printable(value) { results[key] = text }
            }
            let range = SessionResponse.times(in: inner)
            lastResponse = range.map { (sender, session, $0) }
            return .response(code: code, results: results, range: range)
        case TimePickerBus.Member.selected:
            let arguments = message.strings
            guard message.signature == "ss", arguments.count == 2 else { return nil }
            defer { lastResponse = nil }
            // The Response's range when it is this session's, from the same sender, of these times.
            if let (responseSender, responseSession, range) = lastResponse, responseSender == sender, responseSession == session,
               range.start == arguments[0], range.end == arguments[1] {
                return .selected(range)
            }
            return .selected(TimePickerRange(start: arguments[0], end: arguments[1]))
        case TimePickerBus.Member.cancelled:
            let arguments = message.strings
            guard message.signature == "s", arguments.count == 1 else { return nil }
            lastResponse = nil
            return .cancelled(TimePickerCancelReason(arguments[0]))
        default:
            return nil
        }
    }

    /// A result's value as text; nil for a container, which no documented key holds.
    private static func printable(_ value: DBusValue) -> String? {
        switch value {
        case .string(let text): text
        case .boolean(let flag): flag ? "true" : "false"
        case .byte(let number): "\(number)"
        case .int16(let number): "\(number)"
        case .uint16(let number): "\(number)"
        case .int32(let number): "\(number)"
        case .uint32(let number): "\(number)"
        case .int64(let number): "\(number)"
        case .uint64(let number): "\(number)"
        case .double(let number): "\(number)"
        default: nil
        }
    }

    /// Delivers the waiting outcomes, in order, as far as their senders are known to be this
    /// user's processes (and drops those of other users'); asks the bus about the first unknown.
    private func deliverKnown() {
        while let (sender, outcome) = waiting.first {
            guard let user = senderUsers.user(of: sender) else {
                senderUsers.whenKnown(sender) { [weak self] in self?.deliverKnown() }
                return
            }
            waiting.removeFirst()
            guard user == getuid() else {
                if ignoredSenders.insert(sender).inserted { ignored(sender.rawValue, user) }
                continue
            }
            deliver(outcome)
        }
    }
}
