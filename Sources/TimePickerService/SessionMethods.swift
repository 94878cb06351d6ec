internal import DBusKit
internal import TimePickerCore

/// io.github.timepickerd.TimePicker1.Session: Cancel(), for the daemon's own user.
extension TimePickerService {
    /// Ends the session with `Cancelled("caller")`.
    ///
    /// Only connections of the daemon's own user get this far (`CallerAdmission`), and only they
    /// create sessions: so the creator's connection and the user's other connections may
    /// cancel, as the bus vouches, and another user's is refused before it is read.
    func cancel(_ call: MethodCall) throws(ServiceError) -> MethodResult {
        // The table finds Cancel on sessions only.
        guard let session = call.session else { throw .unknownObject("no session at '\(call.path)'") }
        end(session, with: .cancelled(.caller), answering: call.message)
        return .later
    }
}
