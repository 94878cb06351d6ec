/// Where the service shows the picker (the `ui` option); unset, the service chooses.
public enum TimePickerUserInterface: Hashable, Sendable {
    /// On a terminal: the service's own, or this program's with `usesCallerTerminal`.
    case terminal
    /// A desktop notification with buttons.
    case notification
    /// A dialog window (`timepickerd-gtk`), transient for `parentWindow` when set.
    case dialog

    /// The option's word on the bus.
    var wireValue: String {
        switch self {
        case .terminal: "terminal"
        case .notification: "notification"
        case .dialog: "dialog"
        }
    }
}
