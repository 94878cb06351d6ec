/// How a column reads typing that may still go on (issue 39): the notes of a whole reading that
/// are true only of the typing as it stands are held back while keys can still make it right.
extension TypedReading {
    /// This reading (of `typed`, as if whole) as the person is told it while they may still
    /// type: an error only when no key can make it a time the column takes; a time between slots
    /// said only when no key can make it a slot's; which time round of the hour the clocks go
    /// back was taken, and that the other is there.
    func whileTyping(_ typed: String, grid: SlotGrid, indices: ClosedRange<Int>) -> TypedReading {
        guard let note else {
            // Exact: on the night the clocks go back, say which of the two it took.
            guard let index, let (isFirst, other) = grid.repetition(at: index), indices.contains(other) else { return self }
            return TypedReading(index: index, note: .repeated(grid[index], isFirst: isFirst, other: grid[other]))
        }
        let completions = TypedCompletions(of: typed)
        let day = WallClockTime.minutesPerDay
        let overnight = grid.last.minutes > day
        /// Whether some key can still make the typing read as the clock time of `minutes` (on
        /// the next day too, overnight, as the whole reading reads it).
        func reachable(_ minutes: Int) -> Bool {
            (minutes <= day && completions.times[minutes]) || (overnight && minutes >= day && completions.times[minutes - day])
        }
        switch note {
        case .offGrid, .skipped:
            // Keys may still bring it onto a slot ("9:1" on the way to "9:15"): the selection
            // goes to the nearest slot meanwhile, unsaid.
            return indices.contains(where: { reachable(grid[$0].minutes) }) ? TypedReading(index: index, note: nil) : self
        case .notATime, .beforeEarliest, .afterLatest:
            let clock = Self.clockRange(grid, indices)
            guard clock.contains(where: reachable) else {
                // No key makes it a time the column takes: the note stands, but "173 is not a
                // time" is untrue of typing that can still become 17:30, so say what it can.
                guard case .notATime = note, !completions.isEmpty else { return self }
                return nearestCompletionNote(completions, clock: clock, grid: grid)
            }
            // Some key still makes it a time the column takes: where the typing without its
            // last keys went, and nothing said ("173": still at 17:00, on the way to 17:30).
            var prefix = typed
            while !prefix.isEmpty {
                prefix.removeLast()
                let shorter = TypedReading(typed: prefix, grid: grid, indices: indices)
                if shorter.index != nil { return TypedReading(index: shorter.index, note: nil) }
            }
            return TypedReading(index: nil, note: nil)
        case .laterReading, .repeated:
            return self
        }
    }

    /// The column's earliest to latest clock minutes (on a day the clocks go back its first
    /// slot need not be its earliest time, as the whole reading knows).
    private static func clockRange(_ grid: SlotGrid, _ indices: ClosedRange<Int>) -> ClosedRange<Int> {
        let minutes = indices.map { grid[$0].minutes }
        return (minutes.min() ?? 0)...(minutes.max() ?? 0)
    }

    /// A typing that is no time yet and can become none the column takes ("173" on a day that
    /// ends at 12:00): told against the nearest time it can become, which is as near as it gets.
    private func nearestCompletionNote(_ completions: TypedCompletions, clock: ClosedRange<Int>, grid: SlotGrid) -> TypedReading {
        let overnight = grid.last.minutes > WallClockTime.minutesPerDay
        let candidates = completions.times.indices.filter { completions.times[$0] }
            .flatMap { overnight ? [$0, $0 + WallClockTime.minutesPerDay] : [$0] }
        func distance(_ minutes: Int) -> Int { minutes < clock.lowerBound ? clock.lowerBound - minutes : minutes - clock.upperBound }
        guard let nearest = candidates.min(by: { distance($0) < distance($1) }) else { return self }
        let slot = Slot(minutes: nearest)
        return nearest < clock.lowerBound
            ? TypedReading(index: nil, note: .beforeEarliest(slot, earliest: Slot(minutes: clock.lowerBound)))
            : TypedReading(index: nil, note: .afterLatest(slot, latest: Slot(minutes: clock.upperBound)))
    }
}
