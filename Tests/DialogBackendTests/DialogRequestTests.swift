@testable import DialogBackend
import Testing
import TimePickerCore

@Suite("ShowPicker options and Update state")
struct DialogRequestTests {
    @Test("Defaults: the daemon's, with the focus on Start and no countdown")
    func defaults() throws {
        let request = try DialogRequest(options: [:], defaultClock: .twentyFourHour)
        #expect(request.heading == "Select start and end time")
        #expect(request.state.model.start.clockText == "01:00")
        #expect(request.state.model.end.clockText == "02:00")
        #expect(request.state.model.focus == .start)
        #expect(request.state.secondsLeft == 0)
        #expect(request.activationToken == nil)
        #expect(request.options.clock == .twentyFourHour)
    }

    @Test("Every option is read; unknown keys and the daemon's own keys are ignored")
    func options() throws {
        let request = try DialogRequest(
            options: [
                "title": .string("Lunch"), "step": .uint32(15), "first": .string("11:00"), "last": .string("15:00"),
                "min_duration": .uint32(30), "clock": .string("12h"), "start": .string("12:00"), "end": .string("13:00"),
                "focus": .string("end"), "timeout": .uint32(90), "activation_token": .string("token_1"),
                "handle_token": .string("x"), "terminal": .other(signature: "h"), "future": .other(signature: "as"),
            ],
            defaultClock: .twentyFourHour)
        #expect(request.heading == "Lunch")
        #expect(request.options.grid.step == 15)
        #expect(request.state.model.validStarts.first?.clockText == "11:00")
        #expect(request.state.model.validEnds.first?.clockText == "12:30")
        #expect(request.state.model.validEnds.last?.clockText == "15:00")
        #expect(request.state.model.focus == .end)
        #expect(request.state.secondsLeft == 90)
        #expect(request.activationToken == "token_1")
        #expect(request.options.clock == .twelveHour)
    }

    @Test("A bad value is refused with a message naming its key", arguments: [
        ("step", OptionValue.uint32(7)), ("start", .string("9")), ("end", .string("00:30")), ("clock", .string("13h")),
        ("focus", .string("middle")), ("title", .uint32(3)), ("timeout", .string("soon")),
        ("activation_token", .string(String(repeating: "t", count: 5000))), ("min_duration", .uint32(2000)),
        ("timeout_extensions", .uint32(101)), ("timeout_extensions", .string("1")),
    ])
    func badValues(key: String, value: OptionValue) {
        #expect {
            _ = try DialogRequest(options: [key: value], defaultClock: .twentyFourHour)
        } throws: { error in
            (error as? OptionError)?.key == key && (error as? OptionError)?.message.hasPrefix("option '\(key)'") == true
        }
    }

    @Test("The countdown ends when the daemon's deadline is: the call's arrival plus timeout_ms, not timeout's rounded-up seconds (issue 39)")
    func countdownEnd() throws {
        let request = try DialogRequest(options: ["timeout": .uint32(30)], defaultClock: .twentyFourHour)
        let opened = try request.state.updated(with: ["timeout": .uint32(30), "timeout_ms": .uint32(29_300)], now: 1_000_000)
        #expect(opened.countdownEnd == 1_029_300)
        #expect(opened.secondsLeft == 30)
        let secondsOnly = try opened.updated(with: ["timeout": .uint32(12)], now: 2_000_000)
        #expect(secondsOnly.countdownEnd == 2_012_000, "an older daemon's whole seconds")
        let millisecondsOnly = try opened.updated(with: ["timeout_ms": .uint32(11_001)], now: 2_000_000)
        #expect(millisecondsOnly.secondsLeft == 12)
        #expect(try millisecondsOnly.updated(with: ["focus": .string("end")], now: 3_000_000).countdownEnd == 2_011_001, "kept without either key")
        #expect(try opened.updated(with: ["timeout": .uint32(0)], now: 5).countdownEnd == 0, "0: no countdown")
        #expect(throws: OptionError.self) { try opened.updated(with: ["timeout_ms": .string("soon")]) }
        #expect(try request.state.updated(with: ["timeout_ms": .uint32(1)], now: 9) == request.state.updated(with: ["timeout_ms": .uint32(1)], now: 10))
    }

    @Test("Update replaces what it holds and keeps the rest")
    func update() throws {
        let request = try DialogRequest(options: ["min_duration": .uint32(60), "timeout": .uint32(30)], defaultClock: .twentyFourHour)
        let moved = try request.state.updated(with: ["start": .string("05:00"), "end": .string("08:00"), "unknown": .uint32(1)])
        #expect(moved.model.start.clockText == "05:00")
        #expect(moved.model.end.clockText == "08:00")
        #expect(moved.model.focus == .start)
        #expect(moved.secondsLeft == 30)
        let focused = try moved.updated(with: ["focus": .string("end"), "timeout": .uint32(12)])
        #expect(focused.model.focus == .end)
        #expect(focused.model.start.clockText == "05:00")
        #expect(focused.secondsLeft == 12)
        #expect(focused.typed == "")
        let typing = try focused.updated(with: ["typed": .string("93")])
        #expect(typing.typed == "93")
        #expect(try typing.updated(with: ["timeout": .uint32(3)]).typed == "93", "a missing key leaves it")
        #expect(try typing.updated(with: ["typed": .string("")]).typed == "")
    }

    @Test("More time is offered while a countdown runs and extensions are left, as ShowPicker and Update say")
    func moreTime() throws {
        let request = try DialogRequest(options: ["timeout": .uint32(30), "timeout_extensions": .uint32(2)], defaultClock: .twentyFourHour)
        #expect(request.state.timeoutExtensions == 2 && request.state.offersMoreTime)
        let used = try request.state.updated(with: ["timeout": .uint32(30), "timeout_extensions": .uint32(1)])
        #expect(used.timeoutExtensions == 1 && used.offersMoreTime)
        #expect(try used.updated(with: ["typed": .string("9")]).timeoutExtensions == 1, "a missing key leaves it")
        #expect(try !used.updated(with: ["timeout_extensions": .uint32(0)]).offersMoreTime)
        #expect(try !used.updated(with: ["timeout": .uint32(0)]).offersMoreTime, "no countdown, nothing to extend")
        #expect(try !DialogRequest(options: ["timeout_extensions": .uint32(2)], defaultClock: .twentyFourHour).state.offersMoreTime)
    }

    @Test("Update refuses a state the daemon could not have: the key is named", arguments: [
        ("end", OptionValue.string("05:30")), ("start", .string("24:00")), ("start", .string("05:30")),
        ("focus", .string("both")), ("timeout", .string("x")), ("end", .string("25:00")),
        ("typed", .string("<b>9</b>")), ("typed", .string("12345678")), ("typed", .uint32(9)),
        ("timeout_extensions", .uint32(101)), ("timeout_extensions", .boolean(true)),
    ])
    func badUpdates(key: String, value: OptionValue) throws {
        let state = try DialogRequest(
            options: ["min_duration": .uint32(60), "start": .string("05:00"), "end": .string("06:00")], defaultClock: .twentyFourHour
        ).state
        #expect {
            _ = try state.updated(with: [key: value])
        } throws: { error in
            (error as? OptionError)?.key == key
        }
    }

    @Test("A dated night shift: overnight, date and time_zone rebuild the daemon's grid; start and end are slots by their wire text")
    func datedNightShift() throws {
        let request = try DialogRequest(
            options: [
                "overnight": .boolean(true), "date": .string("2026-03-28"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30),
                "first": .string("18:00"), "last": .string("08:00"), "start": .string("22:00+01:00"), "end": .string("30:00+02:00"),
            ],
            defaultClock: .twentyFourHour)
        let model = request.state.model
        #expect(request.options.grid.date == CalendarDate(year: 2026, month: 3, day: 28))
        #expect(request.options.grid.zone?.name == "Europe/Berlin")
        #expect(request.options.grid.last == Slot(minutes: 32 * 60, utcOffset: 7200), "08:00 the next day, in summer time")
        #expect(model.start == Slot(minutes: 22 * 60, utcOffset: 3600))
        #expect(model.end == Slot(minutes: 30 * 60, utcOffset: 7200))
        #expect(model.durationMinutes == 7 * 60, "the clocks went forward overnight: 7 h, not 8")
        #expect(DialogText.rangeLine(model) == "22:00 – 06:00 (next day) · 7 h")
        #expect(DialogText.dayLine(request.options) == "Sat 28 Mar")
    }

    @Test("An overnight picker without a date: its grid runs into the next day; an end past midnight is 30:00")
    func undatedOvernight() throws {
        let request = try DialogRequest(
            options: ["overnight": .boolean(true), "first": .string("22:00"), "step": .uint32(30), "start": .string("22:00"), "end": .string("30:00")],
            defaultClock: .twentyFourHour)
        #expect(request.options.grid.last == Slot(minutes: 47 * 60 + 30), "the default: a day past the last start")
        #expect(request.state.model.end == Slot(minutes: 30 * 60))
        #expect(DialogText.rangeLine(request.state.model) == "22:00 – 06:00 (next day) · 8 h")
        #expect(DialogText.dayLine(request.options) == nil)
        #expect(try request.state.updated(with: ["end": .string("46:00")]).model.durationMinutes == 24 * 60, "at most a day after the start")
    }

    @Test("The hour the clocks go back: two 02:30s, told apart by offset on the wire and by zone in the range line")
    func repeatedHour() throws {
        let request = try DialogRequest(
            options: [
                "date": .string("2026-10-25"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30), "first": .string("00:00"),
                "start": .string("02:30+02:00"), "end": .string("02:30+01:00"),
            ],
            defaultClock: .twentyFourHour)
        let model = request.state.model
        #expect(model.durationMinutes == 60)
        #expect(DialogText.rangeLine(model) == "02:30 (CEST) – 02:30 (CET) · 1 h")
        let later = try request.state.updated(with: ["start": .string("02:00+01:00"), "end": .string("03:00+01:00")])
        #expect(DialogText.rangeLine(later.model) == "02:00 (CET) – 03:00 · 1 h")
    }

    @Test("A start alone takes the end along, keeping the default length")
    func startAlone() throws {
        let request = try DialogRequest(options: ["start": .string("12:00"), "min_duration": .uint32(90), "step": .uint32(30)], defaultClock: .twentyFourHour)
        #expect(request.state.model.start == time("12:00"))
        #expect(request.state.model.end == time("13:30"))
    }

    @Test("What does not rebuild the daemon's grid is refused, naming its key", arguments: [
        ("time_zone", ["date": OptionValue.string("2026-03-28"), "time_zone": .string("Mars/Olympus_Mons")]),
        ("date", ["date": .string("2026-02-30"), "time_zone": .string("Europe/Berlin")]),
        ("overnight", ["overnight": .string("yes")]),
        // A dated picker's slots carry their offset; the 02:30 the clocks skip is none.
        ("start", ["date": .string("2026-03-28"), "time_zone": .string("Europe/Berlin"), "start": .string("09:00")]),
        ("start", ["date": .string("2026-03-29"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30), "start": .string("02:30+01:00")]),
        ("end", ["start": .string("22:00"), "end": .string("30:00")]),
        ("end", ["overnight": .boolean(true), "start": .string("22:00"), "end": .string("47:00")]),
        ("start", ["overnight": .boolean(true), "start": .string("24:00")]),
    ])
    func badGrids(key: String, options: [String: OptionValue]) {
        #expect {
            _ = try DialogRequest(options: options, defaultClock: .twentyFourHour)
        } throws: { error in
            (error as? OptionError)?.key == key
        }
    }
}
