internal import Localization
public import TimePickerCore

extension ClockStyle {
    /// The clock the process's locale prefers (LC_TIME's time format writes AM/PM or not:
    /// `Language.prefersTwelveHour`). Needs no Foundation or ICU.
    public static func preferredByLocale() -> ClockStyle {
        Language.environment.prefersTwelveHour ? .twelveHour : .twentyFourHour
    }
}
