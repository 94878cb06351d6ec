import Localization
import Testing
import TimePickerCore

/// Typing key by key says nothing false on the way to a time (issue 39): a note that the typing
/// is wrong comes only when no further key can make it right, and a day the clocks change is
/// told in words.
@Suite("Notes while typing")
struct TypedWhileTypingTests {
    /// What the focused column selects and says after each key of `keys`.
    private func typing(_ keys: String, in column: PickerColumn = .start, _ picker: inout PickerModel) -> [(String, String?)] {
        _ = picker.apply(.focus(column))
        return keys.map { key in
            _ = picker.apply(.type(key))
            let selected = column == .start ? picker.start : picker.end
            return (selected.clockText, picker.state.typedNote.map { english.note($0, .twentyFourHour) })
        }
    }

    @Test("A prefix that can still become a time is no error: 173 on the way to 1730, 93 to 930")
    func prefixes() throws {
        var quarter = PickerModel(options: try options(["step": .uint32(15)]))
        let said = typing("1730", &quarter)
        #expect(said.map(\.1) == [nil, nil, nil, nil], "no 'not a time' on the way: \(said)")
        #expect(said.map(\.0) == ["01:00", "17:00", "17:00", "17:30"], "173 stays at 17:00 until the 0 comes")
        var halfHour = PickerModel(options: try options(["step": .uint32(30)]))
        let nine = typing("930", &halfHour)
        #expect(nine.map(\.1) == [nil, nil, nil])
        #expect(nine.last?.0 == "09:30")
    }

    @Test("Typing that no key can make a time still says so", arguments: ["99", "9:7", "13p", "p"])
    func deadTyping(keys: String) throws {
        var picker = PickerModel(options: try options())
        #expect(typing(keys, &picker).last?.1 == "\(keys) is not a time")
    }

    @Test("A typing that can only become times the column does not take says which, not 'not a time'")
    func outsideTheColumn() throws {
        var morning = PickerModel(options: try options(["first": .string("08:00"), "last": .string("12:00"), "step": .uint32(30)]))
        #expect(typing("173", &morning).last?.1 == "17:30 is after 12:00")
    }

    @Test("Overnight: 2 on the way to 22 says nothing in Start; 3, which can become no start, still does")
    func overnightPrefix() throws {
        let night = PickerModel(options: try options([
            "overnight": .boolean(true), "first": .string("18:00"), "last": .string("08:00"), "step": .uint32(60),
            "start": .string("20:00"), "end": .string("06:00"),
        ]))
        var typed = night
        let said = typing("22", &typed)
        #expect(said.map(\.1) == [nil, nil], "no '02:00 (next day) is after 23:00' on the way to 22: \(said)")
        #expect(typed.start.clockText == "22:00")
        var one = night
        #expect(typing("1", &one).last?.1 == nil, "1 can still become 18 to 19")
        var three = night
        #expect(typing("3", &three).last?.1 == "15:00 is before 18:00", "3 can become no start here")
    }

    @Test("Off the grid only when no key brings it onto a slot")
    func offGrid() throws {
        var quarter = PickerModel(options: try options(["step": .uint32(15)]))
        #expect(typing("9:1", &quarter).last?.1 == nil, "on the way to 9:15")
        var hourly = PickerModel(options: try options())
        #expect(typing("930", &hourly).last?.1 == "09:30 is not on the 60-min grid: 09:00")
    }

    @Test("A time the clocks skip says so, not that it is off the grid")
    func skippedTime() throws {
        var spring = PickerModel(options: try datedOptions([
            "date": .string("2026-03-29"), "time_zone": .string("Europe/Berlin"), "step": .uint32(60),
            "start": .string("01:00"), "end": .string("05:00"),
        ]))
        let said = typing("0230", &spring).last
        #expect(said?.1 == "02:30 does not exist that day (the clocks go forward): 03:00", "\(String(describing: said))")
        var hour = PickerModel(options: try datedOptions([
            "date": .string("2026-03-29"), "time_zone": .string("Europe/Berlin"), "step": .uint32(60),
            "start": .string("01:00"), "end": .string("05:00"),
        ]))
        #expect(typing("0200", &hour).last?.1 == "02:00 does not exist that day (the clocks go forward): 01:00", "the earlier on a tie")
    }

    @Test("Typed 230 on the night the clocks go back says which it took and where the other is")
    func repeatedHour() throws {
        var autumn = PickerModel(options: try datedOptions([
            "date": .string("2026-10-25"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30),
            "start": .string("01:00"), "end": .string("05:00"),
        ]))
        let said = typing("230", &autumn).last
        #expect(said?.0 == "02:30")
        #expect(autumn.start.utcOffset == 7200, "the first 02:30, CEST")
        #expect(said?.1 == "02:30, before the clocks go back taken; 02:30, after the clocks go back is further down")
        let grid = autumn.options.grid
        let second = try #require(grid.indices.last { grid[$0].clockText == "02:30" })
        #expect(english.timeRound(grid, second, .twentyFourHour) == "02:30, after the clocks go back")
        #expect(english.timeRound(grid, autumn.startIndex, .twentyFourHour) == "02:30, before the clocks go back")
    }

    @Test("A line sent whole keeps its errors: 25 is no time there")
    func wholeLine() throws {
        let state = PickerModel(options: try options()).state
        guard case .start(.notATime)? = TypedRange(typed: "25-26", state: state, words: []).failure else {
            Issue.record("25-26 read as a range")
            return
        }
    }
}
