internal import DialogBackend
internal import Logging

/// Makes GTK's dialog windows (`TimePickerDialog`) for `OpenDialogs`.
@MainActor
struct GtkDialogWindows: DialogWindowFactory {
    let log: Logger

    func makeWindow(for request: DialogRequest, parent: ParentWindowID, reports: DialogWindowReports) -> any DialogWindow {
        TimePickerDialog(request: request, parent: parent, log: log, reports: reports)
    }
}
