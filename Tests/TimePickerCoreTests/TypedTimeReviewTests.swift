import Localization
import Testing
import TimePickerCore

/// Edge cases of typed times (review of issue 18): odd grids, erasing, the notes.
@Suite("Typing a time: edge cases")
struct TypedTimeReviewTests {
    /// `typed` typed key by key into `column` after `start` was set; the column's time and the note.
    private func typing(_ typed: String, in column: PickerColumn, start: String, _ raw: [String: OptionValue]) throws -> (String, String?) {
        var picker = PickerModel(options: try options(raw))
        _ = picker.apply(.set(.start, slot(start)))
        _ = picker.apply(.focus(column))
        for character in typed { _ = picker.apply(.type(character)) }
        return ((column == .start ? picker.start : picker.end).clockText, picker.state.typedNote.map { english.note($0, .twentyFourHour) })
    }

    @Test("Grids of step 1 and step 720, a day from 08:00 to 18:00 with a minimum", arguments: [
        // step 1: minutes after a colon, tens first.
        ("7:5", PickerColumn.start, "09:00", ["step": .uint32(1)], "07:50", nil),
        ("7:", .start, "09:00", ["step": .uint32(1)], "07:00", nil),
        ("0030", .start, "09:00", ["step": .uint32(1), "first": .string("00:00")], "00:30", nil),
        ("00", .start, "09:00", ["step": .uint32(1), "first": .string("00:00")], "00:00", nil),
        // step 720: 06:00 is as far from 00:00 as from 12:00; the earlier.
        ("6", .start, "00:00", ["step": .uint32(720), "first": .string("00:00")], "00:00", "06:00 is not on the 720-min grid: 00:00"),
        ("12p", .start, "00:00", ["step": .uint32(720), "first": .string("00:00")], "12:00", nil),
        ("12a", .start, "12:00", ["step": .uint32(720), "first": .string("00:00")], "00:00", nil),
        // 08:00-18:00, hourly, an hour at least.
        ("7", .start, "09:00", ["first": .string("08:00"), "last": .string("18:00"), "min_duration": .uint32(60)], "09:00", "07:00 is before 08:00"),
        ("9", .end, "09:00", ["first": .string("08:00"), "last": .string("18:00"), "min_duration": .uint32(60)], "10:00", "09:00 is before 10:00"),
        ("12", .end, "09:00", ["first": .string("08:00"), "last": .string("18:00"), "min_duration": .uint32(60)], "12:00", nil),
        // 24 may still become 2:40 PM, so nothing is said yet (issue 39); "24:" no longer can.
        ("24", .end, "09:00", ["first": .string("08:00"), "last": .string("18:00"), "min_duration": .uint32(60)], "14:00", nil),
        ("24:", .end, "09:00", ["first": .string("08:00"), "last": .string("18:00"), "min_duration": .uint32(60)], "10:00", "24:00 is after 18:00"),
        ("0", .end, "09:00", ["first": .string("08:00"), "last": .string("18:00"), "min_duration": .uint32(60)], "10:00", "00:00 is before 10:00"),
        ("p", .end, "09:00", ["first": .string("08:00"), "last": .string("18:00"), "min_duration": .uint32(60)], "10:00", "p is not a time"),
        (":", .end, "09:00", ["first": .string("08:00"), "last": .string("18:00"), "min_duration": .uint32(60)], "10:00", ": is not a time"),
        // 24:00 as an end, typed three ways.
        ("12", .end, "13:00", [:], "24:00", nil),
        ("24", .end, "13:00", [:], "24:00", nil),
        ("12a", .end, "13:00", [:], "14:00", "00:00 is before 13:00"),
    ] as [(String, PickerColumn, String, [String: OptionValue], String, String?)])
    func grids(typed: String, column: PickerColumn, start: String, raw: [String: OptionValue], selected: String, note: String?) throws {
        let (got, said) = try typing(typed, in: column, start: start, raw)
        #expect(got == selected)
        #expect(said == note)
    }

    @Test("Every prefix of what was typed is read from where the typing began")
    func prefixes() throws {
        var picker = PickerModel(options: try options(["step": .uint32(30), "min_duration": .uint32(30)]))
        _ = picker.apply(.set(.start, slot("10:00")))
        _ = picker.apply(.set(.end, slot("11:00")))
        var seen: [String] = []
        for character in "1230a" {
            _ = picker.apply(.type(character))
            seen.append("\(picker.start)-\(picker.end)")
        }
        // 1 → 01:00 (the end goes along), 12 → 12:00, 123 → 01:23 ≈ 01:30, 1230 → 12:30, 1230a → 00:30 before 01:00: back to 10:00.
        #expect(seen == ["01:00-02:00", "12:00-13:00", "01:30-02:30", "12:30-13:30", "10:00-11:00"])
        for _ in 0..<5 { _ = picker.apply(.erase) }
        #expect("\(picker.start)-\(picker.end)" == "10:00-11:00" && picker.typed.isEmpty)
    }

    @Test("The note a front end works out from the state after the jump is the one from the state before it")
    func noteAfterTheJump() throws {
        for column in [PickerColumn.start, .end] {
            for typed in ["5", "930", "25", "0", "12a", "5p3", "24", "1230a", "7:"] {
                var picker = PickerModel(options: try options(["step": .uint32(45), "first": .string("06:00"), "last": .string("22:30"), "min_duration": .uint32(50)]))
                _ = picker.apply(.set(.start, slot("09:45")))
                _ = picker.apply(.focus(column))
                let before = picker.state
                for character in typed { _ = picker.apply(.type(character)) }
                #expect(picker.state.typedNote(for: typed) == before.typedNote(for: typed), "\(typed) in \(column)")
            }
        }
    }
}
