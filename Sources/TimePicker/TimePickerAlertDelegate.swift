/// What a `TimePickerAlert` tells its delegate, on the main queue: the seed's two methods, and
/// optionally the whole range and why there is none.
@MainActor
public protocol TimePickerAlertDelegate: AnyObject {
    /// The person chose: `t1` the start and `t2` the end, `HH:MM`.
    func pickerAlertSelected(t1: String, t2: String)
    /// The picker ended without a range. By default, nothing: implement this or
    /// `pickerAlertCancel(error:)`.
    func pickerAlertCancel()
    /// The person chose: the whole range (next day, length, instants). By default, calls
    /// `pickerAlertSelected(t1:t2:)`.
    func pickerAlertSelected(range: TimePickerRange)
    /// The picker ended without a range, and why: `.cancelled(reason)`, or what kept it from
    /// being shown. By default, calls `pickerAlertCancel()`.
    func pickerAlertCancel(error: TimePickerError)
}

extension TimePickerAlertDelegate {
    public func pickerAlertCancel() {}

    public func pickerAlertSelected(range: TimePickerRange) {
        pickerAlertSelected(t1: range.start, t2: range.end)
    }

    public func pickerAlertCancel(error: TimePickerError) {
        pickerAlertCancel()
    }
}
