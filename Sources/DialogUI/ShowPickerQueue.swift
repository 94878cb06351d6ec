internal import DBusKit
internal import TimePickerCore

/// Which sessions may have their ShowPicker sent now: at most `maximumInFlight` that the
/// backend process has not yet taken, the others waiting in the daemon in the order they came.
///
/// Like the notification path's `NotificationDelivery`: a flood of sessions shown and cancelled
/// faster than a backend builds windows leaves no backlog in the backend, because a session
/// that ends while it waits here is never sent at all. ShowPicker's own reply comes only when
/// the dialog ends, so a ShowPicker counts as in flight until the backend answered a call
/// sent after it (see `BackendProxy.confirmTaken`) or answered it, whichever comes first.
/// The count is per backend process: a new owner of the backend's name starts with none.
struct ShowPickerQueue {
    /// Sessions waiting for a ShowPicker, first come first served.
    private var waiting: [PickerSessionID] = []
    /// The ShowPicker calls not yet taken, by serial, with the process each went to.
    private var inFlight: [UInt64: BusName] = [:]
    let maximumInFlight: Int

    init(maximumInFlight: Int = 4) {
        self.maximumInFlight = maximumInFlight
    }

    var hasWaiting: Bool { !waiting.isEmpty }

    /// `session` waits behind the others.
    mutating func append(_ session: PickerSessionID) {
        guard !waiting.contains(session) else { return }
        waiting.append(session)
    }

    /// `session` waits ahead of the others: it was asked for before them (a retry).
    mutating func prepend(_ session: PickerSessionID) {
        waiting.removeAll { $0 == session }
        waiting.insert(session, at: 0)
    }

    /// Takes `session` out of the line; true when it was waiting (so nothing was sent for it).
    @discardableResult
    mutating func remove(_ session: PickerSessionID) -> Bool {
        guard let index = waiting.firstIndex(of: session) else { return false }
        waiting.remove(at: index)
        return true
    }

    /// Empties the line and returns who was in it, in order.
    mutating func removeAllWaiting() -> [PickerSessionID] {
        defer { waiting.removeAll() }
        return waiting
    }

    /// The next session whose ShowPicker may go to `owner` now, taken out of the line; nil
    /// when none waits or `owner` has as many not yet taken as allowed.
    mutating func next(for owner: BusName) -> PickerSessionID? {
        guard !waiting.isEmpty, inFlight.values.count(where: { $0 == owner }) < maximumInFlight else { return nil }
        return waiting.removeFirst()
    }

    /// The ShowPicker numbered `serial` went to `owner`.
    mutating func sent(_ serial: UInt64, to owner: BusName) {
        inFlight[serial] = owner
    }

    /// The ShowPicker numbered `serial` no longer counts: the backend took it, answered it, or
    /// can no longer. True the first time.
    @discardableResult
    mutating func settled(_ serial: UInt64) -> Bool {
        inFlight.removeValue(forKey: serial) != nil
    }

    /// Forgets everything (the daemon stops).
    mutating func removeAll() {
        waiting.removeAll()
        inFlight.removeAll()
    }
}
