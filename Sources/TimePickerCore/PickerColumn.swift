/// Which column of the picker has the keyboard focus.
public enum PickerColumn: Sendable, Equatable {
    case start, end

    /// The other column.
    public var other: PickerColumn {
        switch self {
        case .start: .end
        case .end: .start
        }
    }
}
