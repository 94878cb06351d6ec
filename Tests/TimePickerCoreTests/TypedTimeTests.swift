import Localization
import Testing
import TimePickerCore

/// What people type, and where the picker goes.
@Suite("Typing a time")
struct TypedTimeTests {
    @Test("What the typing so far can mean, the time as written first", arguments: [
        ("9", "09:00 21:00"), ("930", "09:30 21:30"), ("0930", "09:30"), ("09", "09:00"), ("9:", "09:00 21:00"),
        ("9:3", "09:30 21:30"), ("9:30", "09:30 21:30"), ("17", "17:00"), ("1700", "17:00"), ("5p", "17:00"),
        ("5pm", "17:00"), ("5P", "17:00"), ("5p3", "17:30"), ("5p30", "17:30"), ("5pm30", "17:30"), ("1230a", "00:30"),
        ("12a", "00:00"), ("12p", "12:00"), ("12", "12:00 24:00"), ("123", "01:23 13:23"), ("1230", "12:30"),
        ("24", "24:00"), ("0", "00:00"), ("11:45pm", "23:45"), ("9a", "09:00"),
    ])
    func readings(typed: String, expected: String) {
        #expect(TypedTime.readings(of: typed)?.map(\.clockText).joined(separator: " ") == expected)
    }

    @Test("Typing that means no time", arguments: ["", "a", "p", ":", "25", "93", "99", "25:00", "13p", "9:75", "12345", "2401", "0p", "9::", "p5", "5p3a"])
    func noMeaning(typed: String) {
        #expect(TypedTime.readings(of: typed) == nil)
    }

    /// The reading of `typed` in `column` of a picker with `options`, after a start of `start`.
    private func reading(_ typed: String, in column: PickerColumn, start: String, _ raw: [String: OptionValue]) throws -> (String, String?) {
        var picker = PickerModel(options: try options(raw))
        _ = picker.apply(.set(.start, slot(start)))
        _ = picker.apply(.focus(column))
        for character in typed { _ = picker.apply(.type(character)) }
        let selected = column == .start ? picker.start : picker.end
        return (selected.clockText, picker.state.typedNote.map { english.note($0, .twentyFourHour) })
    }

    @Test("Typed into a column: what it selects and what it says", arguments: [
        // In the End column an hour without am/pm is the first such time at or after the start.
        ("5", PickerColumn.end, "09:00", 30, "17:00", nil),
        ("9", .end, "09:00", 30, "09:00", nil),
        ("11", .end, "13:00", 30, "23:00", nil),
        ("12", .end, "13:00", 30, "24:00", nil),
        ("1230a", .end, "01:00", 30, "01:30", "00:30 is before 01:00"),
        ("5p30", .end, "09:00", 30, "17:30", nil),
        ("1700", .end, "09:00", 30, "17:00", nil),
        // Between slots: the nearer, the earlier on a tie, and it says so.
        ("930", .end, "08:00", 60, "09:00", "09:30 is not on the 60-min grid: 09:00"),
        ("940", .end, "08:00", 60, "10:00", "09:40 is not on the 60-min grid: 10:00"),
        // What cannot be a slot leaves the selection alone and says so.
        // Typing that can still become a time (25 on the way to 2:50) is no error yet: the
        // column stays where its first key took it (issue 39).
        ("25", .end, "09:00", 30, "14:00", nil),
        ("99", .end, "09:00", 30, "09:30", "99 is not a time"),
        ("8a", .end, "09:00", 30, "09:30", "08:00 is before 09:00"),
        // In the Start column: the first such time at or after the first slot.
        ("5", .start, "09:00", 30, "05:00", nil),
        ("12", .start, "09:00", 30, "12:00", nil),
        ("5p30", .start, "09:00", 30, "17:30", nil),
        ("1230a", .start, "09:00", 30, "09:00", "00:30 is before 01:00"),
        ("25", .start, "09:00", 30, "02:00", nil),
        ("24", .start, "09:00", 30, "24:00", nil),
    ] as [(String, PickerColumn, String, Int, String, String?)])
    func typedIntoColumn(typed: String, column: PickerColumn, start: String, step: Int, selected: String, note: String?) throws {
        let (got, said) = try reading(typed, in: column, start: start, ["step": .uint32(UInt32(step))])
        #expect(got == selected)
        #expect(said == note)
    }

    @Test("In the Start column of a day from 08:00 an hour without am/pm is the first such time after it")
    func startOfShorterDay() throws {
        let raw: [String: OptionValue] = ["first": .string("08:00"), "last": .string("20:00"), "step": .uint32(30)]
        #expect(try reading("5", in: .start, start: "09:00", raw) == ("17:00", nil))
        #expect(try reading("7", in: .start, start: "09:00", raw) == ("19:00", nil))
        #expect(try reading("8", in: .start, start: "09:00", raw) == ("08:00", nil))
        #expect(try reading("9p", in: .start, start: "09:00", raw) == ("09:00", "21:00 is after 20:00"))
    }

    @Test("A day from 00:00 takes 12:30 am; a minimum duration moves the latest start")
    func fromMidnight() throws {
        let raw: [String: OptionValue] = ["first": .string("00:00"), "step": .uint32(30), "min_duration": .uint32(30)]
        #expect(try reading("1230a", in: .start, start: "09:00", raw) == ("00:30", nil))
        #expect(try reading("1230a", in: .end, start: "00:00", raw) == ("00:30", nil))
        #expect(try reading("24", in: .start, start: "09:00", raw) == ("02:00", nil), "24 may become 2:40 (issue 39)")
        #expect(try reading("24:", in: .start, start: "09:00", raw) == ("09:00", "24:00 is after 23:30"))
    }

    @Test("Notes use the picker's clock")
    func twelveHourNotes() {
        let note = TypedNote.offGrid(Slot(minutes: 570), nearest: Slot(minutes: 540), step: 60)
        #expect(english.note(note, .twelveHour) == "9:30 AM is not on the 60-min grid: 9:00 AM")
    }

    @Test("Typing four keys reaches any slot; a note goes when the typing does")
    func jumps() throws {
        var picker = PickerModel(options: try options(["step": .uint32(15)]))
        for character in "1730" { _ = picker.apply(.type(character)) }
        #expect(picker.start.clockText == "17:30", "17:30 with step 15 takes four keys, not 66 presses of Down")
        #expect(picker.typed == "1730")
        var hourly = PickerModel(options: try options())
        for character in "930" { _ = hourly.apply(.type(character)) }
        #expect(hourly.start.clockText == "09:00" && hourly.state.typedNote != nil)
        _ = hourly.apply(.finishTyping)
        #expect(hourly.typed == "" && hourly.state.typedNote == nil)
    }

    @Test("Backspace edits; a move ends the typing; the end column takes only valid ends")
    func editing() throws {
        var picker = PickerModel(options: try options(["min_duration": .uint32(120)]))
        _ = picker.apply(.type("1"))
        _ = picker.apply(.type("7"))
        #expect(picker.start.clockText == "17:00")
        _ = picker.apply(.erase)
        #expect(picker.typed == "1" && picker.start.clockText == "01:00")
        _ = picker.apply(.move(by: 1))
        #expect(picker.typed == "" && picker.start.clockText == "02:00")
        _ = picker.apply(.focus(.end))
        // 03:00 is too close to a 02:00 start with two hours at least: 15:00 is the first 3
        // at or after the earliest end, 04:00.
        _ = picker.apply(.type("3"))
        #expect(picker.end.clockText == "15:00")
        _ = picker.apply(.erase)
        #expect(picker.end.clockText == "04:00", "erasing all the typing goes back to where it began")
        _ = picker.apply(.type("3"))
        _ = picker.apply(.finishTyping)
        for character in "0300" { _ = picker.apply(.type(character)) }
        #expect(picker.end.clockText == "15:00", "an end before the earliest leaves the selection alone")
        #expect(picker.state.typedNote == .beforeEarliest(slot("03:00"), earliest: slot("04:00")))
    }

    @Test("Characters that are no part of a time are ignored, and typing stops at its longest")
    func ignored() throws {
        var picker = PickerModel(options: try options())
        for character in "x9 !" { _ = picker.apply(.type(character)) }
        #expect(picker.typed == "9" && picker.start.clockText == "09:00")
        for character in "0000000000" { _ = picker.apply(.type(character)) }
        #expect(picker.typed.count == TypedTime.maximumLength)
    }

    @Test("Times as people write them on a command line", arguments: [
        ("9", "09:00"), ("9:30", "09:30"), ("09:30", "09:30"), ("17", "17:00"), ("9am", "09:00"), ("9 AM", "09:00"),
        ("5:30pm", "17:30"), ("5:30 PM", "17:30"), ("12pm", "12:00"), ("12am", "00:00"), ("noon", "12:00"), ("Noon", "12:00"),
        ("930", "09:30"), ("24:00", "24:00"),
    ])
    func commandLineTimes(text: String, expected: String) {
        guard case .time(let time)? = TimeText.parse(text) else {
            Issue.record("\(text) was not read as a time")
            return
        }
        #expect(time.clockText == expected)
    }

    @Test("midnight is the start of the day as a start, its end as an end")
    func midnight() {
        #expect(TimeText.parse("midnight") == .midnight)
        #expect(TimeText.parse("Midnight")?.resolved(asEnd: false).clockText == "00:00")
        #expect(TimeText.parse("midnight")?.resolved(asEnd: true).clockText == "24:00")
    }

    @Test("Not times", arguments: ["", "93", "9:3", "25", "13pm", "nine", "9:30:00", "٠٩:٠٠", "9h", "-1"])
    func commandLineNonsense(text: String) {
        #expect(TimeText.parse(text) == nil)
    }

    @Test("Options take HH:MM and H:MM, nothing freer", arguments: [("09:30", "09:30"), ("9:30", "09:30"), ("0:00", "00:00"), ("24:00", "24:00")])
    func optionTimes(text: String, expected: String) {
        #expect(WallClockTime(parsingOption: text)?.clockText == expected)
    }

    @Test(arguments: ["9", "930", "9am", " 9:30", "9:3", "25:00", "9:60"])
    func optionTimesRefused(text: String) {
        #expect(WallClockTime(parsingOption: text) == nil)
    }

    @Test("The end of the day reads 'midnight' in 12-hour labels, never like an end before its start")
    func endOfDayLabel() {
        #expect(WallClockTime.endOfDay.label(.twelveHour) == "midnight")
        #expect(WallClockTime.midnight.label(.twelveHour) == "12:00 AM")
        #expect(WallClockTime.endOfDay.label(.twentyFourHour) == "24:00")
    }

    @Test("Durations as people read them", arguments: [(0, "0 min"), (45, "45 min"), (60, "1 h"), (510, "8 h 30 min"), (1440, "24 h")])
    func durations(minutes: Int, text: String) {
        #expect(english.duration(minutes: minutes) == text)
    }

    @Test("The duration line says when there is a minimum")
    func durationLine() throws {
        #expect(english.durationLine(PickerModel(options: try options()).state) == "1 h")
        #expect(english.durationLine(PickerModel(options: try options(["min_duration": .uint32(90)])).state) == "2 h (at least 1 h 30 min)")
    }
}

@Suite("Friendlier option values")
struct FriendlierOptionTests {
    @Test("start 'now' is the first slot at or after the present time")
    func startNow() throws {
        let picked = try PickerOptions(validating: ["start": .string("now"), "step": .uint32(30)], defaultClock: .twentyFourHour, now: time("09:10"))
        #expect(picked.start.clockText == "09:30")
        #expect(picked.end.clockText == "10:00")
        let exact = try PickerOptions(validating: ["start": .string("now")], defaultClock: .twentyFourHour, now: time("13:00"))
        #expect(exact.start.clockText == "13:00")
    }

    @Test("start 'now' with no slot left today says so")
    func startNowTooLate() {
        #expect(throws: OptionError.self) {
            try PickerOptions(validating: ["start": .string("now"), "last": .string("18:00")], defaultClock: .twentyFourHour, now: time("18:30"))
        }
        do {
            _ = try PickerOptions(validating: ["start": .string("now"), "min_duration": .uint32(120)], defaultClock: .twentyFourHour, now: time("23:00"))
            Issue.record("accepted")
        } catch {
            #expect(error.key == "start" && error.message.contains("'now' is 23:00"), "\(error.message)")
        }
    }

    @Test("Times with one hour digit are accepted in every time option")
    func shortHours() throws {
        let picked = try PickerOptions(
            validating: ["first": .string("6:00"), "last": .string("9:00"), "start": .string("7:00"), "end": .string("8:00")],
            defaultClock: .twentyFourHour)
        #expect([picked.grid.first, picked.grid.last, picked.start, picked.end].map(\.clockText) == ["06:00", "09:00", "07:00", "08:00"])
    }
}
