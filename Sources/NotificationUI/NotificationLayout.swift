/// How a picker is laid out as notification actions.
public enum NotificationLayout: String, Sendable, CaseIterable {
    /// At most three buttons (GNOME Shell shows no more): the start, then the end, each moved
    /// Earlier or Later, then Next or OK.
    case stepper
    /// One action per slot, for servers that show actions only as a menu (dunst, mako).
    case list

    /// The layout for a server, by the name it gives in GetServerInformation.
    public static func forServer(named name: String) -> NotificationLayout {
        let menuOnlyServers = ["dunst", "mako"]
        let lowercased = name.lowercased()
        return menuOnlyServers.contains { lowercased.contains($0) } ? .list : .stepper
    }
}
