import Localization
@testable import NotificationUI
import Testing
import TimePickerCore

/// Sorts labels as a menu that sorts its entries would: byte by byte (the C locale), or roughly as
/// a locale's collation does at its first level (letters and digits only, case folded).
enum TextOrder: CaseIterable {
    case bytes, collation

    func sorted(_ labels: [String]) -> [String] {
        switch self {
        case .bytes: labels.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        case .collation: labels.sorted { key($0) < key($1) }
        }
    }

    private func key(_ label: String) -> String {
        String(label.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }
}

private func listActions(_ model: PickerModel, menuHour: MenuHour? = nil) -> [NotificationAction] {
    NotificationContent.render(model, layout: .list, bodyMarkup: false, menuHour: menuHour).actions
}

@Suite("Notification list menu")
struct ListMenuTests {
    static let grids: [[String: OptionValue]] = [
        [:],
        ["step": .uint32(30)],
        ["step": .uint32(15)],
        ["step": .uint32(5), "first": .string("00:00")],
        ["step": .uint32(1), "first": .string("00:00"), "min_duration": .uint32(95)],
        ["step": .uint32(20), "first": .string("07:00"), "last": .string("19:00"), "min_duration": .uint32(60)],
        // Overnight: ends on the next day, by hour past 24 and all at once.
        ["overnight": .boolean(true), "step": .uint32(15)],
        ["overnight": .boolean(true), "step": .uint32(60), "start": .string("22:00")],
        ["overnight": .boolean(true), "step": .uint32(5), "first": .string("00:00"), "min_duration": .uint32(30)],
        // Dated: the hour the clocks skip, and the hour they go back (twice), at several steps.
        ["date": .string("2026-03-29"), "time_zone": .string("Europe/Berlin"), "step": .uint32(15), "first": .string("00:00")],
        ["date": .string("2026-10-25"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30), "first": .string("00:00")],
        ["date": .string("2026-10-25"), "time_zone": .string("Europe/Berlin"), "step": .uint32(1), "first": .string("01:00"), "last": .string("04:00")],
        ["date": .string("2026-10-24"), "time_zone": .string("Europe/Berlin"), "overnight": .boolean(true), "step": .uint32(15)],
    ]

    /// Every page the list layout can show for `raw` in `clock`: each column's hours page and
    /// every hour's page (or its single page of slots), the end column for a few starts.
    private func everyPage(_ raw: [String: OptionValue], clock: ClockStyle) throws -> [(String, [NotificationAction])] {
        let start = try model(raw, clock: clock)
        var pages: [(String, [NotificationAction])] = []
        var models = [start]
        for startTime in [start.validStarts.first, start.validStarts.dropFirst(start.validStarts.count / 2).first, start.validStarts.last] {
            guard let startTime else { continue }
            var end = start
            _ = end.apply(.set(.start, startTime))
            _ = end.apply(.focus(.end))
            models.append(end)
        }
        for picker in models {
            let hours = listActions(picker)
            pages.append(("\(picker.focus) hours from \(picker.start)", hours))
            for case .hour(_, let hour)? in hours.map({ NotificationActionKey(rawValue: $0.key) }) {
                pages.append(("\(picker.focus) hour \(hour) from \(picker.start)", listActions(picker, menuHour: hour)))
            }
        }
        return pages
    }

    @Test("Every menu's labels sort in time order as text, byte by byte and by collation; Change start… first, another hour… last",
          arguments: grids, ClockStyle.allCases)
    func labelsSortInTimeOrder(raw: [String: OptionValue], clock: ClockStyle) throws {
        for (page, actions) in try everyPage(raw, clock: clock) {
            let labels = actions.map(\.label)
            #expect(Set(labels).count == labels.count, "\(page): a label twice in \(labels)")
            for order in TextOrder.allCases {
                #expect(order.sorted(labels) == labels, "\(page), sorted by \(order): \(order.sorted(labels))")
            }
        }
    }

    @Test("No menu holds more than about 60 entries, whatever the step", arguments: grids)
    func menusStaySmall(raw: [String: OptionValue]) throws {
        for (page, actions) in try everyPage(raw, clock: .twelveHour) {
            #expect(actions.count <= 62, "\(page): \(actions.count) entries")
            #expect(!actions.isEmpty, "\(page)")
        }
    }

    @Test("Up to 48 slots the menu offers them all; over 48 it offers the hours first")
    func threshold() throws {
        // 24 hourly slots, and 48 half-hourly ones from 00:30: every slot at once.
        #expect(listActions(try model()).count == 24)
        #expect(listActions(try model(["step": .uint32(30), "first": .string("00:30")])).count == 48)
        // 49 half-hourly slots from 00:00: by hour.
        let byHour = listActions(try model(["step": .uint32(30), "first": .string("00:00")]))
        #expect(byHour.first == NotificationAction(key: "start-hour-00", label: "Start 00:00–00:30…"))
        #expect(byHour.last == NotificationAction(key: "start-24:00", label: "Start 24:00"), "an hour of one slot is the slot")
        #expect(byHour.count == 25)
    }

    @Test("Step 5: hours, then the twelve slots of the hour chosen, with the way back to the hours last")
    func hourThenMinutes() throws {
        let picker = try model(["step": .uint32(5), "first": .string("00:00")], clock: .twelveHour)
        let hours = listActions(picker)
        #expect(hours.count == 25)
        #expect(hours.map(\.key).prefix(3) == ["start-hour-00", "start-hour-01", "start-hour-02"])
        #expect(hours[9] == NotificationAction(key: "start-hour-09", label: "Start 09:00–09:55 · 9:00–9:55 AM…"))
        #expect(hours[12].label == "Start 12:00–12:55 · 12:00–12:55 PM…")
        #expect(hours.last == NotificationAction(key: "start-24:00", label: "Start 24:00 · midnight"))

        let view = NotificationView(picker.state)
        #expect(view.menuHour(afterAction: "start-hour-09") == MenuHour(9))
        #expect(pickerEvents(forAction: "start-hour-09", in: picker).isEmpty, "an hour only narrows the menu")
        let minutes = listActions(picker, menuHour: MenuHour(9))
        #expect(minutes.map(\.key) == (0..<12).map { "start-09:\($0 < 2 ? "0" : "")\($0 * 5)" } + ["start-hours"])
        #expect(minutes.first?.label == "Start 09:00 · 9:00 AM")
        #expect(minutes.last == NotificationAction(key: "start-hours", label: "Start at another hour…"))
        #expect(NotificationView(picker.state, menuHour: MenuHour(9)).menuHour(afterAction: "start-hours") == nil)
    }

    @Test("The end step by hour: Change start… first, only hours with valid ends, the first hour's slots from start + min_duration")
    func endStepByHour() throws {
        var picker = try model(["step": .uint32(5), "first": .string("00:00"), "min_duration": .uint32(40)])
        _ = picker.apply(.set(.start, time("09:30")))
        _ = picker.apply(.focus(.end))
        let hours = listActions(picker)
        #expect(hours.first == NotificationAction(key: "change-start", label: "Change start…"))
        #expect(hours[1] == NotificationAction(key: "end-hour-10", label: "End 10:10–10:55…"))
        #expect(hours.last == NotificationAction(key: "end-24:00", label: "End 24:00 (14 h 30 min)"))
        let tenOClock = listActions(picker, menuHour: MenuHour(10))
        #expect(tenOClock.map(\.label) == ["Change start…"] + stride(from: 10, through: 55, by: 5).map { minute in
            "End 10:\(minute) (\(PickerWords(Language(named: "C")!).duration(minutes: 30 + minute)))"
        } + ["End at another hour…"])
        // An hour without a valid end (an older menu's) shows the hours again.
        #expect(listActions(picker, menuHour: MenuHour(9)) == hours)
    }

    @Test("Change start… goes back to the start step, its hours; the end step's hour does not carry over")
    func changeStart() throws {
        var picker = try model(["step": .uint32(5), "first": .string("00:00")])
        _ = picker.apply(.set(.start, time("09:30")))
        _ = picker.apply(.focus(.end))
        #expect(pickerEvents(forAction: "change-start", in: picker) == [.focus(.start)])
        let view = NotificationView(picker.state, menuHour: MenuHour(17))
        var back = picker
        _ = back.apply(.focus(.start))
        let updated = view.updated(to: back.state)
        #expect(updated.menuHour == nil, "a new focus shows the hours")
        #expect(updated.menuHour(afterAction: "change-start") == nil)
        #expect(listActions(back, menuHour: updated.menuHour).first?.key == "start-hour-00")
    }

    @Test("The menu's hour: set by an hour of the focused column, kept by keys that mean nothing, cleared by any step")
    func menuHourRules() throws {
        let picker = try model(["step": .uint32(5)])
        let view = NotificationView(picker.state, menuHour: MenuHour(9))
        #expect(view.menuHour(afterAction: "start-hour-11") == MenuHour(11))
        #expect(view.menuHour(afterAction: "end-hour-11") == MenuHour(9), "an hour of the other column: an older menu's")
        #expect(view.menuHour(afterAction: "end-hours") == MenuHour(9))
        #expect(view.menuHour(afterAction: "bogus") == MenuHour(9))
        #expect(view.menuHour(afterAction: "start-09:05") == nil)
        #expect(view.menuHour(afterAction: "later") == nil)
        #expect(view.updated(to: picker.state).menuHour == MenuHour(9), "the same focus keeps it")
    }

    @Test("A full pick through the menus with step 5: hour, minutes, hour, minutes", arguments: ClockStyle.allCases)
    func fullPick(clock: ClockStyle) throws {
        var picker = try model(["step": .uint32(5), "first": .string("00:00")], clock: clock)
        var hour: MenuHour?
        var outcome: PickerOutcome?
        for key in ["start-hour-09", "start-hours", "start-hour-08", "start-08:35", "end-hour-17", "end-17:05"] {
            #expect(listActions(picker, menuHour: hour).contains { $0.key == key }, "\(key) is offered")
            let view = NotificationView(picker.state, menuHour: hour)
            for event in pickerEvents(forAction: key, in: picker.state) where outcome == nil { outcome = picker.apply(event) }
            hour = view.updated(to: picker.state).menuHour(afterAction: key)
        }
        #expect(outcome == .selected(start: time("08:35"), end: time("17:05")))
    }
}
