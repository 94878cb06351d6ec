// Asks timepickerd for a time range from Swift with async/await, and prints its length too:
// `try await alert.pick()` returns the range, or throws a TimePickerError whose code says why
// none was chosen. Cancelling the task (here: after 10 minutes) withdraws the picker, and the
// pick throws CancellationError, as any cancelled Swift task does.
//
// Run here: swift run pick-await
import Foundation
import TimePicker

let alert = TimePickerAlert(title: "Team meeting")
alert.step = .seconds(30 * 60)
alert.first = TimeOfDay(hour: 7)
alert.last = .endOfDay
alert.usesCallerTerminal = true
// Shown for at most 10 minutes: the task is cancelled, and with it the picker.
let pick = Task { try await alert.pick() }
let deadline = Task {
    try await Task.sleep(for: .seconds(600))
    pick.cancel()
}
do {
    let range = try await pick.value
    deadline.cancel()
    let minutes = range.duration.map { " (\($0.components.seconds / 60) minutes)" } ?? ""
    print("from \(range.start) to \(range.end)\(minutes)")
} catch is CancellationError {
    FileHandle.standardError.write(Data("No time range chosen (withdrawn after 10 minutes)\n".utf8))
    exit(1)
} catch let error as TimePickerError where [.user, .timeout, .caller, .shutdown].contains(error.code) {
    FileHandle.standardError.write(Data("No time range chosen (\(error.code))\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("pick-await: \(error)\n".utf8))
    exit(2)
}
