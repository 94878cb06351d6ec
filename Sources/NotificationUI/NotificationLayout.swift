/// How a picker is laid out as notification actions.
public enum NotificationLayout: String, Sendable, CaseIterable {
    /// A few buttons (GNOME Shell shows three): the start, then the end, each moved by an hour
    /// or by a step, then Next or OK.
    case stepper
    /// One action per slot, for servers that show actions only as a menu (dunst, mako).
    case list
}
