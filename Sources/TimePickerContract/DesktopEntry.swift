/// How the desktop knows timepickerd (the entry `make` writes, translated, from
/// `desktop/io.github.timepickerd.TimePicker1.desktop.in` and `make install` puts in
/// applications/; its icon in the hicolor theme): what every notification names
/// (`desktop-entry`, `app_icon`), so that the desktop shows timepickerd's name and icon on it
/// and lists timepickerd in its notification settings.
public enum DesktopEntry {
    /// The desktop entry's id (its file name without `.desktop`): the service's bus name, as
    /// applications' ids are.
    public static let id = TimePickerBus.name.rawValue
    /// The icon's name in the icon theme.
    public static let iconName = id
}
