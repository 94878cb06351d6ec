// Asks timepickerd for a time range from Swift with async/await, and prints its length too:
// `try await alert.pick()` returns the range, or throws TimePickerError.cancelled(reason) when
// none was chosen. Cancelling the task (here: after 10 minutes) withdraws the picker.
//
// Run here: swift run pick-await
import Foundation
import TimePicker

let alert = TimePickerAlert(title: "Team meeting")
alert.step = 30
alert.usesCallerTerminal = true
// Shown for at most 10 minutes: the task is cancelled, and with it the picker (reason "caller").
let pick = Task { try await alert.pick() }
let deadline = Task {
    try await Task.sleep(for: .seconds(600))
    pick.cancel()
}
do {
    let range = try await pick.value
    deadline.cancel()
    let minutes = range.durationSeconds.map { " (\($0 / 60) minutes)" } ?? ""
    print("from \(range.start) to \(range.end)\(minutes)")
} catch TimePickerError.cancelled(let reason) {
    FileHandle.standardError.write(Data("No time range chosen (\(reason))\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("pick-await: \(error)\n".utf8))
    exit(2)
}
