import Localization
import TimePickerCore

/// Parses a known-good "HH:MM" literal; test inputs are constants, so a bad one is a test bug.
func time(_ text: String) -> WallClockTime {
    guard let time = WallClockTime(parsing: text) else {
        preconditionFailure("bad time literal in test: \(text)")
    }
    return time
}

/// Validated options from string/uint32 pairs, with the 24-hour clock unless given.
func options(
    _ raw: [String: OptionValue] = [:], defaultClock: ClockStyle = .twentyFourHour
) throws(OptionError) -> PickerOptions {
    try PickerOptions(validating: raw, defaultClock: defaultClock)
}

/// The words in English (the C locale, no catalog): what the core's notes and lengths read as
/// untranslated.
let english = PickerWords(Language(named: "C")!)

/// The undated slot at `text` ("HH:MM") on a picker's day.
func slot(_ text: String) -> Slot {
    Slot(time(text))
}
