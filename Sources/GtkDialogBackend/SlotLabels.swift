internal import Localization
internal import TimePickerCore

/// The rows' labels of one dialog, shared by its columns: each slot's time as the person
/// reads it, made when its row is, and which rows are the widest.
///
/// A column's width is its widest row's among those GTK lays out; a column that holds a
/// window of its run keeps one row of each shape of label in the run (`widestRows`), out of
/// view, so that it is as wide as the whole run needs however it is scrolled: as wide as
/// when GTK 4.8 laid out 200 rows, and not narrower after Home in an overnight End column,
/// which would have shrunk the dialog.
///
/// Not actor-isolated, as the rows that use it (`SlotRows`); used on the main thread only.
final class SlotLabels {
    private let grid: SlotGrid
    private let clock: ClockStyle
    private let words: PickerWords
    /// Where each shape of label begins in the grid, in order: made on first use, from every
    /// label once.
    private var shapes: [(from: Int, shape: String)]?

    /// The labels of `grid`'s slots, on `clock`, in `words`' language.
    init(grid: SlotGrid, clock: ClockStyle, words: PickerWords) {
        self.grid = grid
        self.clock = clock
        self.words = words
    }

    /// Each time as the person reads it, the next day's marked ("06:00 (next day)") and the
    /// repeated hour's with its zone ("02:30 (CEST)").
    func label(_ index: Int) -> String {
        words.label(grid, index, clock)
    }

    /// A row of each shape of label in `run` (its first), which together are as wide as any row
    /// of the run: the rows show their digits at one width (the `numeric` style's tabular
    /// figures), so labels that differ only in digits are one width.
    func widestRows(in run: Range<Int>) -> [Int] {
        let shapes = self.shapes ?? makeShapes()
        var rows: [Int] = []
        var seen: Set<String> = []
        for (position, entry) in shapes.enumerated() {
            let end = position + 1 < shapes.count ? shapes[position + 1].from : grid.count
            let first = max(entry.from, run.lowerBound)
            guard first < min(end, run.upperBound), seen.insert(entry.shape).inserted else { continue }
            rows.append(first)
        }
        return rows
    }

    /// Every label's shape, its digits made zeros, with where each run of one shape begins.
    private func makeShapes() -> [(from: Int, shape: String)] {
        var shapes: [(from: Int, shape: String)] = []
        for index in 0..<grid.count {
            let shape = String(label(index).map { $0.isWholeNumber ? "0" : $0 })
            if shapes.last?.shape != shape { shapes.append((index, shape)) }
        }
        self.shapes = shapes
        return shapes
    }
}
