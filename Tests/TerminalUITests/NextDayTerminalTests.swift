import EventLoop
import Glibc
import SystemKit
import TerminalUI
import TestHarness
import Testing
import TimePickerCore

/// Overnight and dated pickers on a real terminal: the keys a person types, the screen they read.
@Suite("Terminal: the next day and the day")
struct NextDayTerminalTests {
    @Test("An overnight picker from 22:00 to 06:00 marks the next day's rows and the range, not today's")
    func nightShiftOnScreen() throws {
        let picker = try PickerOnTerminal(try options(nightShift))
        var lines = try picker.waitFor("Selected: 22:00 – 06:00 (next day) · 8 h")
        #expect(lines.contains { $0.hasSuffix(" 05:30 (next day)") }, "\(lines)")
        #expect(lines.contains { $0.contains("▶ 22:00") } && lines.contains { $0.contains("> 06:00 (next day)") }, "\(lines)")
        // Around midnight in End: today's 23:30 and 24:00 unmarked, 00:30 marked.
        picker.type("\t01")
        lines = try picker.waitFor("Selected: 22:00 – 01:00 (next day) · 3 h")
        #expect(lines.contains { $0.hasSuffix(" 23:30") } && lines.contains { $0.hasSuffix(" 24:00") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(" 00:30 (next day)") }, "\(lines)")
        #expect(!lines.contains { $0.contains("23:30 (next day)") || $0.contains("24:00 (next day)") }, "\(lines)")
    }

    @Test("Moving End past midnight marks it", arguments: [ClockStyle.twentyFourHour, .twelveHour])
    func movingPastMidnight(clock: ClockStyle) throws {
        let picker = try PickerOnTerminal(try options(nightShift.merging(["end": .string("23:30")]) { $1 }, clock: clock))
        let twelve = clock == .twelveHour
        var lines = try picker.waitFor(twelve ? "Selected: 10:00 PM – 11:30 PM · 1 h 30 min" : "Selected: 22:00 – 23:30 · 1 h 30 min")
        #expect(!lines.contains { $0.hasPrefix("Selected:") && $0.contains("next day") })
        // Tab to End, then down: midnight (24:00, the day's end), then 00:30 the next day.
        picker.type("\tj")
        try picker.waitFor(twelve ? "Selected: 10:00 PM – midnight · 2 h" : "Selected: 22:00 – 24:00 · 2 h")
        picker.type("j")
        lines = try picker.waitFor(twelve ? "Selected: 10:00 PM – 12:30 AM (next day) · 2 h 30 min" : "Selected: 22:00 – 00:30 (next day) · 2 h 30 min")
        #expect(lines.contains { $0.contains(twelve ? "▶ 12:30 AM (next day)" : "▶ 00:30 (next day)") }, "\(lines)")
    }

    @Test("Typing 6 in End after a 22:00 start selects 06:00 the next day, and Enter picks it")
    func typedSix() throws {
        let picker = try PickerOnTerminal(try options(nightShift.merging(["end": .string("23:00")]) { $1 }))
        try picker.waitFor("Selected: 22:00 – 23:00 · 1 h")
        picker.type("\t6")
        let lines = try picker.waitFor("Selected: 22:00 – 06:00 (next day) · 8 h")
        #expect(lines.contains { $0.contains("▶ 06:00 (next day)") }, "\(lines)")
        picker.type("\r")
        try picker.waitUntil("the pick to end") { picker.outcome != nil }
        guard case .selected(let start, let end)? = picker.outcome else {
            Issue.record("not picked: \(String(describing: picker.outcome))")
            return
        }
        #expect(start == Slot(minutes: 22 * 60))
        #expect(end.isNextDay && end.clockText == "06:00")
    }

    @Test("The night the clocks go back: both 02:00s on screen told apart, the day on the title line, each picked with its offset")
    func fallBackNight() throws {
        let raw = nightShift.merging(["date": .string("2026-10-24"), "time_zone": .string("Europe/Berlin"), "end": .string("01:30")]) { $1 }
        let picker = try PickerOnTerminal(try options(raw))
        var lines = try picker.waitFor("Selected: 22:00 – 01:30 (next day) · 3 h 30 min")
        #expect(lines.contains("Night shift · Sat 24 Oct"), "\(lines)")
        #expect(lines.contains { $0.hasSuffix(" 02:00 (next day) (CEST)") }, "\(lines)")
        #expect(lines.contains { $0.contains(" 02:00 (next day) (CET)") }, "\(lines)")
        // Down through End: the summer 02:00, the summer 02:30, then the winter 02:00.
        picker.type("\tj")
        // The cursor's line says them apart in words, which speech reads (issue 39).
        try picker.waitFor("22:00 – 02:00 (next day), before the clocks go back · 4 h · End column")
        picker.type("jj")
        lines = try picker.waitFor("22:00 – 02:00 (next day), after the clocks go back · 5 h · End column")
        #expect(lines.contains { $0.contains("▶ 02:00 (next day) (CET)") }, "\(lines)")
        picker.type("\r")
        try picker.waitUntil("the pick to end") { picker.outcome != nil }
        #expect(picker.model.range.startTime == "2026-10-24T22:00:00+02:00")
        #expect(picker.model.range.endTime == "2026-10-25T02:00:00+01:00")
    }

    @Test("On a terminal 20 columns wide the end keeps its day")
    func narrowTerminal() throws {
        let picker = try PickerOnTerminal(try options(nightShift, clock: .twelveHour), columns: 20, rows: 5)
        picker.type("\t")
        let lines = try picker.waitFor("▶ 6:00 AM +1 day")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 19 }, "\(lines)")
    }
}
