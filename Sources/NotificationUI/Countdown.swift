internal import Localization
internal import TimePickerCore

/// The countdown a notification's body shows while its session has a timeout, and when it next
/// needs redrawing. Each redraw is a Notify to the server, so the text changes at a pace a person
/// needs and no faster: each minute while more than 90 s are left, every 10 s down to 10 s, then
/// every second. Without a timeout there is no countdown and no timer.
enum Countdown {
    /// Above this many seconds the countdown reads in minutes.
    static let minutesAbove = 90
    /// From this many seconds on the countdown changes every second.
    static let everySecondFrom = 10

    /// "Closes in 42 s", "Closes in 5 min", "Closes in 1 h 30 min" (whole minutes, rounded),
    /// in `text`'s language.
    static func text(secondsLeft: Int, _ text: NotificationText = NotificationText(.environment)) -> String {
        guard secondsLeft > minutesAbove else { return text.closesIn(seconds: secondsLeft, minutes: 0) }
        return text.closesIn(seconds: nil, minutes: (secondsLeft + 30) / 60)
    }

    /// The seconds left at which `text` next reads differently and is worth redrawing; nil when
    /// nothing is left to show before the session times out.
    static func nextRedraw(after secondsLeft: Int) -> Int? {
        let next: Int
        if secondsLeft > minutesAbove {
            // The rounded minutes drop when fewer than (minutes - 0.5) * 60 s are left.
            let minutes = (secondsLeft + 30) / 60
            next = max(minutes * 60 - 31, minutesAbove)
        } else if secondsLeft > everySecondFrom {
            next = (secondsLeft - 1) / 10 * 10
        } else {
            next = secondsLeft - 1
        }
        return next > 0 ? next : nil
    }

    /// Milliseconds from `now` until the countdown to `deadline` next needs redrawing (both on the
    /// monotonic clock, as `PickerState.deadline`); nil when it needs no more.
    static func delayUntilRedraw(deadline: Int, now: Int) -> Int? {
        let left = max(0, (deadline - now + 999) / 1000)
        guard let next = nextRedraw(after: left) else { return nil }
        // At deadline - next s, `secondsLeft` (rounded up) reads exactly `next`.
        return max(0, deadline - next * 1000 - now)
    }
}
