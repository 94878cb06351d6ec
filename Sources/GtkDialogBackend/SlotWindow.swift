/// Which rows of a column's run its list holds: the whole run when it is short, else a window
/// of it around the rows in view, and a few rows kept wherever they are.
///
/// GTK 4.8's list view makes a widget (a row, its label, their CSS nodes and accessible
/// objects: some 10 KiB) for up to 200 items around the one it shows, however few are in view:
/// 400 rows a dialog of step 1, 1.2 GB for 256 such dialogs. A list that holds only the rows
/// in view and a few beyond has that many widgets. The rows of the run it does not hold are
/// stood for by spacers above and below (`SlotScroller`), so the scroll bar and each row's
/// place are the whole run's.
///
/// The rows kept are held outside the window too, next to it (`held`), where a spacer's last
/// rows would be, out of view: the selected row, so that its widget, and the keyboard focus on
/// it, live while the person scrolls away with the wheel; and a row of each shape of label,
/// which keep the column as wide as its widest row (`SlotLabels.widestRows`).
struct SlotWindow: Equatable {
    /// Runs this short are held whole: GTK 4.8's list view makes a widget for every row of a
    /// list of up to 200 anyway, so a screen reader is told the same rows, in the same count,
    /// as before there were windows.
    static let wholeRunLimit = 200
    /// Rows held beyond those in view, on each side: room for a few turns of the wheel
    /// before the window follows.
    static let margin = 6
    /// The rows in view before a column knows its height: 361 pixels of 38-pixel rows.
    static let rowsInViewAtFirst = 10

    /// The grid indices the column shows.
    let run: Range<Int>
    /// The rows held around the view: the whole run, or a part of it.
    let window: Range<Int>
    /// The rows kept that are outside `window`, in order.
    let extras: [Int]

    /// The window of `run` for the rows `inView` (grid indices), holding the rows `kept` too.
    /// The `previous` window is kept while it still holds the rows in view with half the
    /// margin around them, so that the list is not changed at every turn of the wheel.
    init(run: Range<Int>, inView: Range<Int>, keeping kept: [Int] = [], previous: SlotWindow? = nil) {
        self.run = run
        let window: Range<Int>
        if run.count <= Self.wholeRunLimit {
            window = run
        } else {
            let needed = Self.widened(inView, by: Self.margin / 2, within: run)
            if let previous, previous.run == run, previous.window.lowerBound <= needed.lowerBound,
               needed.upperBound <= previous.window.upperBound {
                window = previous.window
            } else {
                window = Self.widened(inView, by: Self.margin, within: run)
            }
        }
        self.window = window
        extras = Set(kept.filter { run.contains($0) && !window.contains($0) }).sorted()
    }

    /// The grid indices the list holds, in its order: the window, with the rows kept outside
    /// it before and after.
    var held: [Int] { extrasAbove + window + extrasBelow }

    /// The run's rows the spacer above the list stands for: those before the list's first row.
    var rowsAbove: Int { window.lowerBound - run.lowerBound - extrasAbove.count }

    /// The run's rows the spacer below the list stands for: those after the list's last row.
    var rowsBelow: Int { run.upperBound - window.upperBound - extrasBelow.count }

    private var extrasAbove: [Int] { extras.filter { $0 < window.lowerBound } }
    private var extrasBelow: [Int] { extras.filter { $0 >= window.upperBound } }

    /// `rows` and `margin` more on each side, as many as `run` has, the same count where
    /// it can (moved inwards at the run's ends).
    private static func widened(_ rows: Range<Int>, by margin: Int, within run: Range<Int>) -> Range<Int> {
        let count = min(run.count, max(rows.count, 1) + 2 * margin)
        let lower = min(max(run.lowerBound, rows.lowerBound - margin), run.upperBound - count)
        return lower..<(lower + count)
    }
}
