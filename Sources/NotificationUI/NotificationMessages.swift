internal import TimePickerCore

/// What the notification server said about a session, as the front end hears it.
enum NotificationReport: Sendable {
    /// The person invoked an action; the server gave `activationToken` for it, if any.
    case action(PickerSessionID, String, activationToken: String?)
    /// The person sent a text from the reply field.
    case reply(PickerSessionID, String)
    /// The person dismissed the notification.
    case dismissed(PickerSessionID)
    /// The notification cannot go on; the reason says why.
    case ended(PickerSessionID, CancelReason, String)
}
