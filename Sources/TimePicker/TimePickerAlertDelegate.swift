/// What a `TimePickerAlert` tells its delegate, on the main queue: the seed's two methods, and
/// optionally the whole range and why there is none.
@MainActor
public protocol TimePickerAlertDelegate: AnyObject {
    /// The person chose: `t1` the start and `t2` the end, `HH:MM`.
    func pickerAlertSelected(t1: String, t2: String)
    /// The picker ended without a range. By default, nothing: implement this or
    /// `pickerAlertCancel(error:)`.
    func pickerAlertCancel()
    /// The person chose: the whole range (next day, length, interval). By default, calls
    /// `pickerAlertSelected(t1:t2:)`.
    func pickerAlertSelected(range: TimePickerRange)
    /// The picker ended without a range, and why: `CancellationError` when this program called
    /// `cancel()`, else a `TimePickerError` (the person dismissed it, the timeout ran out, it
    /// could not be shown). `any Error`, as Swift reports a cancel, so that one method hears
    /// both. By default, calls `pickerAlertCancel()`.
    func pickerAlertCancel(error: any Error)
}

extension TimePickerAlertDelegate {
    public func pickerAlertCancel() {}

    public func pickerAlertSelected(range: TimePickerRange) {
        pickerAlertSelected(t1: range.start, t2: range.end)
    }

    public func pickerAlertCancel(error: any Error) {
        pickerAlertCancel()
    }
}
