internal import TimePickerContract
internal import DBusKit
internal import TimePickerCore
internal import Logging

/// Notices the callers some sessions wait on (a PickTimeRange caller, a caller whose terminal
/// shows the picker) leaving the bus: the sessions of each caller, over DBusKit's
/// `DepartureWatch`, which watches each caller while it has one.
final class CallerWatch {
    private let departures: DepartureWatch
    /// The sessions that end when their caller leaves, by caller.
    private var sessionsByCaller: [BusName: Set<PickerSessionID>] = [:]
    private var callerBySession: [PickerSessionID: BusName] = [:]
    /// Told, once per session, that the caller it was watched for has left.
    var onCallerLeft: ((PickerSessionID) -> Void)?

    init(bus: any MessageBus, log: Logger) {
        departures = DepartureWatch(bus: bus)
        departures.onProblem = { message in log.error(message) }
        departures.onLeft = { [unowned self] caller in self.left(caller) }
    }

    /// Ends-with-its-caller: `session` is reported through `onCallerLeft` when `caller` leaves,
    /// including when it has already left.
    func watch(_ session: PickerSessionID, caller: BusName) {
        guard callerBySession[session] == nil else { return }
        callerBySession[session] = caller
        sessionsByCaller[caller, default: []].insert(session)
        departures.watch(caller)
    }

    /// Stops watching for `session` (it ended); the caller is watched no more with its last session.
    func forget(_ session: PickerSessionID) {
        guard let caller = callerBySession.removeValue(forKey: session) else { return }
        sessionsByCaller[caller]?.remove(session)
        if sessionsByCaller[caller]?.isEmpty == true {
            sessionsByCaller[caller] = nil
            departures.unwatch(caller)
        }
    }

    /// Takes the bus's NameOwnerChanged signal; ignores any other message.
    func handle(_ signal: DBusMessage) {
        departures.handle(signal)
    }

    private func left(_ caller: BusName) {
        let sessions = sessionsByCaller[caller] ?? []
        for session in sessions.sorted(by: { $0.rawValue < $1.rawValue }) {
            onCallerLeft?(session)
        }
    }
}
