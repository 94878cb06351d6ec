internal import TimePickerCore

/// What the notification thread reports back.
enum NotificationReport: Sendable {
    /// The person invoked an action; these may be dropped when too many wait (see `maximumWaitingActions`).
    case action(PickerSessionID, String)
    /// The person dismissed the notification.
    case dismissed(PickerSessionID)
    /// The notification cannot go on; the reason says why.
    case ended(PickerSessionID, CancelReason, String)
    /// The thread has closed everything and is about to end.
    case stopped
}

extension NotificationReport {
    /// How many reports may wait before further actions are dropped: far more than a person
    /// clicks between two turns of the daemon's loop, far fewer than a flooding server sends.
    static let maximumWaitingActions = 256
}
