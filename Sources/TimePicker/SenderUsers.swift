internal import DBusKit

/// The Unix users the bus vouches that senders on it run as, asked once per unique name and
/// without blocking the pick's loop.
final class SenderUsers {
    /// What the bus said about a name: its user, or nil when it could not say (the name left).
    private var known: [BusName: UInt32?] = [:]
    /// Those waiting for the bus's answer about a name.
    private var waiting: [BusName: [() -> Void]] = [:]
    private let connection: DBusConnection

    init(connection: DBusConnection) {
        self.connection = connection
    }

    /// The user `sender` runs as, once the bus said: `.some(nil)` when it could not say, nil
    /// while it has not answered (see `whenKnown`).
    func user(of sender: BusName) -> UInt32?? {
        known[sender]
    }

    /// Calls `then` once the bus has answered about `sender`, asking it if nobody did yet.
    func whenKnown(_ sender: BusName, then: @escaping () -> Void) {
        guard known[sender] == nil else { return then() }
        if waiting[sender] != nil {
            waiting[sender]?.append(then)
            return
        }
        waiting[sender] = [then]
        connection.askUnixUser(of: sender) { [weak self] answer in
            self?.settle(sender, user: try? answer.get())
        }
    }

    private func settle(_ sender: BusName, user: UInt32?) {
        known[sender] = .some(user)
        let callbacks = waiting.removeValue(forKey: sender) ?? []
        callbacks.forEach { $0() }
    }
}
