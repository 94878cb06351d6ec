import Localization
import TestHarness
import Testing
import TerminalUI
import TimePickerCore

/// The terminal picker as a braille display or a terminal screen reader meets it (issue 31):
/// they show and read the line the cursor is on, so on the alternate screen the hidden cursor
/// rests on the selection's line, which carries the whole answer: the range, the next-day mark,
/// the length, what is being typed and why it selected something else. Read back through the
/// screen emulator the terminal tests use.
@Suite("Picker frame: the line a screen reader reads")
struct ScreenReaderLineTests {
    /// The screen after `frames`, drawn one after the other on an 80x24 terminal.
    private func screen(after frames: [String]) -> ScreenEmulator {
        var screen = ScreenEmulator(columns: 80, rows: 24)
        screen.feed(Array("\u{1B}[?1049h".utf8))
        for frame in frames { screen.feed(Array(frame.utf8)) }
        return screen
    }

    /// The line the cursor is on.
    private func cursorLine(_ screen: ScreenEmulator) -> String {
        screen.lines.indices.contains(screen.cursorRow) ? screen.lines[screen.cursorRow] : ""
    }

    @Test("On the alternate screen the cursor rests on the selection's line, frame after frame")
    func cursorRestsOnTheSelection() throws {
        var picker = try model(["step": .uint32(30), "start": .string("09:00"), "end": .string("17:30")])
        let first = PickerFrame.render(picker, columns: 80, rows: 24)
        _ = picker.apply(.move(by: 1))
        let second = PickerFrame.render(picker, columns: 80, rows: 24)
        var shown = screen(after: [first])
        #expect(cursorLine(shown) == "Selected: 9:00 AM – 5:30 PM · 8 h 30 min · Start column", "\(shown.lines)")
        #expect(shown.cursorColumn == 0)
        shown = screen(after: [first, second])
        #expect(cursorLine(shown) == "Selected: 9:30 AM – 6:00 PM · 8 h 30 min · Start column", "each frame begins at the corner: \(shown.lines)")
    }

    @Test("The line carries a next-day end, and a typed note, with the range and its length")
    func wholeAnswer() throws {
        var night = PickerModel(options: try options(nightShift, clock: .twelveHour))
        var shown = screen(after: [PickerFrame.render(night, columns: 80, rows: 24)])
        #expect(cursorLine(shown) == "Selected: 10:00 PM – 6:00 AM (next day) · 8 h · Start column", "\(shown.lines)")
        // 99 can become no time (25 could still become 2:50: no note, issue 39).
        _ = night.apply(.type("9"))
        _ = night.apply(.type("9"))
        shown = screen(after: [PickerFrame.render(night, columns: 80, rows: 24)])
        let line = cursorLine(shown)
        #expect(line.hasPrefix("Selected: 10:00 PM – 6:00 AM (next day) · 8 h"), "\(shown.lines)")
        #expect(line.contains("Start column · typed: 99_"), "\(line)")
        // The note follows, clipped here if it must be; whole on the line of the keys.
        #expect(shown.lines.contains("99 is not a time"), "\(shown.lines)")
    }

    @Test("Inline, below a shell's prompt, the cursor waits at the picker's top-left corner (FramePlacement.inline), which is the selection's line, frame after frame")
    func inlineKeepsItsCorner() throws {
        var picker = try model(["step": .uint32(30), "start": .string("09:00"), "end": .string("17:30")])
        var shown = ScreenEmulator(columns: 80, rows: 24)
        shown.feed(Array("prompt$ timepickerctl pick\r\n".utf8))
        shown.feed(Array(PickerFrame.enter(.inline, columns: 80)))
        shown.feed(Array(PickerFrame.render(picker, columns: 80, rows: 24, placement: .inline).utf8))
        #expect(shown.cursorRow == 1 && shown.cursorColumn == 0, "\(shown.lines)")
        #expect(cursorLine(shown) == "Selected: 9:00 AM – 5:30 PM · 8 h 30 min · Start column", "\(shown.lines)")
        #expect(shown.lines[2] == "Select start and end time", "the title under it: \(shown.lines)")
        _ = picker.apply(.type("9"))
        _ = picker.apply(.type("9"))
        shown.feed(Array(PickerFrame.render(picker, columns: 80, rows: 24, placement: .inline).utf8))
        #expect(shown.cursorRow == 1 && shown.cursorColumn == 0, "\(shown.lines)")
        #expect(cursorLine(shown).hasPrefix("Selected: 9:00 AM – 5:30 PM · 8 h 30 min"), "\(shown.lines)")
        #expect(cursorLine(shown).contains("Start column · typed: 99_"), "\(shown.lines)")
        #expect(shown.lines.contains("99 is not a time"), "\(shown.lines)")
        #expect(shown.lines[0] == "prompt$ timepickerctl pick", "the shell's line stays: \(shown.lines)")
    }

    @Test("The compact frame of a small terminal rests the cursor on the focused column's line")
    func compactRestsOnTheFocus() throws {
        var picker = try model(["step": .uint32(30), "start": .string("09:00"), "end": .string("17:30")])
        var shown = screen(after: [PickerFrame.render(picker, columns: 20, rows: 5)])
        #expect(cursorLine(shown).contains("9:00 AM"), "\(shown.lines)")
        _ = picker.apply(.switchFocus)
        shown = screen(after: [PickerFrame.render(picker, columns: 20, rows: 5)])
        #expect(cursorLine(shown).contains("5:30 PM"), "\(shown.lines)")
    }
}
