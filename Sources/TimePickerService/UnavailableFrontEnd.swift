public import TimePickerCore

/// The front end for a daemon that has no way to show a picker: every session it is given ends
/// at once with `Cancelled("unavailable")`.
public final class UnavailableFrontEnd: PickerFrontEnd {
    public let kind: String
    public weak var delegate: (any PickerFrontEndDelegate)?

    /// `kind` is the user interface that would have shown the sessions, for the `UserInterface` property.
    public init(kind: String) {
        self.kind = kind
    }

    public func show(session: PickerSessionID, model: PickerModel) {
        delegate?.frontEnd(session: session, didFinish: .cancelled(.unavailable))
    }

    public func withdraw(session: PickerSessionID) {}
    public func shutdown() {}
}
