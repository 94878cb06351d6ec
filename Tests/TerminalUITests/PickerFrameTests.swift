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

/// What the frame writes once the sequences the renderer is allowed to use are removed.
private func withoutKnownSequences(_ frame: String) -> String {
    var text = frame
    for sequence in ["\u{1B}[H", "\u{1B}[K", "\u{1B}[J", "\u{1B}[7m", "\u{1B}[0m", "\u{1B}[1m", "\u{1B}[4m"] {
        text = text.replacing(sequence, with: "")
    }
    return text
}

@Suite("Picker frame")
struct PickerFrameTests {
    @Test("default model in 80x24")
    func defaultFrame() throws {
        let frame = PickerFrame.render(try model(), waiting: 0, columns: 80, rows: 24)
        let lines = plainLines(frame)

        #expect(frame.hasPrefix("\u{1B}[H"))
        #expect(frame.hasSuffix("\u{1B}[J"))
        #expect(!frame.contains("\u{1B}[2J"))
        #expect(lines.first == PickerOptions.defaultTitle)
        #expect(lines.contains { $0.contains("Start") && $0.contains("End") })
        #expect(lines.contains { $0.contains("1:00 AM") })
        #expect(selectedLabel(after: "▶", in: lines) == "1:00 AM")
        #expect(selectedLabel(after: ">", in: lines) == "2:00 AM")
        #expect(lines.contains("Selected: 1:00 AM – 2:00 AM"))
        #expect(lines.contains("↑↓ move  Tab column  PgUp/PgDn hour  0-9 type a time  Enter OK  Esc cancel"))
        #expect(!lines.contains { $0.contains("waiting") })
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
        let lines = plainLines(PickerFrame.render(picker, waiting: 0, columns: 80, rows: 24))
        #expect(selectedLabel(after: "▶", in: lines) == "2:00 AM")
        #expect(selectedLabel(after: ">", in: lines) == "1:00 AM")
    }

    @Test("24-hour labels")
    func twentyFourHour() throws {
        let lines = plainLines(PickerFrame.render(try model(clock: .twentyFourHour), waiting: 0, columns: 80, rows: 24))
        #expect(selectedLabel(after: "▶", in: lines) == "01:00")
        #expect(lines.contains("Selected: 01:00 – 02:00"))
    }

    @Test("a late selection in a short terminal scrolls into view")
    func scrolled() throws {
        var picker = try model()
        _ = picker.apply(.set(.start, time("23:00")))
        let lines = plainLines(PickerFrame.render(picker, waiting: 0, columns: 80, rows: 12))
        #expect(lines.count <= 12)
        #expect(selectedLabel(after: "▶", in: lines) == "11:00 PM")
        #expect(selectedLabel(after: ">", in: lines) == "midnight")
        #expect(lines.contains("Selected: 11:00 PM – midnight"))
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

    @Test("queue line", arguments: [
        (0, nil), (1, "1 more picker waiting"), (3, "3 more pickers waiting"), (-2, nil),
    ] as [(Int, String?)])
    func waiting(count: Int, expected: String?) throws {
        let lines = plainLines(PickerFrame.render(try model(), waiting: count, columns: 80, rows: 24))
        if let expected {
            #expect(lines.last == expected)
        } else {
            #expect(!lines.contains { $0.contains("waiting") })
        }
    }

    @Test("tiny or odd sizes still show title and selection", arguments: [
        (10, 3), (0, 0), (1, 1), (-5, -5), (19, 40), (80, 7), (20, 8), (24, 30), (5, 100), (200, 2),
    ] as [(Int, Int)])
    func tiny(columns: Int, rows: Int) throws {
        let lines = plainLines(PickerFrame.render(try model(), waiting: 2, columns: columns, rows: rows))
        #expect(lines.count <= max(rows, 1))
        #expect(lines.allSatisfy { $0.count <= max(columns - 1, 1) })
        if rows >= 2, columns >= 30 {
            #expect(lines.first == PickerOptions.defaultTitle)
            #expect(lines.contains("Selected: 1:00 AM – 2:00 AM"))
        }
    }

    @Test("80x7 falls back to title, selection and queue")
    func compact() throws {
        let lines = plainLines(PickerFrame.render(try model(), waiting: 1, columns: 80, rows: 7))
        #expect(lines == [PickerOptions.defaultTitle, "Selected: 1:00 AM – 2:00 AM", "1 more picker waiting"])
    }

    @Test("10x3 shows clipped title and times")
    func tenByThree() throws {
        let lines = plainLines(PickerFrame.render(try model(), waiting: 0, columns: 10, rows: 3))
        #expect(lines == ["Select s…", "1:00 AM …"])
    }

    @Test("a hostile title cannot drive the terminal")
    func hostileTitle() throws {
        let title = "\u{1B}]0;evil\u{07}\u{1B}[2J\u{9B}31m\r\nFake: \u{202E}MA 00:9"
        let frame = PickerFrame.render(try model(["title": .string(title)]), waiting: 0, columns: 80, rows: 24)
        let leftover = withoutKnownSequences(frame)
        #expect(!leftover.unicodeScalars.contains("\u{1B}"))
        #expect(!leftover.unicodeScalars.contains { $0.value < 0x20 && $0 != "\r" && $0 != "\n" })
        #expect(!leftover.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        #expect(plainLines(frame).first == "\u{FFFD}]0;evil\u{FFFD}\u{FFFD}[2J\u{FFFD}31m Fake: \u{FFFD}MA 00:9")
    }

    @Test("a long title is clipped to the width")
    func longTitle() throws {
        let title = String(repeating: "x", count: 150)
        let lines = plainLines(PickerFrame.render(try model(["title": .string(title)]), waiting: 0, columns: 40, rows: 24))
        #expect(lines.first == String(repeating: "x", count: 38) + "…")
    }

    @Test("enter and leave sequences")
    func screenSwitching() {
        #expect(PickerFrame.enter.contains("\u{1B}[?1049h"))
        #expect(PickerFrame.enter.contains("\u{1B}[?25l"))
        #expect(PickerFrame.leave.contains("\u{1B}[?25h"))
        #expect(PickerFrame.leave.hasSuffix("\u{1B}[?1049l"))
    }
}
