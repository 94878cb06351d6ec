public import TimePickerCore

/// The picker events an invoked notification action stands for, whatever the layout.
///
/// `default` is a click on the notification's body: Next while choosing the start, OK after.
public func pickerEvents(forAction key: String, in state: PickerState) -> [PickerEvent] {
    switch key {
    case "earlier": return [.move(by: -1)]
    case "later": return [.move(by: 1)]
    case "next": return [.focus(.end)]
    case "ok": return [.confirm]
    case "default": return state.focus == .start ? [.focus(.end)] : [.confirm]
    default:
        if key.hasPrefix("start-"), let time = WallClockTime(parsing: String(key.dropFirst(6))) {
            return [.set(.start, time), .focus(.end)]
        }
        if key.hasPrefix("end-"), let time = WallClockTime(parsing: String(key.dropFirst(4))) {
            return [.set(.end, time), .confirm]
        }
        return []
    }
}
