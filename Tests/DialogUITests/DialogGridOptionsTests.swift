import DBusKit
import Testing
import TimePickerCore

/// Berlin's 2026 rules as the zone database has them: CET (+01:00) until 2026-03-29 01:00Z,
/// CEST (+02:00) until 2026-10-25 01:00Z, CET after.
private let berlin2026 = ZoneRules(
    name: "Europe/Berlin", initial: ZoneOffset(seconds: 3600, abbreviation: "CET"),
    changes: [
        ZoneChange(instant: 1_774_746_000, offset: ZoneOffset(seconds: 7200, abbreviation: "CEST")),
        ZoneChange(instant: 1_792_890_000, offset: ZoneOffset(seconds: 3600, abbreviation: "CET")),
    ])

/// A session's state from `raw` options, with Berlin's 2026 in its zone database, after `events`.
private func state(_ raw: [String: OptionValue], after events: [PickerEvent] = []) throws -> PickerState {
    let context = PickerContext(defaultClock: .twentyFourHour, now: nil, localZone: { PickerContext.utc }) { name in
        name == "Europe/Berlin" ? berlin2026 : nil
    }
    var model = PickerModel(options: try PickerOptions(validating: raw, context: context))
    for event in events { _ = model.apply(event) }
    return model.state
}

/// What the backend is sent to rebuild the session's grid (overnight, a date and its zone), and
/// slots going both ways as their wire text.
@Suite("Dialog front end: the grid and slots across the bus")
struct DialogGridOptionsTests {
    /// The ShowPicker options of a session shown with `state`, and the fixture with its backend.
    private func showPickerOptions(_ state: PickerState) throws -> (options: [String: DBusValue], fixture: DialogFixture, backend: BusName) {
        let fixture = DialogFixture()
        let backend = fixture.startBackend()
        fixture.frontEnd.show(session(1), state)
        fixture.run()
        let call = try fixture.call("ShowPicker", 0)
        let arguments = try call.arguments()
        var options: [String: DBusValue] = [:]
        for entry in arguments[2].stringKeyedEntries ?? [] {
            if case .variant(let value) = entry.value { options[entry.key] = value }
        }
        return (options, fixture, backend)
    }

    @Test("A night shift on a dated picker: overnight, the date and the zone's name; the end as 30:00 at its own offset")
    func datedNightShift() throws {
        let shown = try showPickerOptions(state([
            "overnight": .boolean(true), "date": .string("2026-03-28"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30),
            "first": .string("18:00"), "last": .string("08:00"), "start": .string("22:00"), "end": .string("06:00"),
        ]))
        #expect(shown.options["overnight"] == .boolean(true))
        #expect(shown.options["date"] == .string("2026-03-28"))
        #expect(shown.options["time_zone"] == .string("Europe/Berlin"))
        #expect(shown.options["first"] == .string("18:00"))
        #expect(shown.options["last"] == .string("08:00"), "at or before first: the next day's")
        #expect(shown.options["start"] == .string("22:00+01:00"))
        #expect(shown.options["end"] == .string("30:00+02:00"), "06:00 the next day, after the clocks went forward")
    }

    @Test("An undated picker sends no date or zone; overnight false; its slots read as before")
    func undated() throws {
        let shown = try showPickerOptions(state(["step": .uint32(30), "start": .string("09:00"), "end": .string("24:00")]))
        #expect(shown.options["overnight"] == .boolean(false))
        #expect(shown.options["date"] == nil && shown.options["time_zone"] == nil)
        #expect(shown.options["last"] == .string("24:00"))
        #expect(shown.options["start"] == .string("09:00"))
        #expect(shown.options["end"] == .string("24:00"))
    }

    @Test("Overnight without last: no last is sent (the default, a day past the last start, which no HH:MM after first says)")
    func overnightDefaultLast() throws {
        let night = try state(["overnight": .boolean(true), "first": .string("22:00"), "step": .uint32(30)])
        #expect(night.options.grid.last == Slot(minutes: 47 * 60 + 30), "23:30 the next day")
        #expect(try showPickerOptions(night).options["last"] == nil)
        // A last at or before first is said as it was given.
        let early = try state(["overnight": .boolean(true), "first": .string("22:00"), "last": .string("22:00"), "step": .uint32(30)])
        #expect(try showPickerOptions(early).options["last"] == .string("22:00"))
    }

    @Test("The hour the clocks go back: Update tells the two 02:30s apart by their offsets")
    func repeatedHourUpdate() throws {
        let raw: [String: OptionValue] = [
            "date": .string("2026-10-25"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30), "first": .string("00:00"),
            "start": .string("02:00"), "end": .string("02:30"),
        ]
        let shown = try showPickerOptions(state(raw))
        #expect(shown.options["start"] == .string("02:00+02:00"))
        #expect(shown.options["end"] == .string("02:30+02:00"))
        // Two slots later the end is the second 02:30, an hour after the first.
        shown.fixture.frontEnd.update(session(1), try state(raw, after: [.focus(.end), .move(by: 2)]))
        shown.fixture.run()
        let update = try shown.fixture.call("Update", 0)
        #expect(DialogFixture.strings(in: update, at: 1)["end"] == "02:30+01:00")
    }

    @Test("OK with a next-day end: the slot the wire text says, 06:00 the next day, not the day's 06:00")
    func acceptedNextDayEnd() throws {
        let shown = try showPickerOptions(state([
            "overnight": .boolean(true), "first": .string("18:00"), "last": .string("08:00"), "step": .uint32(30),
            "start": .string("22:00"), "end": .string("23:00"),
        ]))
        shown.fixture.end(try shown.fixture.call("ShowPicker", 0), from: shown.backend, response: 0, results: [
            "start": .string("22:00"), "end": .string("30:00"),
        ])
        shown.fixture.run()
        #expect(shown.fixture.delegate.reports == [
            .event(session(1), .set(.start, Slot(minutes: 22 * 60))), .event(session(1), .set(.end, Slot(minutes: 30 * 60))),
            .event(session(1), .confirm),
        ])
    }
}
