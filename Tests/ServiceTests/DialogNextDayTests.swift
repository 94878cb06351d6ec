import DBusKit
import Foundation
import TestHarness
import Testing

/// The dialog of an overnight or dated picker as a person and a screen reader meet it: the real
/// GTK backend on a virtual display, with the real daemon (started by D-Bus activation) or the
/// test in its place, real clicks and keys. Next-day times and the repeated hour's times are
/// told apart in each row's label (the text a screen reader reads for the row), the range line
/// says the real length, and the end chosen comes back as the daemon's own slot.
@Suite("The dialog across midnight and on a dated day", .serialized)
struct DialogNextDayTests {
    /// A night shift on the night the clocks go forward in Berlin: 22:00 to 06:00 is 7 h.
    static let nightShift: [String: DBusValue] = [
        "overnight": .boolean(true), "date": .string("2026-03-28"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30),
        "first": .string("18:00"), "last": .string("08:00"), "start": .string("22:00"), "end": .string("06:00"), "clock": .string("24h"),
    ]

    /// The rows of the list `name` in order, as a screen reader reads them: each row's label's
    /// text and accessible name.
    static func rows(_ dialog: AccessibleNode, list name: String) -> [(text: String, name: String)] {
        let items = dialog.first(role: "list", name: name)?.children.filter { $0.role == "list item" } ?? []
        return items.map { item in
            let label = item.all.first { $0.role == "label" }
            return (label?.text ?? "", label?.name ?? "")
        }
    }

    /// Checks the End rows of the night shift: those before 24:00 read as bare times, those
    /// after it as their time followed by one and the same mark of the next day, which is
    /// returned (" (next day)" in English); both in the text and the accessible name.
    static func nextDayMark(inEndRows rows: [(text: String, name: String)], sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        #expect(rows.allSatisfy { $0.text == $0.name }, "a row's accessible name is what it shows: \(rows)", sourceLocation: sourceLocation)
        let texts = rows.map(\.text)
        guard let midnight = texts.firstIndex(of: "24:00") else {
            Issue.record("no 24:00 row in \(texts)", sourceLocation: sourceLocation)
            return nil
        }
        #expect(Array(texts[..<midnight]) == ["22:00", "22:30", "23:00", "23:30"], sourceLocation: sourceLocation)
        // The day after, the clocks skip 02:00–02:59 (spring forward): no row for them.
        let nextDay = ["00:30", "01:00", "01:30", "03:00", "03:30", "04:00", "04:30", "05:00", "05:30", "06:00", "06:30", "07:00", "07:30", "08:00"]
        let after = Array(texts[(midnight + 1)...])
        #expect(after.count == nextDay.count, "\(after)", sourceLocation: sourceLocation)
        let marks = Set(zip(after, nextDay).map { text, time in text.hasPrefix(time) ? String(text.dropFirst(time.count)) : "not \(time): \(text)" })
        #expect(marks.count == 1, "one mark on every next-day row: \(marks)", sourceLocation: sourceLocation)
        guard let mark = marks.first, marks.count == 1, !mark.trimmingCharacters(in: .whitespaces).isEmpty else {
            Issue.record("no next-day mark in \(after)", sourceLocation: sourceLocation)
            return nil
        }
        return mark
    }

    @Test("A night shift: End's rows after midnight read '(next day)', the day and the real length show; a clicked next-day end comes back as Selected")
    func nightShiftInEnglish() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        let title = "Night shift"
        let handle = try fixture.client.showTimePicker(Self.nightShift.merging(["title": .string(title)]) { $1 })
        var dialog = try fixture.dialog(title) { $0.first(role: "list", name: "End")?.selectedItem != nil }
        #expect(Self.nextDayMark(inEndRows: Self.rows(dialog, list: "End")) == " (next day)", "\(fixture.logs)")
        #expect(dialog.first(role: "list", name: "Start")?.selectedItem == "22:00")
        #expect(dialog.first(role: "list", name: "End")?.selectedItem == "06:00 (next day)")
        #expect(dialog.all.contains { $0.role == "label" && $0.label == "22:00 – 06:00 (next day) · 7 h" }, "the real length: the clocks go forward")
        #expect(dialog.all.contains { $0.role == "label" && $0.label == "Sat 28 Mar" }, "the day under the heading")
        // Who asked: this test's own process, by its executable's name.
        #expect(dialog.all.contains { $0.role == "label" && $0.label == "Asked by “\(ProcessInfo.processInfo.processName)”, as the program calls itself" }, "who asked")
        #expect(dialog.all.contains { $0.role == "label" && $0.label == title })

        let row = try #require(dialog.first(role: "list", name: "End")?.item("07:00 (next day)"))
        try fixture.click(row, inWindowTitled: title)
        dialog = try fixture.dialog(title) { dialog in
            dialog.first(role: "list", name: "End")?.selectedItem == "07:00 (next day)"
                && dialog.all.contains { $0.role == "label" && $0.label == "22:00 – 07:00 (next day) · 8 h" }
        }
        #expect(dialog.isInView("07:00 (next day)", inList: "End"), "the row stays under the pointer")
        try fixture.press(["Return"], inWindowTitled: title)
        // The backend's OK says "31:00+02:00": the daemon took it as 07:00 the next day (the
        // day's 07:00 is no end of a 22:00 start, and would have ended the session unavailable).
        let selected = try fixture.client.waitForSignal("Selected", path: handle, seconds: 20)
        #expect(selected.strings == ["22:00", "07:00"], "\(fixture.logs)")
        try fixture.display.waitForWindowGone(title)
    }

    @Test("The night shift in German: the same rows marked, the day in German; the keyboard chooses a next-day end")
    func nightShiftInGerman() throws {
        let catalogs = try LocaleTests.CompiledCatalogs()
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"], environment: catalogs.environment("C.UTF-8"))
        let title = "Nachtschicht"
        let handle = try fixture.client.showTimePicker(Self.nightShift.merging(["title": .string(title), "locale": .string("de_DE.UTF-8")]) { $1 })
        // German column names: "Beginn" and "Ende".
        let dialog = try Accessibility.dialog(title, on: fixture.display, seconds: 20) { $0.first(role: "list", name: "Ende")?.selectedItem != nil }
        let mark = try #require(Self.nextDayMark(inEndRows: Self.rows(dialog, list: "Ende")), "\(fixture.logs)")
        #expect(dialog.first(role: "list", name: "Beginn")?.selectedItem == "22:00")
        #expect(dialog.first(role: "list", name: "Ende")?.selectedItem == "06:00" + mark)
        #expect(dialog.all.contains { $0.role == "label" && $0.label.hasPrefix("22:00 – 06:00" + mark + " · 7 h") }, "the range line marks the end alike")
        // The day as German writes it (strftime in de_DE): Saturday is "Sa", March "Mär".
        let day = dialog.all.first { $0.role == "label" && $0.label.contains("28") && $0.label.contains("Mär") }
        #expect(day != nil && day?.label.contains("Sa") == true, "\(dialog.all.filter { $0.role == "label" }.map(\.label))")
        #expect(!dialog.all.contains { $0.role == "label" && $0.label.contains("Mar") && !$0.label.contains("Mär") }, "no English day")

        try fixture.press(["Tab", "Down", "Down", "Return"], inWindowTitled: title)
        let selected = try fixture.client.waitForSignal("Selected", path: handle, seconds: 20)
        #expect(selected.strings == ["22:00", "07:00"], "\(fixture.logs)")
    }

    @Test("The hour the clocks go back: both 02:30s offered, told apart by zone in their rows; the second comes back with its own offset")
    func repeatedHour() throws {
        let fixture = try DialogFixture()
        let handle: ObjectPath = "/io/github/timepickerd/TimePicker1/session/1_7/fallback"
        let title = "Fall back"
        let serial = try fixture.caller.showPicker(handle, [
            "title": .string(title), "date": .string("2026-10-25"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30),
            "first": .string("00:00"), "start": .string("01:30+02:00"), "end": .string("02:00+02:00"), "clock": .string("24h"),
        ])
        var dialog = try fixture.dialog(title) { $0.first(role: "list", name: "End")?.selectedItem != nil }
        let ends = Self.rows(dialog, list: "End")
        #expect(Array(ends.map(\.text).prefix(7)) == [
            "01:30", "02:00 (CEST)", "02:30 (CEST)", "02:00 (CET)", "02:30 (CET)", "03:00", "03:30",
        ])
        #expect(ends.allSatisfy { $0.text == $0.name })
        #expect(dialog.all.contains { $0.role == "label" && $0.label == "01:30 – 02:00 (CEST) · 30 min" })
        #expect(dialog.all.contains { $0.role == "label" && $0.label == "Sun 25 Oct" })

        let row = try #require(dialog.first(role: "list", name: "End")?.item("02:30 (CET)"))
        try fixture.click(row, inWindowTitled: title)
        dialog = try fixture.dialog(title) { dialog in
            dialog.first(role: "list", name: "End")?.selectedItem == "02:30 (CET)"
                && dialog.all.contains { $0.role == "label" && $0.label == "01:30 – 02:30 (CET) · 2 h" }
        }
        try fixture.press(["Return"], inWindowTitled: title)
        let outcome = try fixture.caller.outcome(of: serial)
        #expect(fixture.caller.events(for: handle) == ["focus end", "set end 02:30+01:00"])
        #expect(outcome == .init(response: 0, results: ["start": "01:30+02:00", "end": "02:30+01:00"]), "\(fixture.backend.log)")
    }

    @Test("A daemon whose zone has no name in the database (a POSIX rule in TZ) shows a dated dialog: the backend reads the same rule")
    func daemonsOwnZone() throws {
        let rule = "CET-1CEST,M3.5.0,M10.5.0/3"
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"], environment: ["TZ": rule])
        let title = "Own zone"
        _ = try fixture.client.showTimePicker([
            "title": .string(title), "date": .string("2026-10-25"), "step": .uint32(30), "first": .string("01:00"),
            "start": .string("02:00"), "clock": .string("24h"),
        ])
        let dialog = try fixture.dialog(title) { $0.first(role: "list", name: "End")?.selectedItem != nil }
        #expect(dialog.first(role: "list", name: "Start")?.selectedItem == "02:00 (CEST)", "\(fixture.logs)")
        #expect(Array(Self.rows(dialog, list: "Start").map(\.text).prefix(6)) == [
            "01:00", "01:30", "02:00 (CEST)", "02:30 (CEST)", "02:00 (CET)", "02:30 (CET)",
        ])
    }
}
