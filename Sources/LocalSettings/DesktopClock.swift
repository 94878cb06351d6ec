internal import Glibc
internal import SystemKit
public import TimePickerCore

/// The clock of a session whose caller did not choose one (`clock`), in this order: the one the
/// person set on the desktop (GNOME: `org.gnome.desktop.interface clock-format` in the user's
/// dconf database), else the caller's locale's (`locale`), else GNOME's default on GNOME
/// (24-hour, as its top bar shows), else the daemon's locale's.
///
/// The database is read again only when its file changed (another inode, size or time), so a
/// change in GNOME's settings reaches the next session, and a session costs one stat.
public final class DesktopClock {
    /// The setting's key in dconf.
    static let clockFormatKey = "/org/gnome/desktop/interface/clock-format"

    private let isGnome: Bool
    private let databasePath: String?
    /// What the database's file was when last read, and the clock it gave.
    private var cached: (stamp: FileStamp, clock: ClockStyle?)?

    /// For a session whose desktop is named in `XDG_CURRENT_DESKTOP` (colon-separated, as the
    /// desktop entry specification says) and whose configuration is in `XDG_CONFIG_HOME` or
    /// `HOME/.config`: by default this process's environment.
    public init(
        currentDesktop: String? = DesktopClock.variable("XDG_CURRENT_DESKTOP"),
        configHome: String? = DesktopClock.variable("XDG_CONFIG_HOME"), home: String? = DesktopClock.variable("HOME")
    ) {
        isGnome = (currentDesktop ?? "").split(separator: ":").contains { $0 == "GNOME" }
        let config = configHome.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home.map { $0 + "/.config" }
        databasePath = config.map { $0 + "/dconf/user" }
    }

    /// The clock for a new session; `callerPrefersTwelveHour` is what the caller's locale
    /// prefers, when the caller sent one.
    public func preferred(callerPrefersTwelveHour: Bool? = nil) -> ClockStyle {
        if let chosen = chosenOnDesktop() { return chosen }
        if let twelve = callerPrefersTwelveHour { return twelve ? .twelveHour : .twentyFourHour }
        return isGnome ? .twentyFourHour : .preferredByLocale()
    }

    /// The clock the person set in GNOME's settings; nil elsewhere, or when it was never set.
    func chosenOnDesktop() -> ClockStyle? {
        guard isGnome, let databasePath else { return nil }
        let stamp = FileStamp(ofPath: databasePath)
        if let cached, cached.stamp == stamp { return cached.clock }
        let setting = DconfDatabase(path: databasePath)?.string(at: Self.clockFormatKey)
        let clock: ClockStyle? = setting == "12h" ? .twelveHour : setting == "24h" ? .twentyFourHour : nil
        cached = (stamp, clock)
        return clock
    }

    /// An environment variable, nil when unset or empty.
    public static func variable(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
