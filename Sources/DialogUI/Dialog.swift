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
    var showing: PendingCall?
    /// When the backend answered a call sent after the ShowPicker (`MonotonicClock`
    /// milliseconds): it had handled the ShowPicker by then, so the dialog may be on screen.
    var takenAt: Int?
    /// An Event came from the dialog: the person has seen it and used it.
    var touched = false
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

    /// How long a dialog may have been up, untouched, and still count as unseen when its
    /// backend leaves without answering: a backend that quits on its idle timeout may still
    /// handle a ShowPicker that arrives as it quits (GTK does, and exits with the window never
    /// mapped), and a second is too short to read a time picker, let alone use it.
    static let unseenMilliseconds = 1000

    /// Whether the person may have seen this dialog at `now`: the backend took its ShowPicker
    /// at least `unseenMilliseconds` ago, or the person used it.
    func mayHaveBeenSeen(now: Int) -> Bool {
        guard let takenAt else { return false }
        return touched || now - takenAt >= Self.unseenMilliseconds
    }

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
