internal import DBusKit
internal import Localization
internal import TimePickerCore

/// A session's state in the words of the backend interface: ShowPicker's options and
/// Update's state (`dbus/io.github.timepickerd.impl.TimePicker1.xml`).
enum DialogOptions {
    /// Everything a backend needs to draw the picker: the grid (its day and zone when dated,
    /// whether it runs into the next day), the clock, the title, the selection and focus, the
    /// seconds left and the activation token.
    static func forShowPicker(_ state: PickerState, now: Int) -> [String: DBusValue] {
        let options = state.options
        var values = forUpdate(state, now: now)
        values["title"] = .string(options.title)
        values["step"] = .uint32(UInt32(options.grid.step))
        values["first"] = .string(options.grid.first.clockText)
        if let last = lastOption(options) { values["last"] = .string(last) }
        values["overnight"] = .boolean(options.overnight)
        if let date = options.grid.date, let zone = options.grid.zone {
            // The zone by the name the daemon read it under (an IANA name, or the daemon's
            // own zone's: the backend, the same user's process, reads it the same way).
            values["date"] = .string(date.isoText)
            values["time_zone"] = .string(zone.name)
        }
        values["min_duration"] = .uint32(UInt32(options.minDuration))
        values["clock"] = .string(options.clock.rawValue)
        if let token = options.activationToken { values["activation_token"] = .string(token) }
        // Who asked, as far as the system can vouch for the caller's process (the service found it).
        if let requester = options.requester {
            if let name = requester.name { values["requester"] = .string(name) }
            values["requester_kind"] = .string(requester.wireKind)
        }
        // The person's language: the caller's, else the daemon's own (the backend's environment
        // may be another, and the session speaks one language in every user interface).
        values["locale"] = .string(options.locale ?? Language.environment.resolvedName)
        return values
    }

    /// The selection (as `Slot.wireText`: the next day's times and the repeated hour's offsets
    /// go across exactly), the focused column, what is being typed, and the seconds left
    /// (restarting the countdown) with the extensions left.
    static func forUpdate(_ state: PickerState, now: Int) -> [String: DBusValue] {
        var values: [String: DBusValue] = [
            "start": .string(state.start.wireText), "end": .string(state.end.wireText), "focus": .string(state.focus.wireText),
            "typed": .string(state.typed),
        ]
        if let seconds = state.secondsLeft(at: now) {
            values["timeout"] = .uint32(UInt32(clamping: max(1, seconds)))
            // To the millisecond: the backend's countdown then ends with the daemon's deadline
            // (counted from the call's arrival), not up to a second after it.
            if let deadline = state.deadline { values["timeout_ms"] = .uint32(UInt32(clamping: max(1, deadline - now))) }
            // How many more times the person may ask for more time: the dialog's More time.
            values["timeout_extensions"] = .uint32(state.timeoutExtensionsLeft)
        }
        return values
    }

    /// The `last` that rebuilds the grid, as the options say it: "HH:MM", read as the next
    /// day's when overnight and at or before `first`. Nil for an overnight grid that runs past
    /// the next day's clock time of its first slot: only the default makes one (a `last` after
    /// `first` is on the picker's day), which the backend rebuilds without it.
    static func lastOption(_ options: PickerOptions) -> String? {
        let grid = options.grid
        guard options.overnight, grid.last.isNextDay, grid.last.time > grid.first.time else { return grid.last.clockText }
        return nil
    }
}
