import FrontEndTesting
import TimePickerCore

/// The selection a person reads in `text`: its first two 24-hour times ("09:00", "10:00"), as
/// the terminal's "Selected:" line, a notification's body and a dialog's rows write them.
func readSelection(in text: String) -> SeenPicker? {
    let characters = Array(text)
    var times: [WallClockTime] = []
    var index = 0
    while index + 5 <= characters.count, times.count < 2 {
        let candidate = String(characters[index..<index + 5])
        let isTime = characters[index + 2] == ":" && candidate.enumerated().allSatisfy { $0.offset == 2 || $0.element.isASCII && $0.element.isNumber }
        // Not the tail of a longer number.
        let standsAlone = index == 0 || !(characters[index - 1].isNumber)
        if isTime, standsAlone, let time = WallClockTime(parsing: candidate) {
            times.append(time)
            index += 5
        } else {
            index += 1
        }
    }
    guard times.count == 2 else { return nil }
    return SeenPicker(start: times[0], end: times[1])
}
