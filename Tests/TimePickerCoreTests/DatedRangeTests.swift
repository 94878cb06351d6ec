import Testing
import TimePickerCore

/// Berlin's 2026 rules as the zone database has them: CET (+01:00) until 2026-03-29 01:00Z,
/// CEST (+02:00) until 2026-10-25 01:00Z, CET after.
let berlin2026 = ZoneRules(
    name: "Europe/Berlin", initial: ZoneOffset(seconds: 3600, abbreviation: "CET"),
    changes: [
        ZoneChange(instant: 1_774_746_000, offset: ZoneOffset(seconds: 7200, abbreviation: "CEST")),
        ZoneChange(instant: 1_792_890_000, offset: ZoneOffset(seconds: 3600, abbreviation: "CET")),
    ])

/// A context whose zone database has Berlin's 2026 and UTC, the daemon in UTC, and `now`.
func context(now: Int64? = nil, localZone: ZoneRules = PickerContext.utc) -> PickerContext {
    PickerContext(defaultClock: .twentyFourHour, now: now, localZone: { localZone }) { name in
        switch name {
        case "Europe/Berlin": berlin2026
        case "UTC": PickerContext.utc
        default: nil
        }
    }
}

/// Options from raw values in `context()`.
func datedOptions(_ raw: [String: OptionValue], now: Int64? = nil) throws(OptionError) -> PickerOptions {
    try PickerOptions(validating: raw, context: context(now: now))
}

@Suite("Overnight and dated ranges")
struct DatedRangeTests {
    @Test("Overnight, last at or before first is the next day; the end reads forward from the start")
    func nightShift() throws {
        let options = try datedOptions([
            "overnight": .boolean(true), "first": .string("18:00"), "last": .string("08:00"), "step": .uint32(30),
            "start": .string("22:00"), "end": .string("06:00"),
        ])
        #expect(options.grid.last == Slot(minutes: 32 * 60))
        #expect(options.start == Slot(minutes: 22 * 60))
        #expect(options.end == Slot(minutes: 30 * 60))
        #expect(options.end.isNextDay && options.end.clockText == "06:00")
        let model = PickerModel(options: options)
        #expect(model.durationMinutes == 8 * 60)
        // Starts stay on the picker's day: 23:30 is the last.
        #expect(model.validStarts.last == Slot(minutes: 23 * 60 + 30))
        #expect(model.range.nextDay)
        #expect(model.range.startTime == nil, "undated")
    }

    @Test("Overnight without last: the ends run a day past the day's last start; an end at most a day after its start")
    func overnightDefaults() throws {
        var model = PickerModel(options: try datedOptions(["overnight": .boolean(true), "start": .string("22:00")]))
        #expect(model.options.grid.first == Slot(minutes: 60))
        #expect(model.options.grid.last == Slot(minutes: 47 * 60))
        #expect(model.end == Slot(minutes: 23 * 60))
        _ = model.apply(.focus(.end))
        _ = model.apply(.moveToLast)
        #expect(model.end == Slot(minutes: 46 * 60), "22:00 the next day, a day after the start")
        #expect(model.durationMinutes == 24 * 60)
    }

    @Test("Typed in End after a 22:00 start, 6 is 06:00 the next day")
    func typedForward() throws {
        var model = PickerModel(options: try datedOptions(["overnight": .boolean(true), "start": .string("22:00"), "step": .uint32(30)]))
        _ = model.apply(.focus(.end))
        _ = model.apply(.type("6"))
        #expect(model.end == Slot(minutes: 30 * 60))
        #expect(model.state.typedNote == nil)
    }

    @Test("An end equal to the start is zero length; the same time with min_duration is the next day")
    func endEqualToStart() throws {
        let zero = try datedOptions(["overnight": .boolean(true), "start": .string("22:00"), "end": .string("22:00")])
        #expect(zero.end == Slot(minutes: 22 * 60))
        let day = try datedOptions(["overnight": .boolean(true), "start": .string("22:00"), "end": .string("22:00"), "min_duration": .uint32(60)])
        #expect(day.end == Slot(minutes: 46 * 60))
    }

    @Test("Without overnight nothing changes: last before first is refused")
    func withoutOvernight() {
        #expect(throws: OptionError.self) { try datedOptions(["first": .string("22:00"), "last": .string("06:00")]) }
    }

    @Test("The spring-forward night in Berlin: 22:00 to 06:00 is 7 h, in ISO 8601 with each offset; no 02:00–02:59")
    func springForward() throws {
        let options = try datedOptions([
            "overnight": .boolean(true), "date": .string("2026-03-28"), "time_zone": .string("Europe/Berlin"),
            "step": .uint32(30), "first": .string("18:00"), "last": .string("08:00"), "start": .string("22:00"), "end": .string("06:00"),
        ])
        let model = PickerModel(options: options)
        #expect(model.durationSeconds == 7 * 3600)
        #expect(model.range.startTime == "2026-03-28T22:00:00+01:00")
        #expect(model.range.endTime == "2026-03-29T06:00:00+02:00")
        let nextDayTimes = options.grid.slots.filter(\.isNextDay).map(\.clockText)
        #expect(!nextDayTimes.contains("02:00") && !nextDayTimes.contains("02:30"))
        #expect(nextDayTimes.contains("01:30") && nextDayTimes.contains("03:00"))
    }

    @Test("A time the clocks skip is refused as a start, saying so")
    func skippedStart() {
        #expect {
            try datedOptions(["date": .string("2026-03-29"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30), "start": .string("02:30")])
        } throws: { error in
            guard let error = error as? OptionError else { return false }
            return error.key == "start" && error.message.contains("does not exist on 2026-03-29 in Europe/Berlin")
        }
    }

    @Test("Overnight, a start the clocks skip on the picker's day is refused as skipped there, not found the next day and called 24:00; an end skipped the next morning is refused as skipped then, not as before the start")
    func skippedOvernight() throws {
        /// The key and message the options are refused with.
        func refusal(_ raw: [String: OptionValue]) -> (key: String, message: String)? {
            let berlin: [String: OptionValue] = ["overnight": .boolean(true), "time_zone": .string("Europe/Berlin"), "step": .uint32(30)]
            do {
                _ = try datedOptions(berlin.merging(raw) { $1 })
                return nil
            } catch {
                return (error.key, error.message)
            }
        }
        let start = refusal(["date": .string("2026-03-29"), "start": .string("02:30")])
        #expect(start?.key == "start" && start?.message.contains("'02:30' does not exist on 2026-03-29 in Europe/Berlin: the clocks skip it") == true, "\(String(describing: start))")
        #expect(start?.message.contains("24:00") == false, "\(String(describing: start))")
        let midnight = refusal(["date": .string("2026-03-29"), "start": .string("24:00")])
        #expect(midnight?.key == "start" && midnight?.message.contains("must be before 24:00 with overnight") == true, "\(String(describing: midnight))")
        let end = refusal(["date": .string("2026-03-28"), "start": .string("22:00"), "end": .string("02:30")])
        #expect(end?.key == "end" && end?.message.contains("'02:30' does not exist on 2026-03-29 in Europe/Berlin: the clocks skip it") == true, "\(String(describing: end))")
        // The times either side of the gap are taken, on the day and the next morning.
        let around = try datedOptions([
            "overnight": .boolean(true), "time_zone": .string("Europe/Berlin"), "step": .uint32(30), "date": .string("2026-03-29"),
            "start": .string("03:00"), "end": .string("01:30"),
        ])
        let model = PickerModel(options: around)
        #expect(model.range.startTime == "2026-03-29T03:00:00+02:00" && model.range.endTime == "2026-03-30T01:30:00+02:00")
    }

    @Test("The fall-back day offers its repeated hour twice, each at its own offset, in order")
    func fallBack() throws {
        let options = try datedOptions([
            "date": .string("2026-10-25"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30),
            "first": .string("01:00"), "last": .string("04:00"),
        ])
        let grid = options.grid
        #expect(grid.slots.map(\.wireText) == [
            "01:00+02:00", "01:30+02:00", "02:00+02:00", "02:30+02:00", "02:00+01:00", "02:30+01:00", "03:00+01:00", "03:30+01:00", "04:00+01:00",
        ])
        #expect(grid.isRepeated(at: 2) && grid.isRepeated(at: 4) && !grid.isRepeated(at: 1))
        #expect(grid.abbreviation(at: 2) == "CEST" && grid.abbreviation(at: 4) == "CET")
        var model = PickerModel(options: options)
        _ = model.apply(.set(.start, Slot(minutes: 150, utcOffset: 3600)))
        #expect(model.start == Slot(minutes: 150, utcOffset: 3600))
        #expect(model.range.startTime == "2026-10-25T02:30:00+01:00")
        // From 01:00 to the second 02:00 is two hours.
        #expect(grid.elapsedSeconds(at: 4) == 2 * 3600)
    }

    @Test("Typed on the fall-back day, a time of the repeated hour goes to the column's own slot of it")
    func typedInRepeatedHour() throws {
        let options = try datedOptions([
            "date": .string("2026-10-25"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30),
            "first": .string("01:00"), "last": .string("04:00"),
        ])
        // Start at the second 02:00 (+01:00): the End column runs from it.
        var model = PickerModel(options: options)
        _ = model.apply(.set(.start, Slot(minutes: 120, utcOffset: 3600)))
        _ = model.apply(.focus(.end))
        for character in "0230" { _ = model.apply(.type(character)) }
        _ = model.apply(.finishTyping)
        #expect(model.end == Slot(minutes: 150, utcOffset: 3600), "the second 02:30, the only one after the start")
        #expect(model.state.typedNote == nil)
        // Start at the first 02:30 (+02:00): 02:00 in End is the second 02:00, half an hour later.
        var later = PickerModel(options: options)
        _ = later.apply(.set(.start, Slot(minutes: 150, utcOffset: 7200)))
        _ = later.apply(.focus(.end))
        _ = later.apply(.moveToLast)
        for character in "0200" { _ = later.apply(.type(character)) }
        _ = later.apply(.finishTyping)
        #expect(later.end == Slot(minutes: 120, utcOffset: 3600))
        #expect(later.state.typedNote == nil)
    }

    @Test("A day the clocks skip whole (Apia, 2011-12-30) is refused, not offered as its end, 24:00, alone", arguments: [false, true])
    func skippedDay(overnight: Bool) {
        // -10:00 until 2011-12-30T10:00Z, the end of the 29th there; then +14:00 from the 31st.
        let apia = ZoneRules(
            name: "Pacific/Apia", initial: ZoneOffset(seconds: -36_000, abbreviation: "-10"),
            changes: [ZoneChange(instant: 1_325_239_200, offset: ZoneOffset(seconds: 50_400, abbreviation: "+14"))])
        let context = PickerContext(defaultClock: .twentyFourHour, now: nil, localZone: { apia }) { $0 == apia.name ? apia : nil }
        #expect {
            try PickerOptions(
                validating: ["date": .string("2011-12-30"), "time_zone": .string("Pacific/Apia"), "overnight": .boolean(overnight), "first": .string("00:00")],
                context: context)
        } throws: { error in
            guard let error = error as? OptionError else { return false }
            return error.key == "date" && error.message.contains("2011-12-30 in Pacific/Apia")
        }
        // The day before and after are whole.
        #expect(throws: Never.self) {
            try PickerOptions(validating: ["date": .string("2011-12-29"), "time_zone": .string("Pacific/Apia"), "overnight": .boolean(overnight)], context: context)
        }
    }

    @Test("'now' is the caller's zone's: undated, its time of day; dated, the first slot at or after the instant")
    func nowInZone() throws {
        // 2026-06-01T06:10:00Z is 08:10 in Berlin.
        let instant: Int64 = 1_780_294_200
        let undated = try datedOptions(["start": .string("now"), "step": .uint32(30), "time_zone": .string("Europe/Berlin")], now: instant)
        #expect(undated.start == Slot(minutes: 8 * 60 + 30))
        let utc = try datedOptions(["start": .string("now"), "step": .uint32(30)], now: instant)
        #expect(utc.start == Slot(minutes: 6 * 60 + 30))
        let dated = try datedOptions(
            ["start": .string("now"), "step": .uint32(30), "time_zone": .string("Europe/Berlin"), "date": .string("2026-06-01")], now: instant)
        #expect(dated.start == Slot(minutes: 8 * 60 + 30, utcOffset: 7200))
    }

    @Test("date today and tomorrow are the days of the session's zone at the present, as timepickerctl --date reads them")
    func todayAndTomorrow() throws {
        // 2026-10-24T23:30:00Z: 01:30 on the 25th in Berlin, still the 24th in UTC.
        let instant: Int64 = 1_792_884_600
        let berlin = try datedOptions(["date": .string("today"), "time_zone": .string("Europe/Berlin")], now: instant)
        #expect(berlin.grid.date?.isoText == "2026-10-25")
        let utc = try datedOptions(["date": .string("Today")], now: instant)
        #expect(utc.grid.date?.isoText == "2026-10-24", "the daemon's zone, UTC here, when the caller names none")
        let tomorrow = try datedOptions(["date": .string("tomorrow"), "time_zone": .string("Europe/Berlin")], now: instant)
        #expect(tomorrow.grid.date?.isoText == "2026-10-26")
        #expect {
            try datedOptions(["date": .string("today")])
        } throws: { error in
            (error as? OptionError)?.message == "option 'date': 'today' needs the present time, which is not known here"
        }
    }

    @Test("The calendar holds the day of every instant an Int64 holds, and writes days as ISO 8601 does")
    func calendarExtremes() {
        #expect(CivilCalendar.year(ofInstant: .max) == 292_277_026_596)
        #expect(CivilCalendar.year(ofInstant: .min) == -292_277_022_657)
        #expect(CivilCalendar.isoText(ofDay: 47_482) == "2100-01-01")
        #expect(CivilCalendar.isoText(ofDay: -1) == "1969-12-31")
        #expect(CalendarDate(year: 2026, month: 3, day: 8)?.isoText == "2026-03-08")
    }

    @Test("A zone's wall clock: the day and the seconds into it, before 1970 too")
    func wallClock() {
        let clock = berlin2026.wallClock(at: 1_792_884_600)
        #expect(clock.daysSinceEpoch == Int64(CalendarDate(year: 2026, month: 10, day: 25)!.daysSinceEpoch))
        #expect(clock.secondsIntoDay == 90 * 60)
        let early = PickerContext.utc.wallClock(at: -1)
        #expect(early.daysSinceEpoch == -1 && early.secondsIntoDay == 86_399)
    }

    @Test("Dates and zones are checked", arguments: [
        ("date", "2026-02-29"), ("date", "2026-13-01"), ("date", "26-03-28"), ("date", "1969-12-31"), ("date", "yesterday"),
        ("time_zone", "Europe/Berln"),
    ])
    func refused(key: String, value: String) {
        #expect {
            try datedOptions(key == "time_zone" ? [key: .string(value)] : [key: .string(value), "time_zone": .string("UTC")])
        } throws: { error in
            (error as? OptionError)?.key == key
        }
    }

    @Test("A range on the last day a picker may start ends in the next year, written as ISO 8601 does")
    func endOfTheCalendar() throws {
        let options = try datedOptions([
            "overnight": .boolean(true), "date": .string("2099-12-31"), "time_zone": .string("UTC"),
            "start": .string("22:00"), "end": .string("02:00"),
        ])
        let range = PickerModel(options: options).range
        #expect(range.startTime == "2099-12-31T22:00:00+00:00")
        #expect(range.endTime == "2100-01-01T02:00:00+00:00")
        #expect(range.durationSeconds == 4 * 3600)
    }

    @Test("Calendar arithmetic: days since 1970 both ways, weekdays")
    func calendar() throws {
        let day = try #require(CalendarDate(parsing: "2026-03-28"))
        #expect(day.daysSinceEpoch == 20_540)
        #expect(CalendarDate(daysSinceEpoch: 20_540) == day)
        #expect(day.weekday == 6, "a Saturday")
        #expect(CalendarDate(parsing: "2024-02-29") != nil && CalendarDate(parsing: "2100-01-01") == nil)
        for days in stride(from: 0, to: 47_000, by: 37) {
            #expect(CalendarDate(daysSinceEpoch: days)?.daysSinceEpoch == days)
        }
    }

    @Test("Slots on the wire, with the next day and an offset, read back")
    func wire() {
        for slot in [Slot(minutes: 0), Slot(minutes: 1800), Slot(minutes: 2880), Slot(minutes: 150, utcOffset: -16_200), Slot(minutes: 150, utcOffset: 50_400)] {
            #expect(Slot(wireText: slot.wireText) == slot)
        }
        #expect(Slot(wireText: "48:01") == nil && Slot(wireText: "02:30+24:00") == nil && Slot(wireText: "02:30 01:00") == nil)
    }
}
