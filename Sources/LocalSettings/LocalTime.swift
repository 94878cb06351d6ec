internal import Glibc
public import TimePickerCore

/// The local wall clock, read through the zone every other local time is read with
/// (`ZoneDatabase.local()`: `TZ`, else /etc/localtime, read anew each time), so that after a
/// change of zone the notification's "Closes at" and the sessions' "now" and "today" agree.
public enum LocalTime {
    /// The local time `seconds` from now, rounded up to the minute, as minutes from the
    /// midnight that began today: 1440 and more are tomorrow's.
    public static func minutesFromToday(in seconds: Int) -> Int {
        minutesFromToday(in: seconds, now: Int64(time(nil)), zone: ZoneDatabase.local())
    }

    /// The same from the instant `now` (seconds since 1970) on the clocks of `zone`.
    public static func minutesFromToday(in seconds: Int, now: Int64, zone: ZoneRules) -> Int {
        let today = zone.wallClock(at: now).daysSinceEpoch
        let then = zone.wallClock(at: now + Int64(seconds))
        let minutes = Int(then.daysSinceEpoch - today) * WallClockTime.minutesPerDay * 60 + then.secondsIntoDay
        return (minutes + 59) / 60
    }
}
