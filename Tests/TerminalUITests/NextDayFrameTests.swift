import Localization
import Testing
import TerminalUI
import TimePickerCore

/// The rows of the two lists in a full frame: from the line after the headings to the blank
/// line before the selection.
private func listRows(_ lines: [String]) -> [String] {
    guard let headings = lines.firstIndex(where: { $0.contains("Start") && $0.contains("End") }) else { return [] }
    return Array(lines[(headings + 1)...].prefix { !$0.isEmpty && !$0.contains("Selected") })
}

/// An overnight or dated picker in every frame: a person never has to guess whether 06:00 is
/// today's, and the two 02:00s of the night the clocks go back are told apart.
@Suite("Picker frame: the next day and the day")
struct NextDayFrameTests {
    @Test("The next day's rows and the range say so, today's do not; the times line up on their colons", arguments: [
        (ClockStyle.twentyFourHour, "06:00 (next day)", "23:30", "Selected: 22:00 – 06:00 (next day) · 8 h · End column"),
        (.twelveHour, "6:00 AM (next day)", "11:30 PM", "Selected: 10:00 PM – 6:00 AM (next day) · 8 h · End column"),
    ])
    func nightShiftRows(clock: ClockStyle, end: String, lastToday: String, selection: String) throws {
        var picker = PickerModel(options: try options(nightShift, clock: clock))
        _ = picker.apply(.focus(.end))
        for placement in [FramePlacement.alternateScreen, .inline] {
            let lines = plainLines(PickerFrame.render(picker, columns: 80, rows: 24, placement: placement))
            #expect(label(after: "▶", in: lines) == end, "\(lines)")
            #expect(lines.contains(selection), "\(lines)")
            let rows = listRows(lines)
            #expect(rows.contains { $0.hasSuffix(lastToday) || $0.contains(lastToday + " ") })
            #expect(!rows.contains { $0.contains(lastToday + " (next day)") })
            // Every time of the next day shown is marked (the starts, 18:00 to 23:30, are none).
            let grid = picker.options.grid
            let words = PickerWords(.environment)
            let nextDay = grid.slots.filter(\.isNextDay)
            let shown = nextDay.filter { slot in rows.contains { colonColumns($0).count == 2 && $0.contains(" " + words.label(slot.time, clock)) } }
            #expect(shown.count >= 8, "\(rows)")
            for slot in shown {
                #expect(rows.contains { $0.hasSuffix(" " + words.label(slot, clock)) }, "\(slot.clockText): \(rows)")
            }
            // One column of colons per list, whatever the marks after the times.
            #expect(Set(rows.flatMap(colonColumns)).count == 2, "\(rows)")
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= 79 })
        }
    }

    @Test("The start column of an overnight picker takes no room for marks: two columns fit 40 columns in either clock",
          arguments: [ClockStyle.twentyFourHour, .twelveHour])
    func narrowStartColumn(clock: ClockStyle) throws {
        var picker = PickerModel(options: try options(nightShift, clock: clock))
        _ = picker.apply(.focus(.end))
        let lines = plainLines(PickerFrame.render(picker, columns: 40, rows: 12))
        #expect(lines.contains { $0.contains("Start") && $0.contains("End") }, "the full frame: \(lines)")
        #expect(label(after: "▶", in: lines) == (clock == .twelveHour ? "6:00 AM (next day)" : "06:00 (next day)"))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 39 }, "\(lines)")
    }

    @Test("At every size, in either clock and either column, the end's day is on screen and nothing runs off it",
          arguments: FrameSizeTests.sizes.filter { $0.0 >= 20 }, [ClockStyle.twentyFourHour, .twelveHour])
    func everySize(size: (Int, Int), clock: ClockStyle) throws {
        let (columns, rows) = size
        for focus in [PickerColumn.start, .end] {
            var picker = PickerModel(options: try options(nightShift, clock: clock))
            _ = picker.apply(.focus(focus))
            for placement in [FramePlacement.alternateScreen, .inline] {
                let lines = plainLines(PickerFrame.render(picker, waiting: 1, columns: columns, rows: rows, placement: placement))
                #expect(lines.count <= rows, "\(columns)x\(rows): \(lines)")
                #expect(lines.allSatisfy { DisplayWidth.of($0) <= columns - 1 }, "\(columns)x\(rows): \(lines)")
                let text = lines.joined(separator: "\n")
                #expect(text.contains(clock == .twelveHour ? "6:00 AM" : "06:00"), "\(columns)x\(rows): \(lines)")
                #expect(text.contains("(next day)") || text.contains("+1 day"), "\(columns)x\(rows): \(lines)")
            }
        }
    }

    @Test("The compact frame at 20x5 keeps the next day's mark whole, shorter when the 12-hour label has no room", arguments: [
        (ClockStyle.twentyFourHour, ["Night shift", "  22:00 Start", "▶ 06:00 (next day)…", "8 h", "Enter OK Esc cancel"]),
        (.twelveHour, ["Night shift", "  10:00 PM Start", "▶ 6:00 AM +1 day E…", "8 h", "Enter OK Esc cancel"]),
    ])
    func compact(clock: ClockStyle, expected: [String]) throws {
        var picker = PickerModel(options: try options(nightShift, clock: clock))
        _ = picker.apply(.focus(.end))
        #expect(plainLines(PickerFrame.render(picker, columns: 20, rows: 5)) == expected)
        // With room, the headings come first and the times line up.
        let wider = plainLines(PickerFrame.render(picker, columns: 30, rows: 5))
        let start = clock == .twelveHour ? "  Start 10:00 PM" : "  Start 22:00"
        let end = clock == .twelveHour ? "▶ End    6:00 AM (next day)" : "▶ End   06:00 (next day)"
        #expect(wider[1] == start && wider[2] == end, "\(wider)")
    }

    @Test("Scrolling keeps the selected end in view with its mark, from the first end to the last",
          arguments: [ClockStyle.twentyFourHour, .twelveHour], [8, 10, 13])
    func scrolling(clock: ClockStyle, rows: Int) throws {
        var picker = PickerModel(options: try options(nightShift, clock: clock))
        _ = picker.apply(.focus(.end))
        _ = picker.apply(.moveToFirst)
        let words = PickerWords(.environment)
        var seenNextDay = 0
        while true {
            let lines = plainLines(PickerFrame.render(picker, columns: 50, rows: rows))
            #expect(lines.count <= rows)
            let expected = words.label(picker.end, clock)
            #expect(label(after: "▶", in: lines) == expected, "\(lines)")
            if picker.end.isNextDay {
                seenNextDay += 1
                #expect(expected.hasSuffix(" (next day)"))
            }
            let end = picker.end
            _ = picker.apply(.move(by: 1))
            if picker.end == end { break }
        }
        #expect(seenNextDay == 16, "00:30 to 08:00 the next day")
    }

    @Test("A time typed in End reads forward, and a note about it names the day")
    func typedNotes() throws {
        var picker = PickerModel(options: try options(nightShift.merging(["last": .string("06:00"), "end": .string("23:00")]) { $1 }))
        _ = picker.apply(.focus(.end))
        _ = picker.apply(.type("6"))
        var lines = plainLines(PickerFrame.render(picker, columns: 80, rows: 24))
        #expect(lines.contains("Selected: 22:00 – 06:00 (next day) · 8 h · End column · typed: 6_"), "\(lines)")
        _ = picker.apply(.type("1"))
        _ = picker.apply(.type("5"))
        lines = plainLines(PickerFrame.render(picker, columns: 100, rows: 24))
        #expect(lines.contains { $0.hasSuffix("06:15 (next day) is not on the 30-min grid: 06:30 (next day)") } == false)
        #expect(lines.contains { $0.hasPrefix("Selected: 22:00 – 23:00 · 1 h · End column · typed: 615_ · 06:15 (next day)") }, "\(lines)")
        #expect(lines.last == "06:15 (next day) is after 06:00 (next day)", "the note whole where the keys were: \(lines)")
        _ = picker.apply(.erase)
        _ = picker.apply(.erase)
        _ = picker.apply(.erase)
        _ = picker.apply(.type("7"))
        lines = plainLines(PickerFrame.render(picker, columns: 100, rows: 24))
        #expect(lines.contains { $0.hasSuffix("typed: 7_ · 07:00 (next day) is after 06:00 (next day)") }, "\(lines)")
        #expect(lines.last == "07:00 (next day) is after 06:00 (next day)", "\(lines)")
    }

    @Test("The night the clocks go back: each 02:00 and 02:30 with its zone, the day on the title line", arguments: [
        (ClockStyle.twentyFourHour, "02:00 (next day) (CEST)", "02:00 (next day) (CET)", "22:00 – 02:30 (next day), before the clocks go back · 4 h 30 min · Start column"),
        (.twelveHour, "2:00 AM (next day) (CEST)", "2:00 AM (next day) (CET)", // 80 columns have no room for the words in 12-hour style: the zone's name (see below for 100).
        "10:00 PM – 2:30 AM (next day) (CEST) · 4 h 30 min · Start column"),
    ])
    func fallBack(clock: ClockStyle, summer: String, winter: String, selection: String) throws {
        var picker = PickerModel(options: try options(fallBackNight, clock: clock))
        #expect(picker.options.grid.date == CalendarDate(year: 2026, month: 10, day: 24))
        var lines = plainLines(PickerFrame.render(picker, columns: 80, rows: 30))
        #expect(lines.first == "Night shift · Sat 24 Oct")
        #expect(lines.contains { $0.hasSuffix(summer) } && lines.contains { $0.hasSuffix(winter + " ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix(selection) }, "\(lines)")
        #expect(Set(listRows(lines).flatMap(colonColumns)).count == 2, "\(lines)")
        let wide = plainLines(PickerFrame.render(picker, columns: 100, rows: 30))
        #expect(wide.contains { $0.contains("(next day), before the clocks go back · 4 h 30 min · Start column") }, "\(wide)")
        // An hour later on the clock, the same 02:30 is the winter one: an hour longer.
        _ = picker.apply(.focus(.end))
        _ = picker.apply(.move(by: 2))
        lines = plainLines(PickerFrame.render(picker, columns: 80, rows: 30))
        // The cursor's line says the two apart in words, which speech reads (issue 39).
        lines = plainLines(PickerFrame.render(picker, columns: 100, rows: 30))
        #expect(lines.contains { $0.contains("(next day), after the clocks go back · 5 h 30 min · End column") }, "\(lines)")
    }

    @Test("The day stays whole on a narrow title line; the title gives way", arguments: [
        (80, "Night shift · Sat 24 Oct"), (25, "Night shift · Sat 24 Oct"), (24, "Night shi… · Sat 24 Oct"), (20, "Night… · Sat 24 Oct"),
    ])
    func titleWithDay(columns: Int, expected: String) throws {
        let picker = PickerModel(options: try options(fallBackNight))
        #expect(plainLines(PickerFrame.render(picker, columns: columns, rows: 24)).first == expected)
        let untitled = PickerModel(options: try options(fallBackNight.merging(["title": .string("")]) { $1 }))
        #expect(plainLines(PickerFrame.render(untitled, columns: columns, rows: 24)).first == "Sat 24 Oct")
    }

    @Test("In German: the day as German writes it, the marks after the times, every line within the terminal",
          arguments: [ClockStyle.twentyFourHour, .twelveHour], [80, 40, 30, 20])
    func german(clock: ClockStyle, columns: Int) throws {
        let german = try #require(Language(named: "de_DE.UTF-8"))
        var picker = PickerModel(options: try options(fallBackNight, clock: clock))
        _ = picker.apply(.focus(.end))
        let lines = plainLines(PickerFrame.render(picker, columns: columns, rows: 24, language: german))
        #expect(lines.first == (columns >= 24 ? "Night shift · Sa 24 Okt" : "Night … · Sa 24 Okt"), "\(lines)")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= columns - 1 }, "\(lines)")
        #expect(lines.joined().contains("(next day)") || lines.joined().contains("+1 day"), "\(lines)")
        let rows = listRows(lines)
        if !rows.isEmpty { #expect(Set(rows.flatMap(colonColumns)).count == 2, "\(lines)") }
    }

    @Test("In Arabic every time is a run of its own, its marks outside it, and the times still line up",
          arguments: [ClockStyle.twentyFourHour, .twelveHour])
    func arabic(clock: ClockStyle) throws {
        let arabic = try #require(Language(named: "ar_EG.UTF-8"))
        var picker = PickerModel(options: try options(nightShift, clock: clock))
        _ = picker.apply(.focus(.end))
        let lines = plainLines(PickerFrame.render(picker, columns: 80, rows: 24, language: arabic))
        let time = clock == .twelveHour ? "\u{2068}6:00 ص\u{2069}" : "\u{2068}06:00\u{2069}"
        #expect(label(after: "▶", in: lines) == time + " (next day)", "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Selected: ") && $0.contains("– " + time + " (next day) · ") }, "\(lines)")
        let rows = listRows(lines)
        #expect(Set(rows.flatMap(colonColumns)).count == 2, "\(rows)")
        // Every isolate is closed on its line.
        #expect(lines.allSatisfy { $0.filter { $0 == "\u{2068}" || $0 == "\u{2066}" }.count == $0.filter { $0 == "\u{2069}" }.count })
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 79 })
    }
}
