/// Who waits for a well-known name: the bus keeps a queue of the connections that asked for it
/// without `DO_NOT_QUEUE`, and hands the name to the first of them the moment its owner lets go
/// (its process exiting is enough). Nothing lets the owner take another connection out of that
/// queue, so an owner that must not hand its name to another Unix user looks before it leaves.
public enum NameQueue {
    /// The most names a queue is read with: far more connections than a session bus lets one
    /// user open. A longer queue cannot be read, and so cannot be vouched for.
    static let maximumNames = 65_536

    /// The names in the bus's answer to ListQueuedOwners, the owner first.
    static func owners(in reply: DBusMessage) throws(DBusFailure) -> [BusName] {
        let values: [DBusValue]
        do {
            values = try reply.arguments(maximumValues: maximumNames + 1, maximumStringBytes: maximumNames * 255)
        } catch {
            throw DBusFailure(name: .failed, message: "cannot read the name's queue: \(error.message)")
        }
        guard case .array(_, let elements)? = values.first else {
            throw DBusFailure(name: .failed, message: "ListQueuedOwners gave no list")
        }
        return elements.compactMap { if case .string(let name) = $0 { BusName(name) } else { nil } }
    }
}

/// A connection of another Unix user than the name's owner, waiting in the name's queue: the
/// bus would hand it the name as soon as the connections ahead of it let go.
public struct QueuedStranger: Equatable, Sendable, CustomStringConvertible {
    /// Its unique name.
    public let connection: BusName
    /// Its Unix user; nil when the bus cannot say (a connection without Unix credentials),
    /// which makes it a stranger all the same.
    public let user: UInt32?

    /// "uid 65534, :1.8", for messages.
    public var description: String { "\(user.map { "uid \($0)" } ?? "uid unknown"), \(connection)" }

    /// What the bus's answer about `connection`'s user makes of it: a stranger, or nil when it
    /// runs as `ownUser` or has left the bus (and so the queue).
    static func judging(_ connection: BusName, _ answer: Result<UInt32, DBusFailure>, ownUser: UInt32) -> QueuedStranger? {
        switch answer {
        case .success(let user): user == ownUser ? nil : QueuedStranger(connection: connection, user: user)
        case .failure(let failure): failure.name == .nameHasNoOwner ? nil : QueuedStranger(connection: connection, user: nil)
        }
    }
}

extension DBusConnection {
    /// The first connection in `name`'s queue (its owner included, this connection left out)
    /// that does not run as `ownUser`, or nil when every one does; blocking (start-up).
    public func queuedStranger(for name: BusName, ownUser: UInt32) throws(DBusFailure) -> QueuedStranger? {
        for queued in try queuedOwners(of: name) where queued != uniqueName {
            let answer = Result { () throws(DBusFailure) in try unixUser(of: queued) }
            if let stranger = QueuedStranger.judging(queued, answer, ownUser: ownUser) { return stranger }
        }
        return nil
    }
}

extension MessageBus {
    /// Asks, without waiting, for the first connection in `name`'s queue (its owner included,
    /// this connection left out) that does not run as `ownUser`: `answered` gets it, nil when
    /// every one does (or nobody owns the name), or why the bus could not say. Each queued
    /// connection is asked about in the queue's order, so the answer comes after one round trip
    /// per connection ahead of the stranger.
    ///
    /// The corresponding bus methods are `org.freedesktop.DBus.ListQueuedOwners` and
    /// `GetConnectionUnixUser`.
    public func askQueuedStranger(
        for name: BusName, ownUser: UInt32, answered: @escaping (Result<QueuedStranger?, DBusFailure>) -> Void
    ) {
        do {
            let query = try DBusMessage.methodCall(destination: .messageBus, path: .messageBus, interface: .messageBus, member: .listQueuedOwners)
            try query.append(.string(name.rawValue))
            try call(query) { [weak self] reply in
                guard let self else { return }
                if reply.kind == .error {
                    let failure = DBusFailure(name: reply.errorName ?? .failed, message: reply.errorMessage(maximumBytes: 200) ?? "no message")
                    answered(failure.name == .nameHasNoOwner ? .success(nil) : .failure(failure))
                    return
                }
                do throws(DBusFailure) {
                    let queued = try NameQueue.owners(in: reply).filter { $0 != self.uniqueName }
                    self.firstStranger(among: queued[...], ownUser: ownUser, answered: answered)
                } catch {
                    answered(.failure(error))
                }
            }
        } catch {
            answered(.failure(error))
        }
    }

    private func firstStranger(
        among queued: ArraySlice<BusName>, ownUser: UInt32, answered: @escaping (Result<QueuedStranger?, DBusFailure>) -> Void
    ) {
        guard let next = queued.first else { return answered(.success(nil)) }
        askUnixUser(of: next) { [weak self] answer in
            if let stranger = QueuedStranger.judging(next, answer, ownUser: ownUser) {
                answered(.success(stranger))
            } else {
                self?.firstStranger(among: queued.dropFirst(), ownUser: ownUser, answered: answered)
            }
        }
    }
}
