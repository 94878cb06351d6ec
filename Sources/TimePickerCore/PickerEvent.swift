/// What a person (through any UI) does to a picker.
public enum PickerEvent: Sendable, Equatable {
    /// Moves the focused column by this many slots (negative = earlier); clamps, never wraps.
    case move(by: Int)
    /// Moves the focused column by n * `grid.slotsPerHour` slots; clamps, never wraps.
    case moveByHour(Int)
    /// Moves the focused column to the first slot it can take.
    case moveToFirst
    /// Moves the focused column to the last slot it can take.
    case moveToLast
    /// Moves the focus to the other column.
    case switchFocus
    /// Moves the focus to this column.
    case focus(PickerColumn)
    /// Selects a value directly, as list-style UIs do; ignored if the column cannot take it.
    case set(PickerColumn, Slot)
    /// A character typed towards a time in the focused column (`TypedTime`): the column jumps
    /// to the slot nearest what the typing means so far. Ignored unless `TypedTime.accepts` it.
    case type(Character)
    /// Takes the last typed character back (Backspace).
    case erase
    /// Ends the typing (a pause); the selection stays where it is. Any other event ends it too.
    case finishTyping
    /// Asks for more time: when the session has a time limit and extensions are left, the
    /// limit runs the whole `timeout` again from now and one extension is used (WCAG 2.2.1's
    /// "extend"); otherwise nothing changes.
    case extendTime
    /// Accepts the current selection.
    case confirm
    /// Dismisses the picker without a selection.
    case cancel
}
