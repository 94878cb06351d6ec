internal import TimePickerContract
internal import DBusKit
internal import EventLoop
internal import Glibc
internal import TimePickerCore

/// `timepickerctl monitor`: prints every session outcome on the bus as it happens, its
/// Response and then its Selected or Cancelled, one line each, until SIGINT or SIGTERM. It
/// needs no running service: it waits for outcomes.
///
/// Only outcomes from a process of this user count: on a bus that admits other users, whoever
/// holds the service's name may send signals under it. An outcome waits, with those after it,
/// until the bus has said whose process sent it.
final class MonitorCommand {
    private let options: MonitorOptions
    private let loop = EventLoop()
    private var status = ExitStatus.success
    private var senderUsers: SenderUsers?
    /// Outcome lines in the order they came, each with its sender, until its sender is known.
    private var outcomes: [(sender: BusName, line: String)] = []
    /// Senders of another user already said to be ignored.
    private var ignoredSenders: Set<BusName> = []

    init(options: MonitorOptions) {
        self.options = options
    }

    /// Monitors until interrupted (exit 0), the bus goes away or stdout closes.
    func run() -> Int32 {
        // A reader that went away (`monitor | head -1`) shows up as a failed write.
        signal(SIGPIPE, SIG_IGN)
        let connection: DBusConnection
        do {
            connection = try DBusConnection.sessionBus()
            // Blocking on purpose, before the loop: once it returns, no outcome can be missed,
            // so "listening" is true when it is said. The service's owners are followed too, to
            // learn whose each is before it sends anything (one that stops sends its last
            // outcomes as it leaves, when the bus can no longer say whose it was).
            for rule in [TimePickerBus.Rule.ownerChanges, TimePickerBus.Rule.outcomes] {
                let addMatch = try DBusMessage.methodCall(
                    destination: BusName.messageBus, path: ObjectPath.messageBus, interface: InterfaceName.messageBus, member: .addMatch)
                try addMatch.append(.string(rule))
                _ = try connection.call(addMatch)
            }
        } catch {
            Console.error(ClientText.cannotListen(error.message))
            return ExitStatus.failure
        }
        // After the blocking calls, so that a stuck bus can still be interrupted the default way.
        let signals: SignalSource
        do {
            signals = try SignalSource(signals: [SIGINT, SIGTERM, SIGHUP], loop: loop) { [unowned self] _ in
                self.loop.stop()
            }
        } catch {
            Console.error(ClientText.cannotWatchSignals("\(error)"))
            return ExitStatus.failure
        }
        defer { withExtendedLifetime(signals) {} }
        let senderUsers = SenderUsers(connection: connection)
        self.senderUsers = senderUsers
        if let owner = try? connection.nameOwner(of: TimePickerBus.name) { senderUsers.whenKnown(owner) {} }
        connection.setMessageHandler { [unowned self] message in
            self.receive(message)
            return false
        }
        connection.attach(to: loop)
        if options.verbose {
            Console.error(ClientText.listening(as: connection.uniqueName.rawValue))
        }
        loop.run()
        return status
    }

    private func receive(_ message: DBusMessage) {
        guard message.kind == .signal else { return }
        if message.isSignal(interface: .local, member: .disconnected) {
            Console.error(ClientText.lostBus)
            stop(with: ExitStatus.failure)
            return
        }
        if let change = NameOwnerChange(message), change.name == TimePickerBus.name, let newOwner = change.newOwner {
            senderUsers?.whenKnown(newOwner) {}
            return
        }
        // Broadcasts only: the bus routed those by the rule's sender, while a signal addressed
        // to this client could come from anyone.
        guard message.destination == nil, message.interface == TimePickerBus.sessionInterface,
              let path = message.path, path.isDescendant(of: TimePickerBus.sessionsPath), let sender = message.sender
        else { return }
        let line: String
        switch message.member {
        case TimePickerBus.Member.response:
            // Bounded: a Response is a few short strings, whatever a sender puts in one.
            guard let values = try? message.arguments(maximumValues: 256, maximumStringBytes: 64 * 1024),
                  let text = ResponseLine.text(of: values)
            else { return }
            line = "\(path) \(text)\n"
        case TimePickerBus.Member.selected:
            let arguments = message.strings.map(displaySafe)
            guard arguments.count == 2 else { return }
            line = "\(path) Selected \(arguments[0]) \(arguments[1])\n"
        case TimePickerBus.Member.cancelled:
            let arguments = message.strings.map(displaySafe)
            guard arguments.count == 1 else { return }
            line = "\(path) Cancelled \(arguments[0])\n"
        default: return
        }
        outcomes.append((sender, line))
        if outcomes.count == 1 { printKnownOutcomes() }
    }

    /// Prints the waiting outcomes, in order, as far as their senders are known to be this
    /// user's processes (and drops those of other users'); asks the bus about the first unknown.
    private func printKnownOutcomes() {
        guard let senderUsers else { return }
        while let (sender, line) = outcomes.first {
            guard let user = senderUsers.user(of: sender) else {
                senderUsers.whenKnown(sender) { [weak self] in self?.printKnownOutcomes() }
                return
            }
            outcomes.removeFirst()
            guard user == getuid() else {
                if ignoredSenders.insert(sender).inserted {
                    Console.error(ClientText.ignoringOtherUser(sender.rawValue, user: user))
                }
                continue
            }
            guard write(line) else { return }
        }
    }

    /// Prints one outcome line; false when the monitor stops because stdout is gone.
    private func write(_ line: String) -> Bool {
        if !Console.out(line) {
            // Nobody reads any more: the job is over, not failed (as with `monitor | head -1`).
            if errno != EPIPE {
                Console.error(ClientText.cannotWriteStdout(String(cString: strerror(errno))))
                stop(with: ExitStatus.failure)
            } else {
                stop(with: ExitStatus.success)
            }
            return false
        }
        return true
    }

    private func stop(with status: Int32) {
        self.status = status
        loop.stop()
    }
}
