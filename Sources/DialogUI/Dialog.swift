internal import DBusKit
internal import TimePickerCore

/// One session's dialog, as the dialog front end keeps it: the latest state, and where the
/// dialog is in its life at the backend.
final class Dialog {
    let session: PickerSessionID
    /// The latest state the service gave.
    var state: PickerState
    var phase = Phase.waiting

    /// Where a dialog is, each step carrying what is true of it then: a dialog moves on by
    /// becoming the next phase, never by having fields reset one by one.
    enum Phase {
        /// Waiting in the daemon for its ShowPicker to go (the front end's `DeliveryQueue`
        /// holds which attempt it is): the backend has not heard of it.
        case waiting
        /// Its ShowPicker went to the backend, which has not been seen to take it.
        case sent(BackendDialog)
        /// The backend answered a call sent after the ShowPicker while it still owned the
        /// backend's name: it had handled the ShowPicker by then, so the dialog may be on
        /// screen. (A backend quitting gives its name up first, and may still handle a
        /// ShowPicker that came as it quit, never to show it: GTK does, when it exits on its
        /// idle timeout.)
        case taken(BackendDialog)
        /// The person accepted: the events that say what they saw are being reported, and
        /// nothing more goes to the backend.
        case accepted
    }

    /// Which ShowPicker a dialog waits for: it is sent once more after a backend that never
    /// took it left the bus, and not a third time.
    enum Attempt {
        case first
        case retry
    }

    /// The dialog as the backend has it: the ShowPicker that made it, and what it draws.
    struct BackendDialog {
        /// The ShowPicker's serial and the handle it passed: a new pair for every ShowPicker,
        /// so that an Event or a late answer for an earlier dialog of the same session path (a
        /// reused handle_token, a retry) is never taken for this one.
        let serial: UInt64
        let handle: ObjectPath
        /// The backend process the ShowPicker went to: the dialog's events come from it, and
        /// its Update and Close go to it, whoever owns the backend's name now.
        let owner: BusName
        let attempt: Attempt
        /// The ShowPicker call, given up when the session ends first: a backend that never
        /// answers it must not hold the daemon's memory for every dialog it was ever shown.
        /// Nil only while the call is being made.
        var call: (any OutstandingCall)?
        /// What the backend draws now (the last state sent): the service's latest state still
        /// has to be sent while it differs, and an unchanged state is not sent.
        var drawn: Drawn
        /// An Update is out; the next waits for its answer, so a frozen backend holds one call.
        var updateInFlight = false
    }

    init(session: PickerSessionID, state: PickerState) {
        self.session = session
        self.state = state
    }

    /// The dialog at the backend, while the backend has it (sent or taken).
    var atBackend: BackendDialog? {
        switch phase {
        case .sent(let dialog), .taken(let dialog): dialog
        case .waiting, .accepted: nil
        }
    }

    /// Changes the dialog at the backend, keeping its phase; nothing while the backend has none.
    func modifyAtBackend(_ change: (inout BackendDialog) -> Void) {
        switch phase {
        case .sent(var dialog):
            change(&dialog)
            phase = .sent(dialog)
        case .taken(var dialog):
            change(&dialog)
            phase = .taken(dialog)
        case .waiting, .accepted:
            break
        }
    }

    /// Whether this is the dialog `owner` shows under `handle`.
    func isShown(as handle: ObjectPath, by owner: BusName) -> Bool {
        guard let dialog = atBackend else { return false }
        return dialog.handle == handle && dialog.owner == owner
    }

    /// The parts of a state a backend draws from Update: an extension of the time limit
    /// changes only the last two, and the backend must hear of it (its countdown, its More time).
    struct Drawn: Equatable {
        let start: Slot
        let end: Slot
        let focus: PickerColumn
        let typed: String
        let deadline: Int?
        let timeoutExtensionsLeft: UInt32

        init(_ state: PickerState) {
            start = state.start
            end = state.end
            focus = state.focus
            typed = state.typed
            deadline = state.deadline
            timeoutExtensionsLeft = state.timeoutExtensionsLeft
        }
    }
}
