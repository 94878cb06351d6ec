package import TimePickerCore

/// How a dialog ended: what its ShowPicker call answers (`ShowPickerReply`).
package enum DialogOutcome: Equatable, Sendable {
    /// OK, Enter, or a double click on a row: the selection the dialog showed.
    case accepted(start: Slot, end: Slot)
    /// Cancel, Escape, or the window closed by the person.
    case cancelled
    /// Ended without the person (closed by the caller, the window destroyed): the reason, one line.
    case ended(String)
}

/// Where a dialog window reports what happens to it; handed to it as it is made.
@MainActor
package struct DialogWindowReports {
    /// The person did `event` (a click, a key, the keyboard moving to a column), for the daemon,
    /// which answers with an Update.
    package let event: @MainActor (PickerEvent) -> Void
    /// The dialog ended, with the outcome its ShowPicker call answers.
    package let finish: @MainActor (DialogOutcome) -> Void
    /// What the daemon should log about the dialog: its parent window could not be used.
    package let notice: @MainActor (String) -> Void

    package init(
        event: @escaping @MainActor (PickerEvent) -> Void, finish: @escaping @MainActor (DialogOutcome) -> Void,
        notice: @escaping @MainActor (String) -> Void
    ) {
        self.event = event
        self.finish = finish
        self.notice = notice
    }
}

/// One dialog on screen, in whatever toolkit draws it: the seam between the backend's bus side
/// (`BackendService`, `OpenDialogs`), which any toolkit's backend shares, and a toolkit's
/// windows (`GtkDialogBackend.TimePickerDialog`).
///
/// The window draws the state it is given and reports what the person does; it decides
/// nothing the daemon decides (the selection after a key, the timeout), and holds no bus.
///
/// What an implementation must guarantee, and may rely on:
/// - Everything happens on the main thread, in the toolkit's main loop, which also runs the bus
///   connection (`BackendLoop`); nothing blocks it.
/// - It is made by its `DialogWindowFactory` with the request and the parent window, and shown
///   by `present`, once, right after. It draws `request.state` from the start.
/// - `update` comes any number of times while it is open: the daemon's new state, to draw as it
///   is (clicks the daemon has not answered yet may stay shown ahead of it: `ShownSelection`).
///   `restartingCountdown` says the state carries the seconds left afresh; otherwise the
///   countdown goes on from where it is. The countdown is only shown: the daemon closes the
///   dialog when its time is up.
/// - It ends exactly once, through `reports.finish`: `.accepted` with the selection it showed,
///   `.cancelled` when the person cancelled, `.ended(reason)` when it went away otherwise.
///   `close(reason:)` ends it with `.ended(reason)` and takes it off the screen, and reports
///   `finish` before it returns (the backend sends the replies and may exit right after).
///   After `finish` it reports nothing more, and is called no more.
/// - `reports.event` carries only what a person did to a dialog they could see, each event as
///   the daemon reads it (`PickerEvent.wireText`); it may come from inside `present` or `update`
///   (the keyboard landing in a column) as well as from the toolkit's input.
/// - `reports.notice` comes at most once: when the dialog is shown without the parent window
///   it was asked for, and why.
@MainActor
package protocol DialogWindow: AnyObject {
    /// Shows the window, with the keyboard in the column the state focuses.
    func present()
    /// Draws the daemon's new `state`; `restartingCountdown` when it carried the seconds left.
    func update(_ state: DialogState, restartingCountdown: Bool)
    /// Ends the dialog with `.ended(reason)` and takes the window down.
    func close(reason: String)
}

/// Makes the dialog windows of one toolkit: what a toolkit's backend module gives `BackendService`.
@MainActor
package protocol DialogWindowFactory {
    /// A window for `request`, made transient for `parent` where the toolkit can, reporting to
    /// `reports`; not shown until `present`.
    func makeWindow(for request: DialogRequest, parent: ParentWindowID, reports: DialogWindowReports) -> any DialogWindow
}
