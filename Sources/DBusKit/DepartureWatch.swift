/// Notices connections leaving the bus: the service's callers that sessions wait on, the dialog
/// backend's callers with dialogs open. Owns the match rules it adds, one per name watched, and
/// takes each back when the name is no longer watched.
///
/// A name that had already left when it was watched is reported too: the bus answers in the
/// order it is asked, so asking it whether the name has an owner right after adding the rule
/// closes the gap between the two.
public final class DepartureWatch {
    private let bus: any MessageBus
    private var watched: Set<BusName> = []
    /// Told, once per departure, that a watched name left the bus.
    public var onLeft: ((BusName) -> Void)?
    /// Told when the bus could not be asked about a name (for the log).
    public var onProblem: ((String) -> Void)?

    /// Watches names on `bus`; its NameOwnerChanged signals come through `handle`.
    public init(bus: any MessageBus) {
        self.bus = bus
    }

    /// Whether `name` is watched.
    public func isWatching(_ name: BusName) -> Bool { watched.contains(name) }

    /// Watches `name` (nothing happens when it already is).
    public func watch(_ name: BusName) {
        guard watched.insert(name).inserted else { return }
        bus.addMatch(MatchRule.nameOwnerChanged(of: name))
        do {
            let query = try DBusMessage.methodCall(destination: .messageBus, path: .messageBus, interface: .messageBus, member: .nameHasOwner)
            try query.append(.string(name.rawValue))
            try bus.call(query) { [weak self] reply in
                guard case .boolean(false)? = try? reply.arguments(maximumValues: 1, maximumStringBytes: 0).first else { return }
                self?.left(name)
            }
        } catch {
            onProblem?("cannot ask the bus whether \(name) is still there: \(error)")
        }
    }

    /// Stops watching `name`, and takes its rule back.
    public func unwatch(_ name: BusName) {
        guard watched.remove(name) != nil else { return }
        bus.removeMatch(MatchRule.nameOwnerChanged(of: name))
    }

    /// Takes the bus's NameOwnerChanged signal, reporting a watched name that lost its owner;
    /// false for any other message.
    @discardableResult
    public func handle(_ signal: DBusMessage) -> Bool {
        guard let change = NameOwnerChange(signal) else { return false }
        if change.oldOwner != nil, change.newOwner == nil { left(change.name) }
        return true
    }

    private func left(_ name: BusName) {
        guard watched.contains(name) else { return }
        onLeft?(name)
    }
}
