import Testing
import TimePickerCore

/// What people type, and where the picker goes.
@Suite("Typing a time")
struct TypedTimeTests {
    @Test("What the typing so far means", arguments: [
        ("9", "09:00"), ("93", "09:30"), ("930", "09:30"), ("0930", "09:30"), ("9:", "09:00"), ("9:3", "09:30"),
        ("9:30", "09:30"), ("17", "17:00"), ("1700", "17:00"), ("5p", "17:00"), ("5pm", "17:00"), ("5P", "17:00"),
        ("1230a", "00:30"), ("12a", "00:00"), ("12p", "12:00"), ("12", "12:00"), ("123", "01:23"), ("1230", "12:30"),
        ("24", "24:00"), ("0", "00:00"), ("11:45pm", "23:45"),
    ])
    func meaning(typed: String, time expected: String) {
        #expect(TypedTime.time(for: typed)?.busText == expected)
    }

    @Test("Typing that means no time", arguments: ["", "a", "p", ":", "25:00", "13p", "9:75", "12345", "2401", "0p", "9::"])
    func noMeaning(typed: String) {
        #expect(TypedTime.time(for: typed) == nil)
    }

    @Test("Typed into a column, the picker jumps to the nearest slot it can take")
    func jumps() throws {
        var picker = PickerModel(options: try options(["step": .uint32(15)]))
        for character in "1730" { _ = picker.apply(.type(character)) }
        #expect(picker.start.busText == "17:30", "17:30 with step 15 takes four keys, not 66 presses of Down")
        #expect(picker.typed == "1730")
        // Between slots: the nearer one; an exact tie goes to the earlier.
        var hourly = PickerModel(options: try options())
        for character in "920" { _ = hourly.apply(.type(character)) }
        #expect(hourly.start.busText == "09:00")
        _ = hourly.apply(.finishTyping)
        for character in "940" { _ = hourly.apply(.type(character)) }
        #expect(hourly.start.busText == "10:00")
        _ = hourly.apply(.finishTyping)
        for character in "930" { _ = hourly.apply(.type(character)) }
        #expect(hourly.start.busText == "09:00")
    }

    @Test("Backspace edits; a move ends the typing; the end column takes only valid ends")
    func editing() throws {
        var picker = PickerModel(options: try options(["min_duration": .uint32(120)]))
        _ = picker.apply(.type("1"))
        _ = picker.apply(.type("7"))
        #expect(picker.start.busText == "17:00")
        _ = picker.apply(.erase)
        #expect(picker.typed == "1" && picker.start.busText == "01:00")
        _ = picker.apply(.move(by: 1))
        #expect(picker.typed == "" && picker.start.busText == "02:00")
        _ = picker.apply(.focus(.end))
        // 03:00 is too close to a 02:00 start with two hours at least: the nearest valid end.
        _ = picker.apply(.type("3"))
        #expect(picker.end.busText == "04:00")
    }

    @Test("Characters that are no part of a time are ignored, and typing stops at its longest")
    func ignored() throws {
        var picker = PickerModel(options: try options())
        for character in "x9 !" { _ = picker.apply(.type(character)) }
        #expect(picker.typed == "9" && picker.start.busText == "09:00")
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
        #expect(time.busText == expected)
    }

    @Test("midnight is the start of the day as a start, its end as an end")
    func midnight() {
        #expect(TimeText.parse("midnight") == .midnight)
        #expect(TimeText.parse("Midnight")?.resolved(asEnd: false).busText == "00:00")
        #expect(TimeText.parse("midnight")?.resolved(asEnd: true).busText == "24:00")
    }

    @Test("Not times", arguments: ["", "93", "9:3", "25", "13pm", "nine", "9:30:00", "٠٩:٠٠", "9h", "-1"])
    func commandLineNonsense(text: String) {
        #expect(TimeText.parse(text) == nil)
    }

    @Test("Options take HH:MM and H:MM, nothing freer", arguments: [("09:30", "09:30"), ("9:30", "09:30"), ("0:00", "00:00"), ("24:00", "24:00")])
    func optionTimes(text: String, expected: String) {
        #expect(WallClockTime(parsingOption: text)?.busText == expected)
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
        #expect(durationText(minutes: minutes) == text)
    }

    @Test("The duration line says when there is a minimum")
    func durationLine() throws {
        #expect(PickerModel(options: try options()).state.durationLine == "1 h")
        #expect(PickerModel(options: try options(["min_duration": .uint32(90)])).state.durationLine == "2 h (at least 1 h 30 min)")
    }
}

@Suite("Friendlier option values")
struct FriendlierOptionTests {
    @Test("start 'now' is the first slot at or after the present time")
    func startNow() throws {
        let picked = try PickerOptions(validating: ["start": .string("now"), "step": .uint32(30)], defaultClock: .twentyFourHour, now: time("09:10"))
        #expect(picked.start.busText == "09:30")
        #expect(picked.end.busText == "10:00")
        let exact = try PickerOptions(validating: ["start": .string("now")], defaultClock: .twentyFourHour, now: time("13:00"))
        #expect(exact.start.busText == "13:00")
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
        #expect([picked.grid.first, picked.grid.last, picked.start, picked.end].map(\.busText) == ["06:00", "09:00", "07:00", "08:00"])
    }
}
