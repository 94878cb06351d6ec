import Testing
import TerminalUI
import TimePickerCore

/// The label shown after `marker` in the frame's plain lines, or nil if no line has the marker.
private func selectedLabel(after marker: String, in lines: [String]) -> String? {
    for line in lines {
        guard let range = line.firstRange(of: marker) else { continue }
        let rest = line[range.upperBound...].drop { $0 == " " }
        // Labels hold single spaces ("9:00 AM"); columns are separated by two or more.
        let end = rest.firstRange(of: "  ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }
    return nil
}

/// What the frame writes once the sequences the renderer is allowed to use are removed (the
/// cursor's move to the selection's line among them).
private func withoutKnownSequences(_ frame: String) -> String {
    var text = frame.replacing(/\u{1B}\[\d+;1H$/, with: "")
    for sequence in ["\u{1B}[H", "\u{1B}[K", "\u{1B}[J", "\u{1B}[7m", "\u{1B}[0m", "\u{1B}[1m", "\u{1B}[4m"] {
        text = text.replacing(sequence, with: "")
    }
    return text
}

@Suite("Picker frame")
struct PickerFrameTests {
    @Test("default model in 80x24")
    func defaultFrame() throws {
        let frame = PickerFrame.render(try model(), columns: 80, rows: 24)
        let lines = plainLines(frame)

        #expect(frame.hasPrefix("\u{1B}[H"))
        // Erased to the end, then the hidden cursor rests on the selection's line (the 23rd).
        #expect(frame.hasSuffix("\u{1B}[J\u{1B}[23;1H"), "\(frame.suffix(12).debugDescription)")
        #expect(!frame.contains("\u{1B}[2J"))
        #expect(lines.first == PickerOptions.defaultTitle)
        #expect(lines.contains { $0.contains("Start") && $0.contains("End") })
        #expect(lines.contains { $0.contains("1:00 AM") })
        #expect(selectedLabel(after: "▶", in: lines) == "1:00 AM")
        #expect(selectedLabel(after: ">", in: lines) == "2:00 AM")
        #expect(lines.contains("Selected: 1:00 AM – 2:00 AM · 1 h · Start column"))
        #expect(lines.contains("↑↓ move  Tab column  PgUp/PgDn hour  0-9 type a time  Enter OK  Esc cancel"))
        #expect(!lines.contains { $0.contains("waiting") || $0.contains("Closes") })
        #expect(lines.count <= 24)
        #expect(lines.allSatisfy { $0.count < 80 })
        // The focused selection is drawn in reverse video, the other one underlined.
        #expect(frame.contains("\u{1B}[7m▶  1:00 AM\u{1B}[0m"))
        #expect(frame.contains(">  \u{1B}[4m2:00 AM\u{1B}[0m"))
        // Start lists all 24 hourly slots; the 18 rows that fit start at the top.
        #expect(lines.contains { $0.hasPrefix("    ") && $0.contains("6:00 PM") })
        #expect(!lines.contains { $0.contains("7:00 PM") })
    }

    @Test("the selection marker follows the focus")
    func focusMarker() throws {
        var picker = try model()
        _ = picker.apply(.switchFocus)
        let lines = plainLines(PickerFrame.render(picker, columns: 80, rows: 24))
        #expect(selectedLabel(after: "▶", in: lines) == "2:00 AM")
        #expect(selectedLabel(after: ">", in: lines) == "1:00 AM")
    }

    @Test("24-hour labels")
    func twentyFourHour() throws {
        let lines = plainLines(PickerFrame.render(try model(clock: .twentyFourHour), columns: 80, rows: 24))
        #expect(selectedLabel(after: "▶", in: lines) == "01:00")
        #expect(lines.contains("Selected: 01:00 – 02:00 · 1 h · Start column"))
    }

    @Test("the duration, and the minimum when there is one")
    func duration() throws {
        var picker = try model(["step": .uint32(30), "start": .string("09:00"), "end": .string("17:30"), "min_duration": .uint32(90)])
        var lines = plainLines(PickerFrame.render(picker, columns: 80, rows: 24))
        #expect(lines.contains("Selected: 9:00 AM – 5:30 PM · 8 h 30 min (at least 1 h 30 min) · Start column"))
        _ = picker.apply(.type("1"))
        lines = plainLines(PickerFrame.render(picker, columns: 80, rows: 24))
        #expect(lines.contains { $0.hasSuffix(" · typed: 1_") })
        _ = picker.apply(.type("0"))
        _ = picker.apply(.type("0"))
        _ = picker.apply(.type("0"))
        lines = plainLines(PickerFrame.render(picker, columns: 80, rows: 24))
        #expect(lines.contains { $0.hasSuffix(" · typed: 1000_") })
        _ = picker.apply(.erase)
        _ = picker.apply(.erase)
        _ = picker.apply(.type("5"))
        lines = plainLines(PickerFrame.render(picker, columns: 80, rows: 24))
        #expect(lines.contains { $0.contains(" · typed: 105_ · ") }, "lines: \(lines)")
        // The note, clipped on the selection's line, is whole where the keys were.
        #expect(lines.last == "1:05 AM is not on the 30-min grid: 1:00 AM", "lines: \(lines)")
    }

    @Test("a countdown with a timeout, none without", arguments: [
        (42_000, "Closes in 0:42"), (41_001, "Closes in 0:42"), (300_000, "Closes in 5:00"), (3_600_000, "Closes in 1:00:00"), (0, "Closes in 0:00"),
    ] as [(Int, String)])
    func countdown(left: Int, expected: String) throws {
        var picker = try model(["timeout": .uint32(3600)])
        picker.deadline = 1_000_000 + left
        let lines = plainLines(PickerFrame.render(picker, columns: 80, rows: 24, now: 1_000_000))
        #expect(lines.contains(expected), "lines: \(lines)")
    }

    @Test("while an extension is left the help line names + (the longest form that fits), and not after", arguments: [
        (80, "↑↓ move  Tab column  + more time  Enter OK  Esc cancel"),
        (100, "↑↓ move  Tab column  PgUp/PgDn hour  0-9 type a time  + more time  Enter OK  Esc cancel"),
        (45, "↑↓ Tab  + more time  Enter OK  Esc cancel"), (40, "+ more time  Enter OK  Esc cancel"),
    ] as [(Int, String)])
    func moreTimeKey(columns: Int, expected: String) throws {
        var picker = try model(["timeout": .uint32(60), "timeout_extensions": .uint32(1)])
        picker.deadline = 1_060_000
        #expect(plainLines(PickerFrame.render(picker, columns: columns, rows: 24, now: 1_000_000)).contains(expected))
        _ = picker.apply(.extendTime, now: 1_030_000)
        let lines = plainLines(PickerFrame.render(picker, columns: columns, rows: 24, now: 1_030_000))
        #expect(lines.contains("Closes in 1:00"), "lines: \(lines)")
        #expect(!lines.contains { $0.contains("more time") }, "lines: \(lines)")
    }

    @Test("a late selection in a short terminal scrolls into view")
    func scrolled() throws {
        var picker = try model()
        _ = picker.apply(.set(.start, Slot(time("23:00"))))
        let lines = plainLines(PickerFrame.render(picker, columns: 80, rows: 12))
        #expect(lines.count <= 12)
        #expect(selectedLabel(after: "▶", in: lines) == "11:00 PM")
        #expect(selectedLabel(after: ">", in: lines) == "midnight")
        #expect(lines.contains("Selected: 11:00 PM – midnight · 1 h · Start column"))
        #expect(!lines.contains { $0.contains(" 1:00 AM  ") })
    }

    @Test("every selection stays visible in either column", arguments: [PickerColumn.start, .end], [8, 10, 13])
    func alwaysVisible(column: PickerColumn, rows: Int) throws {
        var picker = try model(["step": .uint32(30)])
        _ = picker.apply(.focus(column))
        _ = picker.apply(.moveToFirst)
        for _ in 0..<60 {
            let lines = plainLines(PickerFrame.render(picker, waiting: 1, columns: 40, rows: rows))
            let selected = column == .start ? picker.start : picker.end
            #expect(selectedLabel(after: "▶", in: lines) == selected.label(.twelveHour))
            #expect(lines.count <= rows)
            _ = picker.apply(.move(by: 1))
        }
    }

    @Test("the queue, named", arguments: [
        (0, nil), (1, "1 more picker waiting: Next 1"), (3, "3 more pickers waiting: Next 1, Next 2, Next 3"),
    ] as [(Int, String?)])
    func waiting(count: Int, expected: String?) throws {
        let lines = plainLines(PickerFrame.render(try model(), waiting: count, columns: 80, rows: 24))
        if let expected {
            #expect(lines.last == expected)
        } else {
            #expect(!lines.contains { $0.contains("waiting") })
        }
    }

    @Test("a hostile title cannot drive the terminal")
    func hostileTitle() throws {
        let title = "\u{1B}]0;evil\u{07}\u{1B}[2J\u{9B}31m\r\nFake: \u{202E}MA 00:9"
        let frame = PickerFrame.render(try model(["title": .string(title)]), columns: 80, rows: 24)
        let leftover = withoutKnownSequences(frame)
        #expect(!leftover.unicodeScalars.contains("\u{1B}"))
        #expect(!leftover.unicodeScalars.contains { $0.value < 0x20 && $0 != "\r" && $0 != "\n" })
        #expect(!leftover.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        #expect(plainLines(frame).first == "\u{FFFD}]0;evil\u{FFFD}\u{FFFD}[2J\u{FFFD}31m Fake: \u{FFFD}MA 00:9")
    }

    @Test("a long title is clipped to the width")
    func longTitle() throws {
        let title = String(repeating: "x", count: 150)
        let lines = plainLines(PickerFrame.render(try model(["title": .string(title)]), columns: 40, rows: 24))
        #expect(lines.first == String(repeating: "x", count: 38) + "…")
    }

    @Test("a wide title is clipped by columns, at a character boundary, and never wraps", arguments: [20, 23, 30, 41, 80])
    func wideTitle(columns: Int) throws {
        let title = "会議の時間を選んでください 🎉🎉 e\u{301}e\u{301} שלום 👩‍💻 and more text to fill the line"
        let lines = plainLines(PickerFrame.render(try model(["title": .string(title)]), columns: columns, rows: 24))
        let first = try #require(lines.first)
        #expect(DisplayWidth.of(first) <= columns - 1, "\(first) takes \(DisplayWidth.of(first)) columns of \(columns)")
        if DisplayWidth.of(title) > columns - 1 {
            #expect(first.hasSuffix("…"))
            #expect(title.hasPrefix(String(first.dropLast())))
        } else {
            #expect(first == title)
        }
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= columns - 1 })
    }

    @Test("enter and leave sequences")
    func screenSwitching() {
        let enter = String(decoding: PickerFrame.enter(.alternateScreen, columns: 80), as: UTF8.self)
        let leave = String(decoding: PickerFrame.leave(.alternateScreen), as: UTF8.self)
        #expect(enter.contains("\u{1B}[?1049h") && enter.contains("\u{1B}[?25l"))
        #expect(leave.contains("\u{1B}[?25h") && leave.hasSuffix("\u{1B}[?1049l"))
        let inlineEnter = String(decoding: PickerFrame.enter(.inline, columns: 30), as: UTF8.self)
        let inlineLeave = String(decoding: PickerFrame.leave(.inline), as: UTF8.self)
        #expect(inlineEnter == "\u{1B}[?25l" + String(repeating: " ", count: 30) + "\r")
        #expect(inlineLeave == "\u{1B}[0m\u{1B}[J\u{1B}[?25h")
        #expect(!inlineEnter.contains("1049") && !inlineLeave.contains("1049"))
    }

    @Test("after a resize every line of an inline frame is cleared whole first, so a rewrapping terminal forgets its wraps")
    func resizedFrame() throws {
        let picker = try model()
        let frame = String(decoding: PickerFrame(options: picker.options).render(
            picker.state, size: TerminalSize(columns: 40, rows: 12), placement: .inline, resized: true), as: UTF8.self)
        let lines = plainLines(frame)
        #expect(frame.hasPrefix("\r\u{1B}[2K"))
        #expect(frame.split(separator: "\u{1B}[2K", omittingEmptySubsequences: false).count - 1 == lines.count)
        let unresized = PickerFrame.render(picker, columns: 40, rows: 12, placement: .inline)
        #expect(!unresized.contains("\u{1B}[2K"))
        #expect(plainLines(unresized) == lines)
    }

    @Test("an inline frame starts and ends at its top-left corner, takes no more lines than it needs, and never homes the cursor")
    func inlineFrame() throws {
        let frame = PickerFrame.render(try model(), columns: 80, rows: 40, placement: .inline)
        let lines = plainLines(frame)
        #expect(frame.hasPrefix("\r"))
        #expect(!frame.contains("\u{1B}[H") && !frame.contains("\u{1B}[2J"))
        #expect(lines.count <= 14)
        #expect(!lines.contains(""), "no spacer lines inline")
        #expect(frame.hasSuffix("\u{1B}[K\u{1B}[J\r\u{1B}[\(lines.count - 1)A"))
        #expect(Array(lines.prefix(2)) == ["Selected: 1:00 AM – 2:00 AM · 1 h · Start column", PickerOptions.defaultTitle], "the selection first, where the cursor waits")
    }
}
