import EventLoop
import TerminalUI
import Testing
import TimePickerCore

/// The line the cursor rests on, on a real pseudo-terminal, as a screen reader and a braille
/// display read it (issue 39): it names the focused column, keeps the range and its length
/// whatever note is shown, says what is typed so far on each key and after Backspace, and
/// carries the picker's day, the time limit and "+ more time".
@Suite("Terminal: the cursor's line")
struct CursorLineTerminalTests {
    /// Turns the loop until the cursor's line shows `text`; returns it.
    @discardableResult
    private func waitForCursorLine(_ picker: PickerOnTerminal, _ text: String) throws -> String {
        try picker.waitUntil("the cursor's line to show '\(text)' (it reads '\(picker.cursorLine)')") { picker.cursorLine.contains(text) }
        return picker.cursorLine
    }

    @Test("Tab changes the column the cursor's line names")
    func focusedColumn() throws {
        let picker = try PickerOnTerminal(try options(["step": .uint32(30), "start": .string("09:00"), "end": .string("17:30")]))
        try waitForCursorLine(picker, "Selected: 09:00 – 17:30 · 8 h 30 min · Start column")
        picker.type("\t")
        try waitForCursorLine(picker, "Selected: 09:00 – 17:30 · 8 h 30 min · End column")
        picker.type("\t")
        try waitForCursorLine(picker, "· Start column")
    }

    @Test("Each key and Backspace show what is typed so far; 173 on the way to 1730 is no error")
    func typedSoFar() throws {
        let picker = try PickerOnTerminal(try options(["step": .uint32(15), "start": .string("09:00"), "end": .string("10:00")]))
        try waitForCursorLine(picker, "Start column")
        picker.type("\t")
        for (key, typed) in [("1", "1_"), ("7", "17_"), ("3", "173_")] {
            picker.type(key)
            let line = try waitForCursorLine(picker, "End column · typed: \(typed)")
            #expect(!line.contains("not a time"), "\(line)")
        }
        picker.type("\u{7F}")
        var line = try waitForCursorLine(picker, "End column · typed: 17_")
        #expect(line.hasPrefix("Selected: 09:00 – 17:00 · 8 h · End column"), "\(line)")
        picker.type("30")
        line = try waitForCursorLine(picker, "typed: 1730_")
        #expect(line.hasPrefix("Selected: 09:00 – 17:30 · 8 h 30 min · End column"), "\(line)")
    }

    @Test("A long note leaves the range and its length on the line; the note is whole on the keys' line")
    func longNote() throws {
        let picker = try PickerOnTerminal(try options(["step": .uint32(30), "start": .string("09:00"), "end": .string("17:30"), "min_duration": .uint32(90)]), columns: 60)
        try waitForCursorLine(picker, "Start column")
        picker.type("105")
        let line = try waitForCursorLine(picker, "typed: 105_")
        #expect(line.hasPrefix("01:00 – 09:30 · 8 h 30 min · Start column · typed: 105_"), "the range first, whole: \(line)")
        #expect(picker.screen.lines.contains("01:05 is not on the 30-min grid: 01:00"), "\(picker.screen.lines)")
    }

    @Test("The time limit and + more time are on the cursor's line, even where the countdown has its own")
    func timeLimit() throws {
        let raw: [String: OptionValue] = ["timeout": .uint32(120), "timeout_extensions": .uint32(1), "start": .string("09:00"), "end": .string("10:00")]
        let picker = try PickerOnTerminal(try options(raw), deadline: MonotonicClock.now() + 120_000)
        let line = try waitForCursorLine(picker, "· closes in ")
        #expect(line.hasPrefix("Selected: 09:00 – 10:00 · 1 h · Start column · closes in "), "\(line)")
        #expect(line.hasSuffix(" · + more time"), "\(line)")
        #expect(picker.screen.lines.contains { $0.hasPrefix("Closes in ") }, "the countdown's own line too: \(picker.screen.lines)")
    }

    @Test("A dated picker's day is on the cursor's line")
    func day() throws {
        let raw: [String: OptionValue] = ["date": .string("2026-03-28"), "time_zone": .string("Europe/Berlin"), "start": .string("09:00"), "end": .string("10:00")]
        let picker = try PickerOnTerminal(try options(raw))
        try waitForCursorLine(picker, "Selected: 09:00 – 10:00 · 1 h · Start column · Sat 28 Mar")
    }
}
