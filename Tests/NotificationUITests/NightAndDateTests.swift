@testable import NotificationUI
import Testing
import TimePickerCore

/// The slot at `minutes` of `picker`'s grid at `utcOffset` seconds (dated grids).
private func slot(_ minutes: Int, utcOffset: Int? = nil) -> Slot {
    Slot(minutes: minutes, utcOffset: utcOffset)
}

/// `picker` after the actions with `keys`, the menu's hour following them as the front end does.
private func acting(_ keys: [String], on picker: PickerModel) -> (PickerModel, MenuHour?, PickerOutcome?) {
    var picker = picker
    var hour: MenuHour?
    var outcome: PickerOutcome?
    for key in keys where outcome == nil {
        let view = NotificationView(picker.state, menuHour: hour)
        #expect(NotificationContent.render(picker, layout: .list, bodyMarkup: false, menuHour: hour).actions.contains { $0.key == key },
                "\(key) is offered")
        for event in pickerEvents(forAction: key, in: picker.state) where outcome == nil { outcome = picker.apply(event) }
        hour = view.updated(to: picker.state).menuHour(afterAction: key)
    }
    return (picker, hour, outcome)
}

@Suite("Notifications of overnight and dated pickers")
struct NightAndDateTests {
    static let nightShift: [String: OptionValue] = [
        "overnight": .boolean(true), "step": .uint32(30), "first": .string("18:00"), "last": .string("08:00"),
        "start": .string("22:00"), "end": .string("06:00"),
    ]

    // MARK: Stepper

    @Test("Stepper: the end on the next day is marked in the body, the start is not; the duration is the real one")
    func stepperNextDay() throws {
        let content = NotificationContent.render(inEndPhase(try model(Self.nightShift)), layout: .stepper, bodyMarkup: false)
        #expect(lines(content).prefix(3) == ["Start: 22:00", "End: 06:00 (next day)  ◀", "Duration: 8 h"])
        let twelve = NotificationContent.render(try model(Self.nightShift, clock: .twelveHour), layout: .stepper, bodyMarkup: true)
        #expect(lines(twelve).prefix(2) == ["Start: 10:00 PM  ◀", "End: 6:00 AM (next day)"])
    }

    @Test("Stepper: +1 h moves the end across midnight into the next day, and the body says so")
    func stepperAcrossMidnight() throws {
        var picker = inEndPhase(try model(["overnight": .boolean(true), "step": .uint32(15), "start": .string("22:00"), "end": .string("23:30")]))
        for event in pickerEvents(forAction: "later-hour", in: picker) { _ = picker.apply(event) }
        #expect(picker.end == slot(24 * 60 + 30))
        let content = NotificationContent.render(picker, layout: .stepper, bodyMarkup: false)
        #expect(lines(content).prefix(3) == ["Start: 22:00", "End: 00:30 (next day)  ◀", "Duration: 2 h 30 min"])
    }

    @Test("Stepper with a date: the day first; across the spring change the night is 7 h and +1 h is an hour of real time")
    func stepperDated() throws {
        var raw = Self.nightShift
        raw["date"] = .string("2026-03-28")
        raw["time_zone"] = .string("Europe/Berlin")
        let content = NotificationContent.render(try model(raw), layout: .stepper, bodyMarkup: false)
        #expect(lines(content).prefix(4) == ["Sat 28 Mar", "Start: 22:00  ◀", "End: 06:00 (next day)", "Duration: 7 h"])

        // 01:30 + 1 h on the day the clocks skip 02:00–02:59 is 03:30.
        var spring = try model(["date": .string("2026-03-29"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30),
                                "start": .string("01:30"), "end": .string("04:00")])
        for event in pickerEvents(forAction: "later-hour", in: spring) { _ = spring.apply(event) }
        #expect(spring.start.clockText == "03:30")
        #expect(lines(NotificationContent.render(spring, layout: .stepper, bodyMarkup: false)).prefix(4)
            == ["Sun 29 Mar", "Start: 03:30  ◀", "End: 05:00", "Duration: 1 h 30 min"])
    }

    @Test("Stepper on the day the clocks go back: the two 02:30s are told apart by their zone")
    func stepperRepeatedHour() throws {
        let picker = try model(["date": .string("2026-10-25"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30),
                                "start": .string("01:30"), "end": .string("02:30")])
        #expect(lines(NotificationContent.render(picker, layout: .stepper, bodyMarkup: false)).prefix(4)
            == ["Sun 25 Oct", "Start: 01:30  ◀", "End: 02:30 (CEST)", "Duration: 1 h"])
        var later = inEndPhase(picker)
        for event in pickerEvents(forAction: "later-hour", in: later) { _ = later.apply(event) }
        #expect(later.end == slot(150, utcOffset: 3600))
        #expect(lines(NotificationContent.render(later, layout: .stepper, bodyMarkup: false)).prefix(4)
            == ["Sun 25 Oct", "Start: 01:30", "End: 02:30 (CET)  ◀", "Duration: 2 h"])
    }

    @Test("Closes at a time tomorrow: marked as the next day")
    func closesTomorrow() throws {
        var picker = try model(["timeout": .uint32(3600)])
        picker.deadline = 3_600_000
        let gnome = NotificationServerProfile.forServer(named: "gnome-shell")
        let view = NotificationView(picker.state, closesAt: slot(24 * 60 + 30))
        let body = NotificationContent.render(view, profile: gnome, bodyMarkup: false, now: 0).body
        #expect(body.contains("Closes at 00:30 (next day) unless you choose."), "\(body)")
        let today = NotificationView(picker.state, closesAt: slot(23 * 60 + 30))
        #expect(NotificationContent.render(today, profile: gnome, bodyMarkup: false, now: 0).body.contains("Closes at 23:30 unless you choose."))
    }

    // MARK: List

    @Test("List, overnight end step: the next day's ends lead with hours past 24 and read as the next day's; real durations")
    func listNextDayEnds() throws {
        let picker = inEndPhase(try model(Self.nightShift))
        let actions = NotificationContent.render(picker, layout: .list, bodyMarkup: false).actions
        #expect(actions.first?.key == "change-start")
        #expect(actions.dropFirst().first == NotificationAction(key: "end-22:00", label: "End 22:00 (0 min)"))
        #expect(actions.contains(NotificationAction(key: "end-23:30", label: "End 23:30 (1 h 30 min)")))
        #expect(actions.contains(NotificationAction(key: "end-24:00", label: "End 24:00 (2 h)")), "24:00 ends the picker's day")
        #expect(actions.contains(NotificationAction(key: "end-24:30", label: "End 24:30 · 00:30 (next day) (2 h 30 min)")))
        #expect(actions.contains(NotificationAction(key: "end-30:00", label: "End 30:00 · 06:00 (next day) (8 h)")))
        #expect(actions.last == NotificationAction(key: "end-32:00", label: "End 32:00 · 08:00 (next day) (10 h)"))

        let twelve = NotificationContent.render(inEndPhase(try model(Self.nightShift, clock: .twelveHour)), layout: .list, bodyMarkup: false)
        #expect(twelve.actions.contains(NotificationAction(key: "end-30:00", label: "End 30:00 · 6:00 AM (next day) (8 h)")))
        #expect(twelve.actions.contains(NotificationAction(key: "end-24:00", label: "End 24:00 · midnight (2 h)")))
        #expect(lines(twelve).first == "Start: 10:00 PM")

        let (_, _, outcome) = acting(["end-30:00"], on: picker)
        #expect(outcome == .selected(start: slot(22 * 60), end: slot(30 * 60)))
    }

    @Test("List, overnight by hour: the next day's hours are pages of their own, keyed and led past 24")
    func listNextDayHours() throws {
        let picker = try model(["overnight": .boolean(true), "step": .uint32(15), "start": .string("22:00")])
        let (ends, hour, _) = acting(["start-hour-22", "start-22:00"], on: picker)
        #expect(hour == nil)
        let hours = NotificationContent.render(ends, layout: .list, bodyMarkup: false).actions
        #expect(hours.contains(NotificationAction(key: "end-hour-23", label: "End 23:00–23:45…")))
        #expect(hours.contains(NotificationAction(key: "end-hour-24", label: "End 24:00–24:45 · 24:00–00:45 (next day)…")))
        #expect(hours.contains(NotificationAction(key: "end-hour-30", label: "End 30:00–30:45 · 06:00–06:45 (next day)…")))
        #expect(hours.last == NotificationAction(key: "end-46:00", label: "End 46:00 · 22:00 (next day) (24 h)"), "a day after the start at most")

        let (_, sixHour, _) = acting(["end-hour-30"], on: ends)
        #expect(sixHour == MenuHour(30))
        let six = NotificationContent.render(ends, layout: .list, bodyMarkup: false, menuHour: sixHour).actions
        #expect(six.map(\.key) == ["change-start", "end-30:00", "end-30:15", "end-30:30", "end-30:45", "end-hours"])
        #expect(six[2].label == "End 30:15 · 06:15 (next day) (8 h 15 min)")
        let (_, _, outcome) = acting(["end-hour-30", "end-30:15"], on: ends)
        #expect(outcome == .selected(start: slot(22 * 60), end: slot(30 * 60 + 15)))
    }

    @Test("List with a date: the day first in the body; the hour the clocks go back is two pages, 2A and 2B, in time order as text")
    func listRepeatedHour() throws {
        let picker = try model(["date": .string("2026-10-25"), "time_zone": .string("Europe/Berlin"), "step": .uint32(15), "first": .string("00:00")])
        let content = NotificationContent.render(picker, layout: .list, bodyMarkup: false)
        #expect(lines(content).first == "Sun 25 Oct")
        let hours = content.actions
        #expect(hours.map(\.key).prefix(5) == ["start-hour-00", "start-hour-01", "start-hour-02A", "start-hour-02B", "start-hour-03"])
        #expect(hours[2].label == "Start 02A:00–02A:45 · 02:00–02:45 (CEST)…")
        #expect(hours[3].label == "Start 02B:00–02B:45 · 02:00–02:45 (CET)…")

        let (_, hour, _) = acting(["start-hour-02B"], on: picker)
        #expect(hour == MenuHour(2, pass: 1))
        let second = NotificationContent.render(picker, layout: .list, bodyMarkup: false, menuHour: hour).actions
        #expect(second.map(\.key) == ["start-02:00+01:00", "start-02:15+01:00", "start-02:30+01:00", "start-02:45+01:00", "start-hours"])
        #expect(second.first?.label == "Start 02B:00 · 02:00 (CET)")

        let (ends, _, _) = acting(["start-hour-02A", "start-02:30+02:00"], on: picker)
        #expect(ends.start == slot(150, utcOffset: 7200))
        let endLines = lines(NotificationContent.render(ends, layout: .list, bodyMarkup: false))
        #expect(endLines.prefix(2) == ["Sun 25 Oct", "Start: 02:30 (CEST)"])
        let (_, _, outcome) = acting(["end-hour-02B", "end-02:30+01:00"], on: ends)
        #expect(outcome == .selected(start: slot(150, utcOffset: 7200), end: slot(150, utcOffset: 3600)))
        let endMenu = NotificationContent.render(ends, layout: .list, bodyMarkup: false, menuHour: MenuHour(2, pass: 1)).actions
        #expect(endMenu.contains(NotificationAction(key: "end-02:30+01:00", label: "End 02B:30 · 02:30 (CET) (1 h)")), "an hour of real time")
    }

    @Test("The hour keys: two digits up to 48, a capital letter for the time round of a repeated hour")
    func hourKeys() {
        #expect(NotificationActionKey(rawValue: "end-hour-30") == .hour(.end, MenuHour(30)))
        #expect(NotificationActionKey(rawValue: "start-hour-48") == .hour(.start, MenuHour(48)))
        #expect(NotificationActionKey(rawValue: "start-hour-02B") == .hour(.start, MenuHour(2, pass: 1)))
        #expect(NotificationActionKey.hour(.start, MenuHour(2, pass: 0)).rawValue == "start-hour-02A")
        for bad in ["start-hour-49", "start-hour-02b", "start-hour-2B", "start-hour-02AB", "start-hour-02-", "end-hour-0A"] {
            #expect(NotificationActionKey(rawValue: bad) == nil, "\(bad)")
        }
    }
}
