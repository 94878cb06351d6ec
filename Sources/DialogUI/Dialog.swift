internal import DBusKit
internal import TimePickerCore

/// One session's dialog, as the dialog front end keeps it: the latest state, and what the
/// backend was sent for it.
final class Dialog {
    let session: PickerSessionID
    /// The latest state the service gave.
    var state: PickerState
    /// The ShowPicker now out for it (its serial), and the handle that call passed: a new pair
    /// for every ShowPicker, so that an Event or a late answer for an earlier dialog of the same
    /// session path (a reused handle_token, a retry) is never taken for this one. Nil while it
    /// waits in the daemon.
    var serial: UInt64?
    var handle: ObjectPath?
    /// The backend process the ShowPicker went to; nil while it waits.
    var owner: BusName?
    /// The ShowPicker call, given up when the session ends first: a backend that never
    /// answers it must not hold the daemon's memory for every dialog it was ever shown.
    var showing: (any OutstandingCall)?
    /// The backend answered a call sent after the ShowPicker while it still owned the
    /// backend's name: it had handled the ShowPicker by then, so the dialog may be on screen.
    /// (A backend quitting gives its name up first, and may still handle a ShowPicker that
    /// came as it quit, never to show it: GTK does, when it exits on its idle timeout.)
    var taken = false
    /// What the backend draws now (the last state sent): the service's latest state still
    /// has to be sent while it differs, and an unchanged state is not sent.
    var sent: Drawn
    /// An Update is out; the next waits for its answer, so a frozen backend holds one call.
    var updateInFlight = false
    /// ShowPicker was sent once more, after a backend that never took it left the bus: a
    /// second time is not tried.
    var retried = false
    /// The person accepted: the events that say what they saw are being reported, and
    /// nothing more goes to the backend.
    var accepted = false

    init(session: PickerSessionID, state: PickerState) {
        self.session = session
        self.state = state
        sent = Drawn(state)
    }

    /// The parts of a state a backend draws from Update.
    struct Drawn: Equatable {
        let start: WallClockTime
        let end: WallClockTime
        let focus: PickerColumn
        let typed: String

        init(_ state: PickerState) {
            start = state.start
            end = state.end
            focus = state.focus
            typed = state.typed
        }
    }
}
