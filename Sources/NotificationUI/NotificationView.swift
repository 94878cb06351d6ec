public import TimePickerCore

/// What one session's notification shows: the state its session gave the front end, and the one
/// thing only the notification front end knows — which hour the list layout's menu is narrowed to.
///
/// The hour is how the menu is paged, not a selection: choosing it reports no event, and the
/// session never hears of it. It lives with the front end's copy of the state (never in a
/// `PickerModel`), and any step that reports events, or a new focus, takes the menu back to the
/// hours.
public struct NotificationView: Sendable, Equatable {
    public var state: PickerState
    /// The hour whose slots the list menu offers for the focused column, once the person chose
    /// it; nil while the menu offers the hours, or every slot when they fit one menu. The
    /// stepper ignores it.
    public var menuHour: MenuHour?
    /// The local time the session times out at, when it has a timeout that ends today or
    /// tomorrow (a slot counting on past 24:00 into tomorrow): what the body says on servers
    /// where a countdown cannot be redrawn in place.
    public var closesAt: Slot?
    /// What the person's last typed reply was read as when it had to guess, or why it could not
    /// be read, or that the window they asked for could not be opened: the body's first line,
    /// until the next step.
    public var replyNote: String?
    /// The notification offers to go on in a window ("Choose in a window…"): a dialog could
    /// show the session now (`HandOverOffer`).
    public var offersWindow = false

    public init(_ state: PickerState, menuHour: MenuHour? = nil, closesAt: Slot? = nil) {
        self.state = state
        self.menuHour = menuHour
        self.closesAt = closesAt
    }

    /// The menu's hour after the person invoked `key`: the hour chosen, none after going back to
    /// the hours or after any step the session hears of, and unchanged for a key that means
    /// nothing here (unknown, or an hour of the column not being chosen: an older menu's).
    public func menuHour(afterAction key: String) -> MenuHour? {
        switch NotificationActionKey(rawValue: key) {
        case .hour(let column, let hour): column == state.focus ? hour : menuHour
        case .hours(let column): column == state.focus ? nil : menuHour
        case nil: menuHour
        default: nil
        }
    }

    /// This view with the session's new `state`; the menu goes back to the hours when the focus moved.
    public func updated(to state: PickerState) -> NotificationView {
        NotificationView(state, menuHour: state.focus == self.state.focus ? menuHour : nil, closesAt: closesAt)
    }
}
