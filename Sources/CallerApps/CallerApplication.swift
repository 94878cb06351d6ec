/// Which application a caller's process belongs to, as the system knows it, never as the caller
/// says: what a picker shows as the one asking (xdg-desktop-portal shows the same).
///
/// In the order the system vouches for it: a Flatpak sandbox's app id (`/.flatpak-info` in the
/// process's root, which the sandbox cannot change) or a Snap's name (its AppArmor profile),
/// the system's word (`isVouched`); else the desktop application id of the process's systemd
/// scope or service (set by the launcher: GNOME Shell, Plasma, the desktop's `systemd-run`, but
/// any program of the person's user can start itself in a scope of any name); each shown by its
/// `.desktop` file's `Name` when one is installed; else the process's executable, which such a
/// program can name as it likes too.
public struct CallerApplication: Equatable, Sendable {
    /// Where the name comes from: how far it can be believed.
    public enum Source: String, Sendable {
        /// A Flatpak sandbox's app id.
        case flatpak
        /// A Snap's name, from its AppArmor profile.
        case snap
        /// The desktop application id (or snap name) of the process's systemd unit.
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

    /// Whether the system vouches for `id` (a sandbox's app id), rather than the program
    /// naming itself (its scope, its executable).
    public var isVouched: Bool { source == .flatpak || source == .snap }
}
