/// How a picker ended.
public enum PickerOutcome: Sendable, Equatable {
    /// The person accepted this range.
    case selected(start: Slot, end: Slot)
    /// The picker ended without a selection.
    case cancelled(CancelReason)
}
