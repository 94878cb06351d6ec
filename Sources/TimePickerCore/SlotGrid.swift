/// The slots a picker offers, in the order they happen: `first`, `first+step`, … up to `last`
/// on the clock. Undated, that is arithmetic. Dated, the clock's times are placed on the real
/// day in the session's zone: a time the clocks skip is not a slot, a time they pass twice is
/// two (one at each offset), and the time between slots is real elapsed time.
public struct SlotGrid: Hashable, Sendable {
    /// Minutes between neighbouring times on the clock, > 0.
    public let step: Int
    /// How many slots there are (at least one).
    public let count: Int
    /// The day the picker's times are on; nil for an undated picker.
    public var date: CalendarDate? { dated?.date }
    /// The zone a dated picker's times are in.
    public var zone: ZoneRules? { dated?.zone }

    /// The first slot's minutes on an undated grid.
    private let firstMinutes: Int
    /// Every slot of a dated grid; nil for an undated one.
    private let dated: DatedSlots?

    /// An undated grid on one day; nil unless step > 0, first <= last and last is a whole
    /// number of steps after first.
    public init?(first: WallClockTime, last: WallClockTime, step: Int) {
        self.init(firstMinutes: first.minutes, lastMinutes: last.minutes, step: step)
    }

    /// An undated grid whose times may run into the next day (`Slot.minutes` up to 2880); nil
    /// unless step > 0 and last is a whole number of steps at or after first.
    public init?(firstMinutes: Int, lastMinutes: Int, step: Int) {
        guard step > 0, firstMinutes >= 0, firstMinutes <= lastMinutes, lastMinutes <= Slot.latestMinutes,
              (lastMinutes - firstMinutes) % step == 0
        else { return nil }
        self.step = step
        self.firstMinutes = firstMinutes
        count = (lastMinutes - firstMinutes) / step + 1
        dated = nil
    }

    /// The same clock times on `date` in `zone`; nil unless the undated grid would be one and
    /// at least one of its times happens on that day.
    public init?(date: CalendarDate, zone: ZoneRules, firstMinutes: Int, lastMinutes: Int, step: Int) {
        guard let clock = SlotGrid(firstMinutes: firstMinutes, lastMinutes: lastMinutes, step: step) else { return nil }
        let slots = DatedSlots(date: date, zone: zone, clock: clock)
        guard !slots.entries.isEmpty else { return nil }
        self.step = step
        self.firstMinutes = firstMinutes
        count = slots.entries.count
        dated = slots
    }

    /// The valid indices, `0..<count`.
    public var indices: Range<Int> { 0..<count }

    /// The slot at `index`, which must be in `0..<count`.
    public subscript(index: Int) -> Slot {
        precondition(indices.contains(index), "slot index \(index) outside 0..<\(count)")
        guard let dated else { return Slot(minutes: firstMinutes + index * step) }
        let entry = dated.entries[index]
        return Slot(minutes: Int(entry.minutes), utcOffset: Int(entry.utcOffset))
    }

    /// The earliest slot.
    public var first: Slot { self[0] }
    /// The latest slot.
    public var last: Slot { self[count - 1] }

    /// The index of `slot`, or nil if it is not one of this grid's (on a dated grid, at its offset).
    public func index(of slot: Slot) -> Int? {
        guard let dated else {
            let offset = slot.minutes - firstMinutes
            guard slot.utcOffset == nil, offset >= 0, offset % step == 0, offset / step < count else { return nil }
            return offset / step
        }
        guard let offset = slot.utcOffset, let index = indexOfFirstSlot(atOrAfterInstant: dated.instant(minutes: slot.minutes, utcOffset: offset)),
              self[index] == slot
        else { return nil }
        return index
    }

    /// Whether `slot` is one of the slots.
    public func contains(_ slot: Slot) -> Bool { index(of: slot) != nil }

    /// Seconds from the first slot to the one at `index`: real elapsed time on a dated grid.
    public func elapsedSeconds(at index: Int) -> Int {
        guard let dated else { return index * step * 60 }
        return Int(dated.entries[index].elapsed)
    }

    /// The instant of the slot at `index` (seconds since 1970 UTC) on a dated grid; nil undated.
    public func instant(at index: Int) -> Int64? {
        guard let dated else { return nil }
        let entry = dated.entries[index]
        return dated.instant(minutes: Int(entry.minutes), utcOffset: Int(entry.utcOffset))
    }

    /// The zone's abbreviation at the slot at `index` ("CEST"); nil undated.
    public func abbreviation(at index: Int) -> String? {
        instant(at: index).flatMap { dated?.zone.offset(at: $0).abbreviation }
    }

    /// The name a person is shown for the zone's offset at the slot at `index`, which tells the
    /// two times of the hour the clocks go back apart: the abbreviation ("CEST"), or the UTC
    /// offset ("UTC+02:00") when the abbreviation is only a number ("+14") or missing; nil
    /// undated. Not translated: zones are named so in every language.
    public func zoneName(at index: Int) -> String? {
        guard dated != nil else { return nil }
        if let abbreviation = abbreviation(at: index), abbreviation.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) {
            return abbreviation
        }
        return "UTC" + Slot.offsetText(seconds: self[index].utcOffset ?? 0)
    }

    /// Whether the clock shows the slot at `index`'s time twice on its day (the hour the clocks
    /// go back), so that a person needs its offset to tell the two apart.
    public func isRepeated(at index: Int) -> Bool {
        dated?.entries[index].isRepeated ?? false
    }

    /// For a slot of the hour the clocks go back, which time round it is and where the other
    /// is: `first` before the clocks go back, `second` after; nil for any other slot.
    public func repetition(at index: Int) -> (isFirst: Bool, other: Int)? {
        guard let dated, dated.entries[index].isRepeated else { return nil }
        let minutes = dated.entries[index].minutes
        if let earlier = dated.entries[..<index].lastIndex(where: { $0.minutes == minutes }) { return (false, earlier) }
        guard let later = dated.entries[(index + 1)...].firstIndex(where: { $0.minutes == minutes }) else { return nil }
        return (true, later)
    }

    /// Whether a dated grid's day has no such clock time as `minutes` (0 to 2880, the next
    /// day's after 1440): the clocks go forward over it ("02:30" on the night summer time
    /// begins in Berlin). Always false undated. A typed time's note says so rather than that the
    /// time is off the grid, which would be no help: no grid has it that night.
    public func clockSkips(minutes: Int) -> Bool {
        guard let dated else { return false }
        return dated.skips(minutes)
    }

    /// The earliest slot whose clock time is at or after `minutes`, or nil if none is.
    public func indexOfFirstSlot(atOrAfter minutes: Int) -> Int? {
        guard let dated else {
            guard minutes <= firstMinutes + (count - 1) * step else { return nil }
            let offset = minutes - firstMinutes
            return offset <= 0 ? 0 : (offset + step - 1) / step
        }
        return dated.entries.firstIndex { Int($0.minutes) >= minutes }
    }

    /// The latest slot whose clock time is at or before `minutes`, or nil if none is.
    public func indexOfLastSlot(atOrBefore minutes: Int) -> Int? {
        guard let dated else {
            guard minutes >= firstMinutes else { return nil }
            return min(count - 1, (minutes - firstMinutes) / step)
        }
        return dated.entries.lastIndex { Int($0.minutes) <= minutes }
    }

    /// The earliest slot at least `seconds` after the first, or nil if none is.
    public func indexOfFirstSlot(atOrAfterElapsed seconds: Int) -> Int? {
        guard let dated else {
            guard seconds <= (count - 1) * step * 60 else { return nil }
            return seconds <= 0 ? 0 : (seconds + step * 60 - 1) / (step * 60)
        }
        let index = dated.partition { Int($0.elapsed) >= seconds }
        return index < count ? index : nil
    }

    /// The latest slot at most `seconds` after the first, or nil if none is.
    public func indexOfLastSlot(atOrBeforeElapsed seconds: Int) -> Int? {
        guard seconds >= 0 else { return nil }
        guard let dated else { return min(count - 1, seconds / (step * 60)) }
        return dated.partition { Int($0.elapsed) > seconds } - 1
    }

    /// The earliest slot at or after `instant` on a dated grid, or nil if none is (or undated).
    public func indexOfFirstSlot(atOrAfterInstant instant: Int64) -> Int? {
        guard let dated else { return nil }
        return indexOfFirstSlot(atOrAfterElapsed: Int(instant - dated.firstInstant))
    }

    /// Every slot, in order.
    public var slots: [Slot] { indices.map { self[$0] } }

    /// How many slots make roughly an hour; how far PageUp/PageDown move (at least one).
    public var slotsPerHour: Int { max(1, 60 / step) }
}

/// A dated grid's slots: each clock time placed on the day in the zone, sorted by instant.
private struct DatedSlots: Hashable, Sendable {
    /// One slot: its clock minutes and offset, and seconds since the first slot.
    struct Entry: Hashable, Sendable {
        let minutes: Int32
        let utcOffset: Int32
        let elapsed: Int32
        /// Whether another slot has the same clock time (the two of the hour the clocks go back).
        var isRepeated: Bool
    }

    let date: CalendarDate
    let zone: ZoneRules
    /// The instant of the first slot.
    let firstInstant: Int64
    let entries: [Entry]

    /// The times of `clock` (an undated grid) that happen on `date` in `zone`.
    init(date: CalendarDate, zone: ZoneRules, clock: SlotGrid) {
        self.date = date
        self.zone = zone
        let localDay = Int64(date.daysSinceEpoch) * 86_400
        var placed: [(instant: Int64, minutes: Int, offset: Int)] = []
        placed.reserveCapacity(clock.count + 4)
        for index in clock.indices {
            let minutes = clock[index].minutes
            let local = localDay + Int64(minutes) * 60
            Self.forEachOffset(of: local, in: zone) { placed.append((local - Int64($0), minutes, $0)) }
        }
        placed.sort { $0.instant < $1.instant }
        firstInstant = placed.first?.instant ?? localDay
        // How many slots have each clock time (minutes 0...2880): two for the repeated hour's.
        var seen = [UInt8](repeating: 0, count: Slot.latestMinutes + 1)
        for slot in placed { seen[slot.minutes] &+= 1 }
        entries = placed.map {
            Entry(minutes: Int32($0.minutes), utcOffset: Int32($0.offset), elapsed: Int32($0.instant - placed[0].instant), isRepeated: seen[$0.minutes] > 1)
        }
    }

    /// Each offset at which the clock shows `local` (seconds of the local day's clock since the
    /// epoch) in `zone`, the greatest first: one, two where the clocks go back, none where they
    /// go forward. A closure rather than an array: the grid asks once per slot, with no allocation.
    static func forEachOffset(of local: Int64, in zone: ZoneRules, _ body: (Int) -> Void) {
        // The offsets that could be in force around then: no zone is more than 14 hours from
        // UTC, so those half a day either side cover every change near the time. Each is
        // tried once, the greatest (the earlier instant) first; three values sorted by hand,
        // as a step-1 overnight grid does this 2880 times for every session.
        var (greatest, middle, least) = (zone.offset(at: local - 50_400).seconds, zone.offset(at: local).seconds, zone.offset(at: local + 50_400).seconds)
        if greatest < middle { swap(&greatest, &middle) }
        if middle < least { swap(&middle, &least) }
        if greatest < middle { swap(&greatest, &middle) }
        // Offsets beyond a day and two hours are no zone's (RFC 9636 bounds them so); one
        // made up would put slots days apart.
        func place(_ offset: Int) {
            if abs(offset) <= 93_600 && zone.offset(at: local - Int64(offset)).seconds == offset { body(offset) }
        }
        place(greatest)
        if middle != greatest { place(middle) }
        if least != middle { place(least) }
    }

    /// Whether the day's clock never shows `minutes` (`forEachOffset(of:in:)` finds none).
    func skips(_ minutes: Int) -> Bool {
        var found = false
        Self.forEachOffset(of: Int64(date.daysSinceEpoch) * 86_400 + Int64(minutes) * 60, in: zone) { _ in found = true }
        return !found
    }

    /// The instant of the clock time `minutes` on the day at `utcOffset`.
    func instant(minutes: Int, utcOffset: Int) -> Int64 {
        Int64(date.daysSinceEpoch) * 86_400 + Int64(minutes) * 60 - Int64(utcOffset)
    }

    /// The first index whose entry satisfies `belongs` (which must hold for a suffix), or the count.
    func partition(_ belongs: (Entry) -> Bool) -> Int {
        entries.partitioningIndex(where: belongs)
    }
}
