@testable import GtkDialogBackend
import Localization
import Testing
import TimePickerCore

@Suite("The rows a column holds")
struct SlotWindowTests {
    /// Every row of `window`'s run is held or stood for by a spacer, once.
    private func expectWholeRunAccountedFor(_ window: SlotWindow, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(window.rowsAbove >= 0 && window.rowsBelow >= 0, sourceLocation: sourceLocation)
        #expect(window.rowsAbove + window.held.count + window.rowsBelow == window.run.count, sourceLocation: sourceLocation)
        #expect(Set(window.held).count == window.held.count, "a row held twice", sourceLocation: sourceLocation)
    }

    @Test("A run GTK 4.8 would lay out whole anyway (up to 200 rows) is held whole: the same rows, in the same count, for a screen reader")
    func shortRunsWhole() {
        let window = SlotWindow(run: 20..<220, inView: 100..<110, keeping: [150])
        #expect(window.window == 20..<220)
        #expect(window.held == Array(20..<220))
        #expect(window.extras.isEmpty)
        #expect(window.rowsAbove == 0 && window.rowsBelow == 0)
    }

    @Test("A long run holds the rows in view and a margin on each side; spacers stand for the rest")
    func longRunWindow() {
        let window = SlotWindow(run: 0..<1441, inView: 700..<710, keeping: [705])
        #expect(window.window == (700 - SlotWindow.margin)..<(710 + SlotWindow.margin))
        #expect(window.extras.isEmpty)
        #expect(window.rowsAbove == 700 - SlotWindow.margin)
        expectWholeRunAccountedFor(window)
        // At the run's ends the window keeps its size, moved inwards.
        let top = SlotWindow(run: 60..<1500, inView: 60..<70)
        #expect(top.window == 60..<(70 + 2 * SlotWindow.margin))
        let bottom = SlotWindow(run: 60..<1500, inView: 1495..<1505)
        #expect(bottom.window == (1500 - 10 - 2 * SlotWindow.margin)..<1500)
        expectWholeRunAccountedFor(top)
        expectWholeRunAccountedFor(bottom)
    }

    @Test("The window stays while the view moves within half its margin, and follows it beyond")
    func windowFollowsTheView() {
        let first = SlotWindow(run: 0..<1441, inView: 700..<710)
        let nudged = SlotWindow(run: 0..<1441, inView: 702..<712, previous: first)
        #expect(nudged.window == first.window, "a turn of the wheel does not change the list")
        let scrolled = SlotWindow(run: 0..<1441, inView: 705..<715, previous: nudged)
        #expect(scrolled.window == (705 - SlotWindow.margin)..<(715 + SlotWindow.margin))
        // Another run (the start moved, End's run with it): a window of its own.
        let reshaped = SlotWindow(run: 1..<1442, inView: 702..<712, previous: first)
        #expect(reshaped.window == (702 - SlotWindow.margin)..<(712 + SlotWindow.margin))
    }

    @Test("Rows kept outside the window (the selected row, the widest labels) are held next to it, out of view, each in one place")
    func keptRows() {
        let below = SlotWindow(run: 0..<1441, inView: 100..<110, keeping: [900, 1440, 900])
        #expect(below.extras == [900, 1440])
        #expect(below.held == Array(below.window) + [900, 1440])
        #expect(below.rowsAbove == below.window.lowerBound)
        expectWholeRunAccountedFor(below)
        let around = SlotWindow(run: 0..<1441, inView: 700..<710, keeping: [3, 705, 1200])
        #expect(around.held == [3] + Array(around.window) + [1200])
        #expect(around.rowsAbove == around.window.lowerBound - 1)
        expectWholeRunAccountedFor(around)
        // A row outside the run is not the column's to hold.
        #expect(SlotWindow(run: 0..<1441, inView: 700..<710, keeping: [2000]).extras.isEmpty)
    }

    @Test("A row of each shape of label is kept: an overnight End column keeps a next-day row wherever it is scrolled")
    func widestRows() throws {
        let english = try #require(Language(named: "C"))
        let night = try #require(SlotGrid(firstMinutes: 0, lastMinutes: 2880, step: 1))
        let labels = SlotLabels(grid: night, clock: .twentyFourHour, words: PickerWords(english))
        let rows = labels.widestRows(in: 1320..<2761)
        // 24:00 is the picker's day's own end; the next day's times begin after it.
        #expect(rows.map(labels.label) == ["22:00", "00:01 (next day)"])
        #expect(labels.widestRows(in: 0..<1440).map(labels.label) == ["00:00"])
        // On a 12-hour clock, one row each for one and two digits of the hour, morning and
        // afternoon, and midnight.
        let day = try #require(SlotGrid(firstMinutes: 0, lastMinutes: 1440, step: 1))
        let twelve = SlotLabels(grid: day, clock: .twelveHour, words: PickerWords(english))
        let shapes = Set(twelve.widestRows(in: 0..<1441).map { twelve.label($0).map { $0.isWholeNumber ? "0" : $0 } }.map { String($0) })
        #expect(shapes.contains("0:00 AM") && shapes.contains("00:00 AM") && shapes.contains("0:00 PM") && shapes.contains("00:00 PM"), "\(shapes)")
    }
}
