/// What a notification server does with a picker's notification, as measured on each server
/// (docs/user-interfaces.md has the table): the Notifications specification leaves it open how
/// many actions are shown, whether `default` is a button, what a click on the body does, and
/// whether an update keeps its buttons.
public struct NotificationServerProfile: Sendable, Equatable {
    /// What a click on the notification's body does.
    public enum BodyClick: Sendable, Equatable {
        /// It invokes the `default` action (GNOME Shell, Plasma, mako, dunst's left click).
        case defaultAction
        /// It only closes the notification (xfce4-notifyd): nothing may ask for it.
        case closes
        /// Not known: the text names both the click and the button.
        case unknown
    }

    /// The server's name, as GetServerInformation gave it (for the log).
    public var name: String
    public var layout: NotificationLayout
    /// How many buttons besides Next or OK the stepper sends at most: GNOME Shell shows three
    /// (`default` is never one of them); nil when the server shows them all.
    public var maximumButtons: Int?
    /// The server shows `default` as a labelled button (xfce4-notifyd, dunst's menu).
    public var showsDefaultAsButton: Bool
    public var bodyClick: BodyClick
    /// An update in place (Notify with replaces_id) keeps the notification's buttons on screen.
    /// GNOME Shell 43 rebuilds the banner without its buttons and never shows it again, so there
    /// each step is a new notification and the old one is closed.
    public var updatesInPlace: Bool
    /// Send the picker with critical urgency: GNOME Shell then shows the banner expanded (the
    /// buttons without hovering), keeps it until the person acts, and keeps it after a button.
    public var critical: Bool
    /// The server shows only a long body's first lines: GNOME Shell 43's expanded banner shows
    /// six, wrapped lines counted (messageList.js's DEFAULT_EXPAND_LINES), so who asks, last in
    /// the body, was never seen there; Plasma 5.27's popup scrolls a body longer than it is
    /// (seen once a typed answer's note came first).
    public var shortensBody = false

    /// The profile for a server by the name GetServerInformation gives (what GetCapabilities
    /// says, body markup and actions, is read where it is used); `layout` overrides the layout
    /// chosen (`--notification-layout`).
    public static func forServer(named name: String, layout: NotificationLayout? = nil) -> Self {
        var profile = known(name) ?? generic(.stepper)
        profile.name = name
        if let layout, layout != profile.layout {
            profile = generic(layout)
            profile.name = name
        }
        return profile
    }

    /// A server the daemon knows nothing of: it shows the spec's `default` and at least three
    /// buttons, and its body click is not known.
    public static func generic(_ layout: NotificationLayout) -> Self {
        Self(
            name: "", layout: layout, maximumButtons: 3, showsDefaultAsButton: true, bodyClick: .unknown,
            updatesInPlace: true, critical: false)
    }

    /// The servers measured on this project's test machines (Debian 12), by a part of their name.
    private static func known(_ name: String) -> Self? {
        let lowercased = name.lowercased()
        if lowercased == "gnome-shell" {
            return Self(
                name: name, layout: .stepper, maximumButtons: 3, showsDefaultAsButton: false, bodyClick: .defaultAction,
                updatesInPlace: false, critical: true, shortensBody: true)
        }
        if lowercased == "plasma" {
            return Self(
                name: name, layout: .stepper, maximumButtons: 4, showsDefaultAsButton: false, bodyClick: .defaultAction,
                updatesInPlace: true, critical: false, shortensBody: true)
        }
        if lowercased.contains("xfce") {
            return Self(
                name: name, layout: .stepper, maximumButtons: nil, showsDefaultAsButton: true, bodyClick: .closes,
                updatesInPlace: true, critical: false)
        }
        if lowercased.contains("dunst") || lowercased.contains("mako") {
            return Self(
                name: name, layout: .list, maximumButtons: nil, showsDefaultAsButton: true, bodyClick: .defaultAction,
                updatesInPlace: true, critical: false)
        }
        return nil
    }
}
