/// What a column makes of a typed time: the slot it goes to, and what to tell the person.
///
/// One reading for every front end (the terminal, the dialog, anything later):
/// - an hour with am/pm, on the 24-hour clock (`17`, `0930`) or past 12 means one time;
/// - an hour of 1 to 12 without a mark means the first of its two times (`5`: 05:00, then
///   17:00) at or after the earliest the column takes: in the End column that is the start
///   (plus the minimum duration), so `5` after a 09:00 start is 17:00, as a calendar reads it;
///   in the Start column it is the first start, so `5` is 05:00 on a day from 00:00 and 17:00
///   on one from 08:00;
/// - on a grid that runs into the next day (overnight), each time is also read on that day,
///   after the times of the picker's own: `6` in End after a 22:00 start is 06:00 the next day;
/// - a time between slots goes to the nearer slot (the earlier on a tie) and says so;
/// - a time the column cannot take, or typing that means no time, leaves the selection alone
///   and says so;
/// - where the person has shown they write the 24-hour way (a typed range whose start is
///   `17:30` or `09:00`), an hour of 1 to 12 without a mark is read as written first, on the
///   picker's day and then the next, and taken as its later time only when the column has
///   neither, saying so: `17:30-9` is 17:30 to 21:00 with "9 read as 21:00", overnight 09:00
///   the next morning, where a person writing `9-5` means 17:00 and is not asked.
public struct TypedReading: Sendable, Equatable {
    /// The slot (an index into the grid) the focused column goes to; nil: it stays where it is.
    public let index: Int?
    /// What the person is told beside the typing; nil when the slot is exactly what was typed.
    public let note: TypedNote?

    /// Reads `typed` for a column whose slots are `indices` of `grid`; `twentyFourHourWriter`
    /// when the person has shown they write the 24-hour way. `stillTyping` when more keys may
    /// come (a column typed into key by key, not a line sent whole): a note that the typing is
    /// wrong is then kept only when no further key can make it a time the column takes
    /// (`TypedCompletions`), so that `173` on the way to `1730` says nothing (issue 39).
    public init(typed: String, grid: SlotGrid, indices: ClosedRange<Int>, twentyFourHourWriter: Bool = false, stillTyping: Bool = false) {
        self.init(whole: typed, grid: grid, indices: indices, twentyFourHourWriter: twentyFourHourWriter)
        if stillTyping { self = whileTyping(typed, grid: grid, indices: indices) }
    }

    /// `typed` read as all there is: what a line sent whole says, and where typing stands now.
    private init(whole typed: String, grid: SlotGrid, indices: ClosedRange<Int>, twentyFourHourWriter: Bool) {
        guard let written = TypedTime.readings(of: typed) else {
            self.init(index: nil, note: .notATime(typed))
            return
        }
        let day = WallClockTime.minutesPerDay
        let overnight = grid.last.minutes > day
        /// `times` on the picker's day, then (overnight) on the next.
        func onBothDays(_ times: ArraySlice<WallClockTime>) -> [Int] {
            times.map(\.minutes) + (overnight ? times.map { $0.minutes + day } : [])
        }
        // A 24-hour writer's `9` is 09:00, today or tomorrow, before it is 21:00.
        let asWritten = twentyFourHourWriter ? onBothDays(written.prefix(1)) : []
        let readings = asWritten + onBothDays(written.dropFirst(asWritten.isEmpty ? 0 : 1))
        /// The later of an unmarked hour's two times, taken where the person writes 24-hour.
        func isLaterReading(_ minutes: Int) -> Bool {
            !asWritten.isEmpty && written.count > 1 && !asWritten.contains(minutes)
        }
        // The column's earliest and latest clock times: on a dated grid's fall-back day the
        // clock goes back within the column, so its first slot need not be its earliest time.
        // (Undated, the clock only goes on: the column's ends, without a search.)
        let dated = grid.date != nil
        let earliest = grid[dated ? indices.min { grid[$0].minutes < grid[$1].minutes } ?? indices.lowerBound : indices.lowerBound]
        let latest = grid[dated ? indices.max { grid[$0].minutes < grid[$1].minutes } ?? indices.upperBound : indices.upperBound]
        // The first reading at or after the earliest, if the column goes that far.
        guard let minutes = readings.first(where: { $0 >= earliest.minutes && $0 <= latest.minutes }) else {
            // None: the note names the reading nearest the column (the one as written on a
            // tie), so that `7` on a day from 08:00 says 07:00 is too early, not 19:00 too late.
            func distance(_ minutes: Int) -> Int {
                minutes < earliest.minutes ? earliest.minutes - minutes : minutes - latest.minutes
            }
            let nearest = Slot(minutes: readings.min { distance($0) < distance($1) } ?? readings[0])
            self.init(index: nil, note: nearest.minutes < earliest.minutes ? .beforeEarliest(nearest, earliest: earliest) : .afterLatest(nearest, latest: latest))
            return
        }
        // The column's own slot of that time (the first, the hour the clocks go back), else the
        // slot at or after it within the column and the one before it. Searched in the column,
        // not the grid: the grid's first slot of a repeated time may be before the column starts.
        if let exact = indices.first(where: { grid[$0].minutes == minutes }) {
            self.init(index: exact, note: isLaterReading(minutes) ? .laterReading(typed, grid[exact]) : nil)
            return
        }
        let above = indices.first { grid[$0].minutes >= minutes } ?? indices.upperBound
        let below = (above - 1).clamped(to: indices)
        let nearest = minutes - grid[below].minutes <= grid[above].minutes - minutes ? below : above
        // A dated day the clocks go forward has no such time at all: saying it is off the grid
        // would send the person looking for a grid that has it.
        let note: TypedNote = grid.clockSkips(minutes: minutes)
            ? .skipped(Slot(minutes: minutes), nearest: grid[nearest])
            : .offGrid(Slot(minutes: minutes), nearest: grid[nearest], step: grid.step)
        self.init(index: nearest, note: note)
    }

    init(index: Int?, note: TypedNote?) {
        self.index = index
        self.note = note
    }
}

/// Why a typed time did not select exactly what was typed.
public enum TypedNote: Sendable, Equatable {
    /// The typing so far means no time (`25`, `93`, `13p`): the selection stays.
    case notATime(String)
    /// A time between slots: the nearest slot was selected. (The typed time is undated: its
    /// `isNextDay` says which day it was read on.)
    case offGrid(Slot, nearest: Slot, step: Int)
    /// Earlier than the column takes (an end before the start): the selection stays.
    case beforeEarliest(Slot, earliest: Slot)
    /// Later than the column takes (a start with no room for an end): the selection stays.
    case afterLatest(Slot, latest: Slot)
    /// An hour of 1 to 12 without a mark, typed by a person who writes the 24-hour way, taken
    /// as its later time since the column has no other (`9` after 17:30: 21:00): selected.
    case laterReading(String, Slot)
    /// A time the clocks skip on a dated picker's day (02:30 the night summer time begins):
    /// the nearest slot was selected.
    case skipped(Slot, nearest: Slot)
    /// A time the clocks show twice (the night they go back): the slot selected, the first
    /// or the second time round (`isFirst`), and the other, which the person may have meant.
    case repeated(Slot, isFirst: Bool, other: Slot)
}
