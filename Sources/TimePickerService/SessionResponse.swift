internal import DBusKit
internal import TimePickerContract
internal import TimePickerCore

/// The arguments of a session's Response signal, `(u response, a{sv} results)`: how it ended
/// and the selection as the core's `PickedRange` tells it (chosen, or the last one shown).
///
/// Every session's end sends one, so the results are written as the message's entries at once,
/// in the documented order: no dictionary to fill and sort, and the keys made once.
enum SessionResponse {
    /// `response` and `results` for a session that ends with `outcome` on `range`.
    static func arguments(for outcome: PickerOutcome, range: PickedRange) -> [DBusValue] {
        var results: [DBusValue] = []
        results.reserveCapacity(9)
        results.append(.dictEntry(key: Keys.start, value: .variant(.string(range.start.clockText))))
        results.append(.dictEntry(key: Keys.end, value: .variant(.string(range.end.clockText))))
        results.append(.dictEntry(key: Keys.nextDay, value: range.nextDay ? Self.yes : Self.no))
        results.append(.dictEntry(key: Keys.duration, value: .variant(.uint32(UInt32(clamping: range.durationSeconds)))))
        if let date = range.date, let zoneName = range.zoneName, let startTime = range.startTime, let endTime = range.endTime {
            results.append(.dictEntry(key: Keys.date, value: .variant(.string(date.isoText))))
            results.append(.dictEntry(key: Keys.startTime, value: .variant(.string(startTime))))
            results.append(.dictEntry(key: Keys.endTime, value: .variant(.string(endTime))))
            results.append(.dictEntry(key: Keys.timeZone, value: .variant(.string(zoneName))))
        }
        let code: UInt32
        switch outcome {
        case .selected:
            code = TimePickerBus.ResponseCode.chosen
        case .cancelled(let reason):
            code = reason == .user ? TimePickerBus.ResponseCode.cancelledByPerson : TimePickerBus.ResponseCode.endedOtherwise
            results.append(.dictEntry(key: Keys.reason, value: .variant(.string(reason.rawValue))))
        }
        return [.uint32(code), .array(elementSignature: "{sv}", elements: results)]
    }

    /// The results' keys as message values, made once rather than for every session.
    private enum Keys {
        static let start = DBusValue.string(TimePickerBus.ResponseKey.start)
        static let end = DBusValue.string(TimePickerBus.ResponseKey.end)
        static let nextDay = DBusValue.string(TimePickerBus.ResponseKey.nextDay)
        static let duration = DBusValue.string(TimePickerBus.ResponseKey.duration)
        static let date = DBusValue.string(TimePickerBus.ResponseKey.date)
        static let startTime = DBusValue.string(TimePickerBus.ResponseKey.startTime)
        static let endTime = DBusValue.string(TimePickerBus.ResponseKey.endTime)
        static let timeZone = DBusValue.string(TimePickerBus.ResponseKey.timeZone)
        static let reason = DBusValue.string(TimePickerBus.ResponseKey.reason)
    }

    /// `next_day`'s two values, as variants.
    private static let yes = DBusValue.variant(.boolean(true))
    private static let no = DBusValue.variant(.boolean(false))
}

/// The arguments of the last Response made, given again to a session that ends the same way on
/// the same range (the usual case: the same answer, or the same range cancelled): its values,
/// ten boxes and arrays, are then made once, not for every session.
final class RecentResponse {
    private var last: (outcome: PickerOutcome, range: PickedRange, arguments: [DBusValue])?

    /// `SessionResponse.arguments(for:range:)`, made again only when they differ from the last.
    func arguments(for outcome: PickerOutcome, range: PickedRange) -> [DBusValue] {
        if let last, last.outcome == outcome, last.range == range { return last.arguments }
        let arguments = SessionResponse.arguments(for: outcome, range: range)
        last = (outcome, range, arguments)
        return arguments
    }
}
