internal import TimePickerCore

/// What the front end asks of the notification thread.
enum NotificationCommand: Sendable {
    /// Shows the session's notification, or updates it in place.
    case show(PickerSessionID, PickerModel)
    /// Closes the session's notification; nothing more is reported about it.
    case close(PickerSessionID)
    /// Drops every notification without asking the server, which is gone, and forgets what it knew of the server.
    case serverGone
    /// Closes everything and ends the thread.
    case stop
}

/// What the notification thread reports back.
enum NotificationReport: Sendable {
    case action(PickerSessionID, String)
    /// The person dismissed the notification.
    case dismissed(PickerSessionID)
    /// The notification cannot go on; the reason says why.
    case ended(PickerSessionID, CancelReason, String)
    /// The thread has closed everything and is about to end.
    case stopped
}
