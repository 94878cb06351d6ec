internal import DBusKit
internal import Localization
internal import TimePickerCore

/// A session's state in the words of the backend interface: ShowPicker's options and
/// Update's state (`dbus/io.github.timepickerd.impl.TimePicker1.xml`).
enum DialogOptions {
    /// Everything a backend needs to draw the picker: the grid, the clock, the title, the
    /// selection and focus, the seconds left and the activation token.
    static func forShowPicker(_ state: PickerState, now: Int) -> [String: DBusValue] {
        let options = state.options
        var values = forUpdate(state, now: now)
        values["title"] = .string(options.title)
        values["step"] = .uint32(UInt32(options.grid.step))
        values["first"] = .string(options.grid.first.busText)
        values["last"] = .string(options.grid.last.busText)
        values["min_duration"] = .uint32(UInt32(options.minDuration))
        values["clock"] = .string(options.clock.rawValue)
        if let token = options.activationToken { values["activation_token"] = .string(token) }
        // The person's language: the caller's, else the daemon's own (the backend's environment
        // may be another, and the session speaks one language in every user interface).
        values["locale"] = .string(options.locale ?? Language.environment.resolvedName)
        return values
    }

    /// The selection, the focused column, what is being typed, and the seconds left
    /// (restarting the countdown).
    static func forUpdate(_ state: PickerState, now: Int) -> [String: DBusValue] {
        var values: [String: DBusValue] = [
            "start": .string(state.start.busText), "end": .string(state.end.busText), "focus": .string(state.focus.wireText),
            "typed": .string(state.typed),
        ]
        if let seconds = state.secondsLeft(at: now) { values["timeout"] = .uint32(UInt32(clamping: max(1, seconds))) }
        return values
    }
}
