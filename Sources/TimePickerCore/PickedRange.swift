/// A selection as a caller is told it (`Response`'s results, `timepickerctl --json`): its
/// times, whether the end is on the next day, its real length and, on a dated picker, its
/// instants in ISO 8601 with their UTC offsets, so that no caller works a date out itself.
public struct PickedRange: Sendable, Equatable {
    public let start: Slot
    public let end: Slot
    /// Real elapsed seconds from start to end.
    public let durationSeconds: Int
    /// The day the range starts on; nil undated.
    public let date: CalendarDate?
    /// The zone's IANA name; nil undated.
    public let zoneName: String?
    /// The instants of start and end (seconds since 1970 UTC); nil undated.
    public let startInstant: Int64?
    public let endInstant: Int64?

    /// The range from the slot at `startIndex` to the one at `endIndex` of `grid`.
    public init(grid: SlotGrid, startIndex: Int, endIndex: Int) {
        start = grid[startIndex]
        end = grid[endIndex]
        durationSeconds = grid.elapsedSeconds(at: endIndex) - grid.elapsedSeconds(at: startIndex)
        date = grid.date
        zoneName = grid.zone?.name
        startInstant = grid.instant(at: startIndex)
        endInstant = grid.instant(at: endIndex)
    }

    /// Whether the end is on the day after the start's (24:00 is not: it ends the day).
    public var nextDay: Bool { end.isNextDay }

    /// The start in ISO 8601 with its offset (`2026-03-28T22:00:00+01:00`); nil undated.
    public var startTime: String? { Self.isoText(start, on: date) }

    /// The end in ISO 8601 with its offset; 24:00 is the next day's `T00:00`.
    public var endTime: String? { Self.isoText(end, on: date) }

    /// `slot` on `date` (or the days after it its minutes reach) with its offset.
    private static func isoText(_ slot: Slot, on date: CalendarDate?) -> String? {
        guard let date, let offset = slot.utcOffset else { return nil }
        let day = WallClockTime.minutesPerDay
        // The civil calendar, not CalendarDate: the end of a range on 2099-12-31 is in 2100,
        // past the years a picker may start in.
        let dayText = CivilCalendar.isoText(ofDay: Int64(date.daysSinceEpoch + slot.minutes / day))
        let time = WallClockTime(uncheckedMinutes: slot.minutes % day)
        return dayText + "T" + time.clockText + ":00" + Slot.offsetText(seconds: offset)
    }
}
