/// The slots a picker offers: `first`, `first+step`, ... up to `last`.
public struct SlotGrid: Hashable, Sendable {
    /// The earliest slot.
    public let first: WallClockTime
    /// The latest slot; always reachable from `first` in whole steps.
    public let last: WallClockTime
    /// Minutes between neighbouring slots, > 0.
    public let step: Int

    /// Creates a grid; nil unless step > 0, first <= last and last is a whole number of steps after first.
    public init?(first: WallClockTime, last: WallClockTime, step: Int) {
        guard step > 0, first <= last, (last.minutes - first.minutes) % step == 0 else { return nil }
        self.first = first
        self.last = last
        self.step = step
    }

    /// How many slots there are (at least one).
    public var count: Int { (last.minutes - first.minutes) / step + 1 }

    /// The valid indices, `0..<count`.
    public var indices: Range<Int> { 0..<count }

    /// The slot at `index`, which must be in `0..<count`.
    public subscript(index: Int) -> WallClockTime {
        precondition(indices.contains(index), "slot index \(index) outside 0..<\(count)")
        return WallClockTime(uncheckedMinutes: first.minutes + index * step)
    }

    /// The index of `time`, or nil if it is not a slot of this grid.
    public func index(of time: WallClockTime) -> Int? {
        let offset = time.minutes - first.minutes
        guard offset >= 0, time <= last, offset % step == 0 else { return nil }
        return offset / step
    }

    /// Whether `time` is one of the slots.
    public func contains(_ time: WallClockTime) -> Bool {
        index(of: time) != nil
    }

    /// The index of the earliest slot at or after `minutes`, or nil if that is past `last`.
    public func indexOfFirstSlot(atOrAfter minutes: Int) -> Int? {
        guard minutes <= last.minutes else { return nil }
        let offset = minutes - first.minutes
        guard offset > 0 else { return 0 }
        return (offset + step - 1) / step
    }

    /// Every slot, in order.
    public var slots: [WallClockTime] { indices.map { self[$0] } }

    /// How many slots make roughly an hour; how far PageUp/PageDown move (at least one).
    public var slotsPerHour: Int { max(1, 60 / step) }
}
