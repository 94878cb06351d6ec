internal import TimePickerContract
internal import DBusKit
internal import Logging

/// What the bus vouches for about a connection: the Unix user and the process behind it.
struct PeerCredentials: Equatable {
    let userID: UInt32
    /// Nil when the bus did not say (a peer on another machine, say).
    let processID: UInt32?
}

/// Asks the bus who is behind a connection (`GetConnectionCredentials`), without waiting, and
/// keeps the answers: unique names are never reused, so an answer stays true.
///
/// An answer the bus cannot give (the connection left before it was asked) is nil, and whoever
/// asked must treat the peer as unknown: never as the daemon's own user.
final class CredentialsLookup {
    private let bus: any MessageBus
    private let log: Logger
    private var known: [BusName: PeerCredentials] = [:]
    /// Lookups in flight, with everyone waiting for each: one question per name at a time.
    private var waiting: [BusName: [(PeerCredentials?) -> Void]] = [:]
    /// How many answers are kept; callers come and go all day.
    private let maximumKept = 256

    init(bus: any MessageBus, log: Logger) {
        self.bus = bus
        self.log = log
    }

    /// Calls `completion` with the credentials of the connection `name`: at once when they are
    /// known, else when the bus answers. The corresponding bus method is
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

    private func answered(_ name: BusName, _ reply: DBusMessage) {
        let arguments = (try? reply.arguments()) ?? []
        // A newer bus may hand over a descriptor of the process (ProcessFD): not kept.
        arguments.closeReceivedDescriptors()
        var userID: UInt32?
        var processID: UInt32?
        for (key, value) in arguments.first?.stringKeyedEntries ?? [] {
            switch (key, value) {
            case ("UnixUserID", .variant(.uint32(let number))): userID = number
            case ("ProcessID", .variant(.uint32(let number))): processID = number
            default: break
            }
        }
        guard reply.kind != .error, let userID else {
            log.info("the bus cannot say who \(name) is: \(reply.errorMessage ?? "no user id in its answer")")
            finish(name, nil)
            return
        }
        let credentials = PeerCredentials(userID: userID, processID: processID)
        if known.count >= maximumKept { known.removeAll() }
        known[name] = credentials
        finish(name, credentials)
    }

    private func finish(_ name: BusName, _ credentials: PeerCredentials?) {
        let completions = waiting.removeValue(forKey: name) ?? []
        for completion in completions { completion(credentials) }
    }
}
