/// The end of a session on the bus, whoever asked for it, as `TimePickerMonitor` gives it: the
/// service's Response, Selected or Cancelled signal (`timepickerctl monitor` prints one line each).
public struct TimePickerOutcome: Equatable, Sendable {
    /// The session's object path: /io/github/timepickerd/TimePicker1/session/…
    public let session: String
    public let event: Event

    /// One of the session's last signals. Response comes first with the whole answer, then
    /// Selected or Cancelled.
    public enum Event: Equatable, Sendable {
        /// `Response(code, results)`: 0 chosen, 1 cancelled by the person, 2 ended otherwise;
        /// each result's value as text ("22:00", "true", "28800"), and the range they describe
        /// when they describe one whole.
        case response(code: UInt32, results: [String: String], range: TimePickerRange?)
        /// `Selected(start, end)`: the range, whole when the session's Response just before
        /// described it (length, next day, interval), else only its two times.
        case selected(TimePickerRange)
        /// `Cancelled(reason)`.
        case cancelled(TimePickerCancelReason)
    }

    public init(session: String, event: Event) {
        self.session = session
        self.event = event
    }
}
