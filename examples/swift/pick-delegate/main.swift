// Asks timepickerd for a time range from a Swift command-line program, the way the seed's iOS
// alert was used: an alert, a delegate, show(). The delegate hears the outcome on the main
// queue, so the program only keeps the main queue running (dispatchMain()).
//
// In your package: .package(url: "https://github.com/timepickerd/timepickerd", branch: "main")
// (or .package(path: "…/timepickerd")), and .product(name: "TimePicker", package: "timepickerd")
// in your target's dependencies. Run here: swift run pick-delegate
import Foundation
import TimePicker

/// Asks once, prints the answer and exits: 0 with a range, 1 without, 2 when the picker could not be shown.
@MainActor
final class Meeting: TimePickerAlertDelegate {
    let alert = TimePickerAlert(title: "Team meeting")

    func ask() {
        alert.step = .seconds(30 * 60)
        alert.clock = .twentyFourHour
        // The picker in this terminal, as a command-line program would want; a window would
        // set parentWindow instead.
        alert.usesCallerTerminal = true
        alert.delegate = self
        alert.show()
    }

    func pickerAlertSelected(t1: String, t2: String) {
        print("from \(t1) to \(t2)")
        exit(0)
    }

    /// Optional: why there is no range (the seed's pickerAlertCancel() would do too).
    /// `CancellationError` would mean this program called alert.cancel(), which it never does.
    func pickerAlertCancel(error: any Error) {
        // Nobody chose: the person, the time limit, another program, the service stopping.
        let noChoice: [TimePickerError.Code] = [.user, .timeout, .caller, .shutdown]
        if let error = error as? TimePickerError, noChoice.contains(error.code) {
            FileHandle.standardError.write(Data("No time range chosen (\(error.code))\n".utf8))
            exit(1)
        }
        FileHandle.standardError.write(Data("pick-delegate: \(error)\n".utf8))
        exit(2)
    }
}

let meeting = Meeting()
meeting.ask()
dispatchMain()
