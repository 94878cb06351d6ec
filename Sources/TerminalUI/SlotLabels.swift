internal import TimePickerCore

/// Every slot's label as a person reads it ("9:00 AM", "midnight", "6:00 AM (next day)"),
/// measured once per grid and clock, not once per cell of every frame: its columns, and its
/// columns up to the end of its time, which line the times of a column up on their colons
/// (`LabelLayout`) with their marks (the next day, the zone on the hour the clocks go back)
/// after them.
final class SlotLabels {
    let grid: SlotGrid
    let clock: ClockStyle
    /// The language whose day periods the 12-hour labels use.
    let language: String
    /// The labels, one after the other, and where each begins.
    private let storage: [UInt8]
    private let starts: [Int]
    /// Each label's own columns, and its columns up to the end of its time.
    private let widths: [Int]
    private let timeEnds: [Int]

    init(grid: SlotGrid, clock: ClockStyle, text: TerminalText) {
        self.grid = grid
        self.clock = clock
        language = text.language.name
        let labels = grid.indices.map { text.label(grid, $0, clock) }
        let widths = labels.map { DisplayWidth.of($0) }
        timeEnds = zip(grid.indices, zip(labels, widths)).map { index, labelled in
            let (label, width) = labelled
            let time = text.label(grid[index].time, clock)
            // Most labels are the time alone; a mark's translation may put it before the time.
            guard label.utf8.count != time.utf8.count, let range = label.firstRange(of: time) else { return width }
            return DisplayWidth.of(String(label[..<range.upperBound]))
        }
        var storage: [UInt8] = []
        storage.reserveCapacity(labels.count * 8)
        var starts: [Int] = []
        for label in labels {
            starts.append(storage.count)
            storage.append(contentsOf: label.utf8)
        }
        starts.append(storage.count)
        self.storage = storage
        self.starts = starts
        self.widths = widths
    }

    /// The label of slot `index`.
    func text(_ index: Int) -> ArraySlice<UInt8> {
        storage[starts[index]..<starts[index + 1]]
    }

    /// The columns of the label of slot `index`.
    func width(_ index: Int) -> Int {
        widths[index]
    }

    /// How the labels of the slots at `indices` line up in one column.
    func layout(of indices: ClosedRange<Int>) -> LabelLayout {
        var layout = LabelLayout(timeColumns: 0, columns: 0)
        for index in indices where grid.indices.contains(index) {
            layout.timeColumns = max(layout.timeColumns, timeEnds[index])
        }
        for index in indices where grid.indices.contains(index) {
            layout.columns = max(layout.columns, layout.timeColumns - timeEnds[index] + widths[index])
        }
        return layout
    }

    /// The padding before the label of slot `index` in a column laid out as `layout`.
    func padding(_ index: Int, in layout: LabelLayout) -> Int {
        max(layout.timeColumns - timeEnds[index], 0)
    }

    /// The padding after it (after its marks, where others in the column have longer ones).
    func trailing(_ index: Int, in layout: LabelLayout) -> Int {
        max(layout.columns - padding(index, in: layout) - widths[index], 0)
    }
}

/// How the labels of one column line up: each time right-aligned to the widest, so that the
/// colons are one above the other, and its marks after it, left-aligned.
struct LabelLayout: Equatable {
    /// The columns up to the end of the widest time.
    var timeColumns: Int
    /// The columns of the widest label laid out so; every label with its padding takes as many.
    var columns: Int
}

/// The label tables a front end has made, kept for the sessions that follow: most pickers on
/// one terminal share their grid and clock. A few are kept, the oldest dropped first.
struct SlotLabelCache {
    private var tables: [SlotLabels] = []
    private let capacity = 8

    /// The labels for `grid` in `clock` and `text`'s language, made now if no table has them.
    mutating func labels(for grid: SlotGrid, clock: ClockStyle, text: TerminalText) -> SlotLabels {
        if let table = tables.first(where: { $0.grid == grid && $0.clock == clock && $0.language == text.language.name }) { return table }
        let table = SlotLabels(grid: grid, clock: clock, text: text)
        if tables.count == capacity { tables.removeFirst() }
        tables.append(table)
        return table
    }
}
