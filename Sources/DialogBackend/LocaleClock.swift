internal import Glibc
internal import TimePickerCore

extension ClockStyle {
    /// The clock the locale prefers when the daemon sends no `clock` option (it always does):
    /// 12-hour when LC_TIME's time format has an AM/PM field, else 24-hour.
    static func preferredByLocale() -> ClockStyle {
        setlocale(LC_TIME, "")
        guard let format = nl_langinfo(nl_item(T_FMT)).map({ String(cString: $0) }) else { return .twentyFourHour }
        return ["%p", "%P", "%r", "%I", "%l"].contains { format.contains($0) } ? .twelveHour : .twentyFourHour
    }
}
