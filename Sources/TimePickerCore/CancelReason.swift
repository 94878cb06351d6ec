/// Why a picker session ended without a selection (the string is what goes on the bus).
public enum CancelReason: String, Sendable, CaseIterable {
    /// The person dismissed the picker.
    case user
    /// The caller's timeout ran out.
    case timeout
    /// The caller withdrew the request.
    case caller
    /// The service is stopping.
    case shutdown
    /// No way to show a picker right now.
    case unavailable
}
