import FrontEndTesting
import TimePickerCore

/// The selection a person reads in `text`: its first two 24-hour times ("09:00", "10:00"), as
/// the terminal's "Selected:" line, a notification's body and a dialog's rows write them, each
/// with the marks in brackets right after it ("06:00 (next day)", "02:30 (CEST)").
func readSelection(in text: String) -> SeenPicker? {
    let characters = Array(text)
    var times: [SeenTime] = []
    var index = 0
    while index + 5 <= characters.count, times.count < 2 {
        let candidate = String(characters[index..<index + 5])
        let isTime = characters[index + 2] == ":" && candidate.enumerated().allSatisfy { $0.offset == 2 || $0.element.isASCII && $0.element.isNumber }
        // Not the tail of a longer number.
        let standsAlone = index == 0 || !(characters[index - 1].isNumber)
        guard isTime, standsAlone, let time = WallClockTime(parsing: candidate) else {
            index += 1
            continue
        }
        index += 5
        var seen = SeenTime(time: time)
        while let (mark, next) = bracketedMark(in: characters, at: index) {
            if mark == "next day" { seen.isNextDay = true } else { seen.zone = mark }
            index = next
        }
        times.append(seen)
    }
    guard times.count == 2 else { return nil }
    return SeenPicker(start: times[0], end: times[1])
}

/// The text of " (MARK)" at `index`, and the index after it; nil when none starts there.
private func bracketedMark(in characters: [Character], at index: Int) -> (String, Int)? {
    guard index + 2 < characters.count, characters[index] == " ", characters[index + 1] == "(",
          let close = characters[(index + 2)...].firstIndex(of: ")")
    else { return nil }
    return (String(characters[(index + 2)..<close]), close + 1)
}
