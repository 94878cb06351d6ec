internal import Glibc
public import TimePickerCore

extension ClockStyle {
    /// The clock the person's locale prefers, from glibc's LC_TIME time format: 12-hour when it
    /// uses an AM/PM field (`%p`, `%r`, `%I`, `%l`), else 24-hour. Needs no Foundation or ICU.
    public static func preferredByLocale() -> ClockStyle {
        setlocale(LC_TIME, "")
        guard let format = nl_langinfo(nl_item(T_FMT)).map({ String(cString: $0) }) else { return .twentyFourHour }
        let twelveHourFields = ["%p", "%P", "%r", "%I", "%l"]
        return twelveHourFields.contains { format.contains($0) } ? .twelveHour : .twentyFourHour
    }
}
