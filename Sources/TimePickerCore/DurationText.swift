/// A length of time as a person reads it: "45 min", "1 h", "8 h 30 min".
public func durationText(minutes: Int) -> String {
    let hours = minutes / 60
    let rest = minutes % 60
    switch (hours, rest) {
    case (0, _): return "\(rest) min"
    case (_, 0): return "\(hours) h"
    default: return "\(hours) h \(rest) min"
    }
}

extension PickerState {
    /// The selection's length, with the minimum when one is set: "8 h 30 min",
    /// "2 h (at least 1 h)".
    public var durationLine: String {
        let length = durationText(minutes: durationMinutes)
        return options.minDuration > 0 ? "\(length) (at least \(durationText(minutes: options.minDuration)))" : length
    }
}
