import TimePickerCore

/// Hears what a front end reports, as the service would, and keeps it in order.
final class RecordingDelegate: PickerFrontEndDelegate {
    /// One report, without its message.
    enum Report: Equatable {
        case event(PickerSessionID, PickerEvent)
        case cannotShow(PickerSessionID, CancelReason)
        case couldNotShow(PickerSessionID)
    }

    private(set) var reports: [Report] = []
    /// The message of each `cannotShow` and `couldNotShow`, in order.
    private(set) var messages: [String] = []

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, didReport event: PickerEvent) {
        reports.append(.event(session, event))
    }

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, cannotShow reason: CancelReason, because message: String) {
        reports.append(.cannotShow(session, reason))
        messages.append(message)
    }

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, couldNotShow message: String) {
        reports.append(.couldNotShow(session))
        messages.append(message)
    }
}
