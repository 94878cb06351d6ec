import Testing
import TerminalUI
import TimePickerCore

/// The frame at every size a terminal may have: what a person needs is always there, down to
/// 20×5, and nothing ever runs off the screen.
@Suite("Picker frame: sizes")
struct FrameSizeTests {
    static let sizes: [(Int, Int)] = [
        (20, 5), (21, 5), (20, 6), (24, 6), (30, 7), (22, 8), (23, 8), (30, 10), (40, 12), (80, 24), (200, 60), (19, 40), (300, 5),
    ]

    @Test("down to 20x5: both selections, the focus, Enter and Esc; no line too long, no more lines than rows",
          arguments: sizes, [FramePlacement.alternateScreen, .inline])
    func essentials(size: (Int, Int), placement: FramePlacement) throws {
        let (columns, rows) = size
        for clock in [ClockStyle.twelveHour, .twentyFourHour] {
            for focus in [PickerColumn.start, .end] {
                var picker = try model(["title": .string("Weekly planning with the whole team"), "timeout": .uint32(90)], clock: clock)
                picker.deadline = 90_000
                _ = picker.apply(.focus(focus))
                _ = picker.apply(.set(.start, Slot(time("09:00"))))
                _ = picker.apply(.set(.end, Slot(time("17:00"))))
                let frame = PickerFrame.render(picker, waiting: 2, columns: columns, rows: rows, placement: placement)
                let lines = plainLines(frame)
                #expect(lines.count <= rows, "\(columns)x\(rows): \(lines)")
                #expect(lines.allSatisfy { DisplayWidth.of($0) <= columns - 1 }, "\(columns)x\(rows): \(lines)")
                if columns < 20 {
                    #expect(lines == ["terminal too small"])
                    continue
                }
                let text = lines.joined(separator: "\n")
                let start = time("09:00").label(clock)
                let end = time("17:00").label(clock)
                #expect(text.contains(start) && text.contains(end), "\(columns)x\(rows): \(lines)")
                #expect(text.contains("Enter OK") && text.contains("Esc"), "\(columns)x\(rows): \(lines)")
                let focusedLine = try #require(lines.first { $0.contains("▶") }, "\(columns)x\(rows): \(lines)")
                #expect(focusedLine.contains(focus == .start ? start : end) || focusedLine.contains(focus == .start ? "Start" : "End"))
                // The focused selection in reverse video.
                #expect(frame.contains("\u{1B}[7m▶"))
            }
        }
    }

    @Test("the compact frame at 20x5, line by line")
    func compactTwentyByFive() throws {
        var picker = try model(["step": .uint32(30)])
        _ = picker.apply(.set(.start, Slot(time("09:30"))))
        let lines = plainLines(PickerFrame.render(picker, waiting: 1, columns: 20, rows: 5))
        // The end moved along with the start, keeping the half hour.
        #expect(lines == ["Select start and e…", "▶ Start  9:30 AM", "  End   10:00 AM", "30 min · 1 waiting", "Enter OK Esc cancel"])
    }

    @Test("the compact frame puts the time left before the duration, without its minimum")
    func compactCountdown() throws {
        var picker = try model(["timeout": .uint32(90), "min_duration": .uint32(60)])
        picker.deadline = 90_000
        let lines = plainLines(PickerFrame.render(picker, columns: 30, rows: 5))
        #expect(lines[3] == "closes in 1:30 · 1 h")
    }

    @Test("the compact frame gives the queue a line of its own when there is one")
    func compactQueue() throws {
        let lines = plainLines(PickerFrame.render(try model(), waiting: 1, columns: 30, rows: 6))
        #expect(lines.last == "1 more picker waiting: Next 1")
        #expect(lines.count == 6)
    }

    @Test("below 20x5: 'terminal too small'", arguments: [(19, 24), (80, 4), (10, 3), (0, 0), (1, 1), (-5, -5), (200, 2)] as [(Int, Int)])
    func tooSmall(columns: Int, rows: Int) throws {
        let lines = plainLines(PickerFrame.render(try model(), columns: columns, rows: rows))
        #expect(lines.count == 1)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= max(columns - 1, 1) })
        let expected = columns >= 19 ? "terminal too small" : "too small"
        #expect(lines.first == DisplayWidth.clipped(expected, to: max(columns - 1, 1)).text)
    }

    @Test("80x7 keeps both columns, with the countdown and the queue on the selection's line")
    func folded() throws {
        var picker = try model(["timeout": .uint32(60)])
        picker.deadline = 60_000
        let lines = plainLines(PickerFrame.render(picker, waiting: 1, columns: 80, rows: 7))
        #expect(lines.count == 7)
        #expect(lines.contains("Selected: 1:00 AM – 2:00 AM · 1 h · Start column · closes in 1:00 · 1 waiting"), "\(lines)")
    }
}
