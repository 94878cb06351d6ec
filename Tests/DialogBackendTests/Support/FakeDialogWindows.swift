@testable import DialogBackend
import TimePickerCore

/// A dialog window with nobody in front of it: it records what the backend asks of it, and the
/// test plays the person (`person(_:)`, `finish(_:)`) and the toolkit (`notice(_:)`).
@MainActor
final class FakeDialogWindow: DialogWindow {
    let request: DialogRequest
    let parent: ParentWindowID
    private let reports: DialogWindowReports
    private(set) var presentations = 0
    /// Every Update drawn, with whether it restarted the countdown.
    private(set) var updates: [(state: DialogState, restartingCountdown: Bool)] = []
    /// The reason of `close(reason:)`, once called.
    private(set) var closedReason: String?
    private(set) var isFinished = false

    init(request: DialogRequest, parent: ParentWindowID, reports: DialogWindowReports) {
        self.request = request
        self.parent = parent
        self.reports = reports
    }

    /// The title the request asked for: how the tests tell their dialogs apart.
    var heading: String { request.heading }

    func present() { presentations += 1 }

    func update(_ state: DialogState, restartingCountdown: Bool) {
        updates.append((state, restartingCountdown))
    }

    func close(reason: String) {
        closedReason = reason
        finish(.ended(reason))
    }

    /// The person did `event`.
    func person(_ event: PickerEvent) { reports.event(event) }

    /// The dialog ends with `outcome` (the person answered, or the window went away), once.
    func finish(_ outcome: DialogOutcome) {
        guard !isFinished else { return }
        isFinished = true
        reports.finish(outcome)
    }

    /// The window could not be used as `parent` said, because of `problem`.
    func notice(_ problem: String) { reports.notice(problem) }
}

/// Makes `FakeDialogWindow`s, and keeps them for the test to find.
@MainActor
final class FakeDialogWindows: DialogWindowFactory {
    /// Every window made, in order.
    private(set) var made: [FakeDialogWindow] = []

    func makeWindow(for request: DialogRequest, parent: ParentWindowID, reports: DialogWindowReports) -> any DialogWindow {
        let window = FakeDialogWindow(request: request, parent: parent, reports: reports)
        made.append(window)
        return window
    }

    /// The window made for the dialog titled `heading`, if one was.
    func window(_ heading: String) -> FakeDialogWindow? { made.first { $0.heading == heading } }
}
