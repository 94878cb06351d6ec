internal import DBusKit
internal import Logging

/// Notices callers with dialogs (shown or waiting to be built) leaving the bus, so their dialogs
/// close: nobody is left to hear the answer. Owns the match rules it adds and takes each back
/// with the caller's last dialog.
@MainActor
final class CallerDepartures {
    private let bus: any MessageBus
    private let log: Logger
    /// The callers watched: those with at least one dialog.
    private var watched: Set<BusName> = []
    /// Told, once per departure, that a watched caller left.
    var onLeft: (@MainActor (BusName) -> Void)?

    init(bus: any MessageBus, log: Logger) {
        self.bus = bus
        self.log = log
    }

    /// Watches `caller` (nothing happens if it already is); a caller that has already left is
    /// reported too.
    func watch(_ caller: BusName) {
        guard watched.insert(caller).inserted else { return }
        bus.addMatch(MatchRule.nameOwnerChanged(of: caller))
        // The caller may have left before the rule was in place; the bus answers in order, so
        // asking now closes that gap.
        do {
            let query = try DBusMessage.methodCall(destination: .messageBus, path: .messageBus, interface: .messageBus, member: .nameHasOwner)
            try query.append(.string(caller.rawValue))
            try bus.call(query) { [weak self] reply in
                guard case .boolean(false)? = try? reply.arguments(maximumValues: 1, maximumStringBytes: 0).first else { return }
                MainActor.assumeIsolated { self?.left(caller) }
            }
        } catch {
            log.warning("cannot ask the bus whether \(caller) is still there: \(error)")
        }
    }

    /// Stops watching `caller`, which has no dialog left.
    func unwatch(_ caller: BusName) {
        guard watched.remove(caller) != nil else { return }
        bus.removeMatch(MatchRule.nameOwnerChanged(of: caller))
    }

    /// Takes the bus's NameOwnerChanged signal; false for any other message.
    func handle(_ signal: DBusMessage) -> Bool {
        guard let change = NameOwnerChange(signal) else { return false }
        if change.oldOwner != nil, change.newOwner == nil, watched.contains(change.name) { left(change.name) }
        return true
    }

    private func left(_ caller: BusName) {
        guard watched.contains(caller) else { return }
        onLeft?(caller)
    }
}
