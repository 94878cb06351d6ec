/// Which application a caller's process belongs to, as the system knows it, never as the caller
/// says: what a picker shows as the one asking (xdg-desktop-portal shows the same).
///
/// In the order the system vouches for it: a Flatpak sandbox's app id (`/.flatpak-info` in the
/// process's root, which the sandbox cannot change), a Snap's name or the desktop application
/// id of the process's systemd scope or service (set by the launcher: GNOME Shell, Plasma, the
/// desktop's `systemd-run`), each shown by its `.desktop` file's `Name` when one is installed;
/// else the process's executable, which a program of the person's own user can name as it likes.
public struct CallerApplication: Equatable, Sendable {
    /// Where the name comes from: how far it can be believed.
    public enum Source: String, Sendable {
        /// A Flatpak sandbox's app id.
        case flatpak
        /// A Snap's name, from its scope.
        case snap
        /// The desktop application id of the process's systemd unit.
        case systemdUnit
        /// The executable's name.
        case executable
    }

    /// The application id (`org.mozilla.firefox`), snap name or executable name.
    public let id: String
    public let source: Source
    /// The `.desktop` file's Name in the daemon's language, when one was found for `id`.
    public let displayName: String?

    public init(id: String, source: Source, displayName: String?) {
        self.id = id
        self.source = source
        self.displayName = displayName
    }

    /// What a person reads: the desktop file's name, else the id.
    public var name: String { displayName ?? id }
}
