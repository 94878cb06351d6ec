internal import TimePickerContract
internal import DBusKit
internal import Logging
internal import CallerApps
internal import Glibc
internal import SystemKit

/// What the bus vouches for about a connection: the Unix user and the process behind it, and
/// the application the system says that process is part of.
struct PeerCredentials: Equatable {
    let userID: UInt32
    /// Nil when the bus did not say (a peer on another machine, say).
    let processID: UInt32?
    /// Nil when not looked up (another user's caller, no process id) or nothing can be said:
    /// the process gone, its id reused, or it names nothing.
    var application: CallerApplication?
}

/// Asks the bus who is behind a connection (`GetConnectionCredentials`), without waiting, and
/// keeps each answer while the connection is on the bus: a unique name is never reused, so an
/// answer stays true, and it is forgotten when the connection leaves (a `DepartureWatch`).
///
/// An answer the bus cannot give (the connection left before it was asked) is nil, and whoever
/// asked must treat the peer as unknown: never as the daemon's own user.
final class CredentialsLookup {
    private let bus: any MessageBus
    private let log: Logger
    private var known: [BusName: PeerCredentials] = [:]
    /// Lookups in flight, with everyone waiting for each: one question per name at a time.
    private var waiting: [BusName: [(PeerCredentials?) -> Void]] = [:]
    /// The connections whose answers are kept, watched for leaving.
    private let departures: DepartureWatch
    /// How many answers are kept; past it they are all forgotten, and asked for again when
    /// needed: callers come and go all day.
    private let maximumKept = 256
    /// Told once per answer the bus gives: the connection and who it is.
    var onIdentified: ((BusName, PeerCredentials) -> Void)?
    /// Finds the application of a caller the bus has answered about, before the answer is
    /// kept and given (nil: none is looked for), with the process descriptor the bus gave
    /// (`ProcessFD`), if it gave one.
    var identifyApplication: ((PeerCredentials, ProcessDescriptor?, @escaping (CallerApplication?) -> Void) -> Void)?

    init(bus: any MessageBus, log: Logger) {
        self.bus = bus
        self.log = log
        departures = DepartureWatch(bus: bus)
        departures.onProblem = { message in log.error(message) }
        departures.onLeft = { [unowned self] name in self.forget(name) }
    }

    /// Whether the credentials of `name` are known, so that `lookUp` answers at once.
    func isKnown(_ name: BusName) -> Bool { known[name] != nil }

    /// Calls `completion` with the credentials of the connection `name`: at once when they are
    /// known, else when the bus answers (in the order asked). The corresponding bus method is
    /// `org.freedesktop.DBus.GetConnectionCredentials`.
    func lookUp(_ name: BusName, completion: @escaping (PeerCredentials?) -> Void) {
        if let credentials = known[name] {
            completion(credentials)
            return
        }
        if waiting[name] != nil {
            waiting[name]?.append(completion)
            return
        }
        waiting[name] = [completion]
        do {
            let query = try DBusMessage.methodCall(
                destination: BusName.messageBus, path: ObjectPath.messageBus,
                interface: InterfaceName.messageBus, member: .getConnectionCredentials)
            try query.append(.string(name.rawValue))
            try bus.call(query) { [weak self] reply in self?.answered(name, reply) }
        } catch {
            log.error("cannot ask the bus who \(name) is: \(error)")
            finish(name, nil)
        }
    }

    /// Takes the bus's NameOwnerChanged signal (a connection whose answer is kept leaving);
    /// ignores any other message.
    func handle(_ signal: DBusMessage) {
        departures.handle(signal)
    }

    private func answered(_ name: BusName, _ reply: DBusMessage) {
        let arguments = (try? reply.arguments()) ?? []
        var userID: UInt32?
        var processID: UInt32?
        // A bus with SO_PEERPIDFD (dbus-broker since 2023; not Debian 12's dbus-daemon 1.14)
        // hands over a descriptor of the process (ProcessFD): kept through the application's
        // lookup, so that a process id given to another process meanwhile is noticed. A copy:
        // what the message brought is closed.
        var descriptor: ProcessDescriptor?
        for (key, value) in arguments.first?.stringKeyedEntries ?? [] {
            switch (key, value) {
            case ("UnixUserID", .variant(.uint32(let number))): userID = number
            case ("ProcessID", .variant(.uint32(let number))): processID = number
            case ("ProcessFD", .variant(.unixFD(let received))): descriptor = ProcessDescriptor(taking: fcntl(received, F_DUPFD_CLOEXEC, 0))
            default: break
            }
        }
        arguments.closeReceivedDescriptors()
        guard reply.kind != .error, let userID else {
            // Debug: a connection that leaves at once is what a flood of them looks like.
            log.debug("the bus cannot say who \(name) is: \(reply.errorMessage ?? "no user id in its answer")")
            finish(name, nil)
            return
        }
        let credentials = PeerCredentials(userID: userID, processID: processID)
        guard let identifyApplication else { return keep(name, credentials) }
        identifyApplication(credentials, descriptor) { [weak self] application in
            var identified = credentials
            identified.application = application
            self?.keep(name, identified)
        }
    }

    /// Keeps what is known of `name` while it is on the bus, and gives it to those waiting.
    private func keep(_ name: BusName, _ credentials: PeerCredentials) {
        if known.count >= maximumKept {
            for kept in known.keys { departures.unwatch(kept) }
            known.removeAll()
        }
        known[name] = credentials
        onIdentified?(name, credentials)
        // Last: a name that already left is forgotten at once.
        departures.watch(name)
        finish(name, credentials)
    }

    private func forget(_ name: BusName) {
        known[name] = nil
        departures.unwatch(name)
    }

    private func finish(_ name: BusName, _ credentials: PeerCredentials?) {
        let completions = waiting.removeValue(forKey: name) ?? []
        for completion in completions { completion(credentials) }
    }
}
