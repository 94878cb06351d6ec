internal import TimePickerCore

/// Every slot's label as a person reads it ("9:00 AM", "midnight"), right-aligned to the
/// widest so that the times line up on their colons: computed once per grid and clock, not
/// once per cell of every frame.
final class SlotLabels {
    let grid: SlotGrid
    let clock: ClockStyle
    /// The language whose day periods the 12-hour labels use.
    let language: String
    /// The columns of the widest label; every padded label takes exactly this many.
    let columns: Int
    /// The padded labels, one after the other, and where each begins.
    private let storage: [UInt8]
    private let starts: [Int]
    /// Each label's own columns; the padding before it is the rest of `columns`.
    private let widths: [Int]

    init(grid: SlotGrid, clock: ClockStyle, text: TerminalText) {
        self.grid = grid
        self.clock = clock
        language = text.language.name
        let labels = grid.indices.map { text.label(grid, $0, clock) }
        let widths = labels.map { DisplayWidth.of($0) }
        let columns = widths.max() ?? 0
        var storage: [UInt8] = []
        storage.reserveCapacity(labels.count * (columns + 1))
        var starts: [Int] = []
        for (label, width) in zip(labels, widths) {
            starts.append(storage.count)
            storage.append(contentsOf: repeatElement(UInt8(ascii: " "), count: columns - width))
            storage.append(contentsOf: label.utf8)
        }
        starts.append(storage.count)
        self.storage = storage
        self.starts = starts
        self.widths = widths
        self.columns = columns
    }

    /// The label of slot `index`, padded on the left to `columns`.
    func padded(_ index: Int) -> ArraySlice<UInt8> {
        storage[starts[index]..<starts[index + 1]]
    }

    /// The label of slot `index` without padding.
    func text(_ index: Int) -> ArraySlice<UInt8> {
        storage[starts[index] + padding(index)..<starts[index + 1]]
    }

    /// The padding before the label of slot `index`.
    func padding(_ index: Int) -> Int {
        columns - widths[index]
    }

    /// The columns of the label of slot `index` without padding.
    func width(_ index: Int) -> Int {
        widths[index]
    }
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
