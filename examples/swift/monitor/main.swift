// Prints the outcome of every time picker on the session bus, whoever asked for it, as
// `timepickerctl monitor` does: TimePickerMonitor follows the service's well-known name, so it
// goes on when the service restarts, and takes outcomes only from your own user's service.
//
// Run here: swift run monitor-outcomes
import Foundation
import TimePicker

/// One line on stdout at once, even into a pipe.
func say(_ items: Any...) {
    FileHandle.standardOutput.write(Data((items.map { "\($0)" }.joined(separator: " ") + "\n").utf8))
}

do {
    for try await outcome in TimePickerMonitor(onListening: { _ in FileHandle.standardError.write(Data("listening\n".utf8)) }) {
        switch outcome.event {
        case .response(let code, _, let range):
            let length = range?.duration.map { " \($0.components.seconds / 60) minutes" } ?? ""
            say(outcome.session, "Response", code, range.map { "\($0)" } ?? "", length)
        case .selected(let range):
            say(outcome.session, "Selected", range.start, range.end)
        case .cancelled(let reason):
            say(outcome.session, "Cancelled", reason)
        }
    }
} catch {
    FileHandle.standardError.write(Data("monitor-outcomes: \(error)\n".utf8))
    exit(2)
}
