/// The release of timepickerd, timepickerctl and the dialog backend: one number for all,
/// printed by each program's `--version` and used for the Debian package.
public enum TimePickerVersion {
    public static let current = "0.1.0"
}
