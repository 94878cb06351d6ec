internal import TimePickerContract
internal import DBusKit
internal import TimePickerCore
internal import Logging

/// Notices the callers some sessions wait on (a PickTimeRange caller, a caller whose terminal
/// shows the picker) leaving the bus. Owns the match rules it adds and takes them back when done.
final class CallerWatch {
    private let bus: any MessageBus
    private let log: Logger
    /// The sessions that end when their caller leaves, by caller.
    private var sessionsByCaller: [BusName: Set<PickerSessionID>] = [:]
    private var callerBySession: [PickerSessionID: BusName] = [:]
    /// Told, once per session, that the caller it was watched for has left.
    var onCallerLeft: ((PickerSessionID) -> Void)?

    init(bus: any MessageBus, log: Logger) {
        self.bus = bus
        self.log = log
    }

    /// Ends-with-its-caller: `session` is reported through `onCallerLeft` when `caller` leaves,
    /// including when it has already left.
    func watch(_ session: PickerSessionID, caller: BusName) {
        guard callerBySession[session] == nil else { return }
        callerBySession[session] = caller
        sessionsByCaller[caller, default: []].insert(session)
        guard sessionsByCaller[caller]?.count == 1 else { return }
        bus.addMatch(MatchRule.nameOwnerChanged(of: caller))
        // The caller may have left before the rule was in place; the bus answers in order, so
        // asking now closes that gap.
        do {
            let query = try DBusMessage.methodCall(
                destination: BusName.messageBus, path: ObjectPath.messageBus,
                interface: InterfaceName.messageBus, member: .nameHasOwner)
            try query.append(.string(caller.rawValue))
            try bus.call(query) { [weak self] reply in
                if case .boolean(false)? = try? reply.arguments().first { self?.left(caller) }
            }
        } catch {
            log.error("cannot ask the bus whether \(caller) is still there: \(error)")
        }
    }

    /// Stops watching for `session` (it ended); the rule goes with the caller's last session.
    func forget(_ session: PickerSessionID) {
        guard let caller = callerBySession.removeValue(forKey: session) else { return }
        sessionsByCaller[caller]?.remove(session)
        if sessionsByCaller[caller]?.isEmpty == true {
            sessionsByCaller[caller] = nil
            bus.removeMatch(MatchRule.nameOwnerChanged(of: caller))
        }
    }

    /// Takes the bus's NameOwnerChanged signal; ignores any other message.
    func handle(_ signal: DBusMessage) {
        guard let change = NameOwnerChange(signal) else { return }
        if change.oldOwner != nil, change.newOwner == nil, sessionsByCaller[change.name] != nil { left(change.name) }
    }

    private func left(_ caller: BusName) {
        let sessions = sessionsByCaller[caller] ?? []
        for session in sessions.sorted(by: { $0.rawValue < $1.rawValue }) {
            onCallerLeft?(session)
        }
    }
}
