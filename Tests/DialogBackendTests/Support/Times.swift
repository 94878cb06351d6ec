import TimePickerCore

/// The slot `text` says (`Slot.wireText`: HH:MM, past 24 the next day, +HH:MM dated): the tests' own are valid.
func time(_ text: String) -> Slot {
    Slot(wireText: text)!
}
