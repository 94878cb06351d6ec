import TimePickerCore

/// The time `text` says (HH:MM): the tests' own times are valid.
func time(_ text: String) -> Slot {
    Slot(wireText: text)!
}
