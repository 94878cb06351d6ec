internal import Glibc
public import TimePickerCore

/// The present local wall-clock time, for `start` "now".
public enum LocalTime {
    /// Hours and minutes of the local time now (the time zone from TZ or /etc/localtime).
    public static func now() -> WallClockTime? {
        var seconds = time(nil)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return nil }
        return WallClockTime(minutes: Int(parts.tm_hour) * 60 + Int(parts.tm_min))
    }
}
