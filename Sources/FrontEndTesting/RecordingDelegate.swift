public import TimePickerCore

/// Hears what a front end reports and keeps it in order, for a front end's unit tests (unlike
/// `PickerFrontEndConformance`'s stand-in, it plays no service: it only listens).
public final class RecordingDelegate: PickerFrontEndDelegate {
    /// One report, without its message.
    public enum Report: Equatable, Sendable {
        case event(PickerSessionID, PickerEvent)
        case cannotShow(PickerSessionID, CancelReason)
        case couldNotShow(PickerSessionID)
    }

    public private(set) var reports: [Report] = []
    /// The message of each `cannotShow` and `couldNotShow`, in order.
    public private(set) var messages: [String] = []

    public init() {}

    public func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, didReport event: PickerEvent) {
        reports.append(.event(session, event))
    }

    public func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, cannotShow reason: CancelReason, because message: String) {
        reports.append(.cannotShow(session, reason))
        messages.append(message)
    }

    public func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, couldNotShow message: String) {
        reports.append(.couldNotShow(session))
        messages.append(message)
    }
}
