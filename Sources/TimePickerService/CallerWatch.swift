internal import TimePickerContract
internal import DBusKit
internal import TimePickerCore

/// Notices the callers some sessions wait on (a PickTimeRange caller, a caller whose terminal
/// shows the picker) leaving the bus. Owns the match rules it adds and takes them back when done.
final class CallerWatch {
    private let connection: DBusConnection
    private let log: Logger
    /// The sessions that end when their caller leaves, by caller.
    private var sessionsByCaller: [String: Set<PickerSessionID>] = [:]
    private var callerBySession: [PickerSessionID: String] = [:]
    /// Told, once per session, that the caller it was watched for has left.
    var onCallerLeft: ((PickerSessionID) -> Void)?

    init(connection: DBusConnection, log: Logger) {
        self.connection = connection
        self.log = log
    }

    /// Ends-with-its-caller: `session` is reported through `onCallerLeft` when `caller` leaves,
    /// including when it has already left.
    func watch(_ session: PickerSessionID, caller: String) {
        guard callerBySession[session] == nil else { return }
        callerBySession[session] = caller
        sessionsByCaller[caller, default: []].insert(session)
        guard sessionsByCaller[caller]?.count == 1 else { return }
        connection.addMatch(MatchRule.nameOwnerChanged(of: caller))
        // The caller may have left before the rule was in place; the bus answers in order, so
        // asking now closes that gap.
        do {
            let query = try DBusMessage.methodCall(
                destination: BusName.messageBus, path: ObjectPath.messageBus,
                interface: InterfaceName.messageBus, member: "NameHasOwner")
            try query.append(.string(caller))
            try connection.call(query) { [weak self] reply in
                if case .boolean(false)? = try? reply.arguments().first { self?.left(caller) }
            }
        } catch {
            log.log(.error, "cannot ask the bus whether \(caller) is still there: \(error)")
        }
    }

    /// Stops watching for `session` (it ended); the rule goes with the caller's last session.
    func forget(_ session: PickerSessionID) {
        guard let caller = callerBySession.removeValue(forKey: session) else { return }
        sessionsByCaller[caller]?.remove(session)
        if sessionsByCaller[caller]?.isEmpty == true {
            sessionsByCaller[caller] = nil
            connection.removeMatch(MatchRule.nameOwnerChanged(of: caller))
        }
    }

    /// Takes the bus's NameOwnerChanged signal; ignores any other message.
    func handle(_ signal: DBusMessage) {
        guard let change = NameOwnerChange(signal) else { return }
        if !change.oldOwner.isEmpty, change.newOwner.isEmpty, sessionsByCaller[change.name] != nil { left(change.name) }
    }

    private func left(_ caller: String) {
        let sessions = sessionsByCaller[caller] ?? []
        for session in sessions.sorted(by: { $0.rawValue < $1.rawValue }) {
            onCallerLeft?(session)
        }
    }
}
