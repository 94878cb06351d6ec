import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// Overnight and dated pickers as notifications (issue 26): the real daemon against
/// python-dbusmock's notification server, whose recorded Notify calls say what a person reads:
/// the next day's times marked in the body and in every menu entry, the menu still in time
/// order as text, the day in the body, in English and in the session's language.
@Suite("Notification UI: overnight and dated pickers")
struct NotificationNightTests {
    /// The night shift: 22:00 to 06:00 the next day, on a day in UTC (a zone every daemon
    /// knows, whatever its own), at half-hour steps. Dated, the action keys carry the offset.
    static let nightShift: [String: DBusValue] = [
        "overnight": .boolean(true), "date": .string("2026-03-28"), "time_zone": .string("UTC"), "step": .uint32(30), "first": .string("18:00"),
        "last": .string("08:00"), "start": .string("22:00"), "end": .string("06:00"),
    ]

    /// `options` with `more` added.
    static func nightShift(_ more: [String: DBusValue]) -> [String: DBusValue] {
        nightShift.merging(more) { $1 }
    }

    /// The body's lines.
    static func lines(_ notification: MockNotificationServer.Notification) -> [String] {
        notification.body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("Stepper, English: the day first, the next day's end marked, the real duration; a step past the end moves into the next day")
    func stepperEnglish() throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let (handle, start) = try fixture.showPicker("Night", token: "night", Self.nightShift(["clock": .string("24h")]))
        #expect(Self.lines(start).prefix(4) == ["Sat 28 Mar", "Start: 22:00  ◀", "End: 06:00 (next day)", "Duration: 8 h"], "\(start.body)")

        try mock.invokeAction("default", on: start.id)
        let end = try mock.waitForNotify(summary: "Night")
        try mock.invokeAction("later", on: end.id)
        let later = try mock.waitForNotify(summary: "Night") { $0.body.contains("Duration: 8 h 30 min") }
        #expect(Self.lines(later).prefix(4) == ["Sat 28 Mar", "Start: 22:00", "End: 06:30 (next day)  ◀", "Duration: 8 h 30 min"], "\(later.body)")
        try mock.invokeAction("default", on: later.id)
        #expect(try fixture.waitForSignal("Selected", on: handle).strings == ["22:00", "06:30"])
    }

    @Test("List, English: the next day's ends lead past 24 and say \"next day\"; the menu sorts in time order as text", arguments: ["12h", "24h"])
    func listEnglish(clock: String) throws {
        let fixture = try NotificationFixture(layout: "list")
        let mock = try fixture.mock
        let (handle, starts) = try fixture.showPicker("Night menu", token: "menu", Self.nightShift(["clock": .string(clock)]))
        #expect(Self.lines(starts).first == "Sat 28 Mar", "\(starts.body)")
        try mock.invokeAction("start-22:00+00:00", on: starts.id)
        let ends = try mock.waitForNotify(summary: "Night menu")
        #expect(ends.body.contains(clock == "12h" ? "Start: 10:00 PM" : "Start: 22:00"), "\(ends.body)")
        let twelve = clock == "12h"
        #expect(ends.label(of: "end-23:30+00:00") == (twelve ? "End 23:30 · 11:30 PM (1 h 30 min)" : "End 23:30 (1 h 30 min)"), "\(ends.actionLabels)")
        #expect(ends.label(of: "end-24:30+00:00") == (twelve ? "End 24:30 · 12:30 AM (next day) (2 h 30 min)" : "End 24:30 · 00:30 (next day) (2 h 30 min)"))
        #expect(ends.label(of: "end-30:00+00:00") == (twelve ? "End 30:00 · 6:00 AM (next day) (8 h)" : "End 30:00 · 06:00 (next day) (8 h)"))
        #expect(ends.actionKeys.last == "end-32:00+00:00", "\(ends.actionKeys)")
        for locale in ["C", "C.UTF-8", "en_US.UTF-8"] {
            let sorted = try sortedAsText(ends.dunstMenuLines, locale: locale, in: fixture.bus.directory)
            #expect(sorted == ends.dunstMenuLines, "sorted in \(locale):\n\(sorted.joined(separator: "\n"))")
        }
        try mock.invokeAction("end-30:00+00:00", on: ends.id)
        #expect(try fixture.waitForSignal("Selected", on: handle).strings == ["22:00", "06:00"])
    }

    @Test("Europe/Berlin from the zone database: the spring night is 7 h; on the day the clocks go back the menu offers 02:00–02:59 twice, as hours 2A and 2B, sorted in time order, each answer with its own offset")
    func berlin() throws {
        let stepper = try NotificationFixture()
        let spring = try stepper.showPicker("Spring night", token: "spring", Self.nightShift(["time_zone": .string("Europe/Berlin"), "clock": .string("24h")])).shown
        #expect(Self.lines(spring).prefix(4) == ["Sat 28 Mar", "Start: 22:00  ◀", "End: 06:00 (next day)", "Duration: 7 h"], "\(spring.body)")

        let fixture = try NotificationFixture(layout: "list")
        let mock = try fixture.mock
        let (handle, hours) = try fixture.showPicker("Fall back", token: "fall", [
            "date": .string("2026-10-25"), "time_zone": .string("Europe/Berlin"), "step": .uint32(15), "first": .string("00:00"),
            "clock": .string("12h"),
        ])
        #expect(Self.lines(hours).first == "Sun 25 Oct", "\(hours.body)")
        #expect(hours.label(of: "start-hour-02A") == "Start 02A:00–02A:45 · 2:00–2:45 AM (CEST)…", "\(hours.actionLabels)")
        #expect(hours.label(of: "start-hour-02B") == "Start 02B:00–02B:45 · 2:00–2:45 AM (CET)…", "\(hours.actionLabels)")
        try mock.invokeAction("start-hour-02B", on: hours.id)
        let second = try mock.waitForNotify(summary: "Fall back")
        #expect(second.actionKeys == ["start-02:00+01:00", "start-02:15+01:00", "start-02:30+01:00", "start-02:45+01:00", "start-hours"], "\(second.actionKeys)")
        #expect(second.label(of: "start-02:30+01:00") == "Start 02B:30 · 2:30 AM (CET)")
        try mock.invokeAction("start-02:30+01:00", on: second.id)
        let ends = try mock.waitForNotify(summary: "Fall back")
        #expect(Self.lines(ends).prefix(2) == ["Sun 25 Oct", "Start: 2:30 AM (CET)"], "\(ends.body)")
        try mock.invokeAction("end-hour-03", on: ends.id)
        let three = try mock.waitForNotify(summary: "Fall back")
        #expect(three.label(of: "end-03:30+01:00") == "End 03:30 · 3:30 AM (1 h)", "\(three.actionLabels)")
        for menu in [hours, second, ends, three] {
            for locale in ["C", "C.UTF-8", "en_US.UTF-8", "de_DE.UTF-8"] {
                let sorted = try sortedAsText(menu.dunstMenuLines, locale: locale, in: fixture.bus.directory)
                #expect(sorted == menu.dunstMenuLines, "sorted in \(locale):\n\(sorted.joined(separator: "\n"))")
            }
        }
        try mock.invokeAction("end-03:30+01:00", on: three.id)
        #expect(try fixture.waitForSignal("Selected", on: handle).strings == ["02:30", "03:30"])
    }

    @Test("German (untranslated mark so far) and Arabic: the same marks in the session's language, after the same times; the German menu sorts in German too")
    func otherLanguages() throws {
        let catalogs = try LocaleTests.CompiledCatalogs()
        let fixture = try NotificationFixture(environment: catalogs.environment("C.UTF-8"))
        let german = try fixture.showPicker("Nachtschicht", token: "de", Self.nightShift(["locale": .string("de_DE.UTF-8")])).shown
        let germanLines = Self.lines(german)
        // The day in German as the locale writes it (the template may still be the English one).
        #expect(germanLines.first.map { $0.contains("Sa") && $0.contains("28") && $0.contains("Mär") } == true, "\(german.body)")
        #expect(germanLines.dropFirst().first == "Beginn: 22:00  ◀", "the start is the picker's day's: no mark. \(german.body)")
        let germanEnd = germanLines.dropFirst(2).first ?? ""
        #expect(germanEnd.hasPrefix("Ende: 06:00 ") && germanEnd.count > "Ende: 06:00 ".count + 2, "the end marked: \(german.body)")
        #expect(germanLines.dropFirst(3).first == "Dauer: 8 h", "\(german.body)")

        let arabic = try fixture.showPicker("مناوبة ليلية", token: "ar", Self.nightShift(["locale": .string("ar_EG.UTF-8")])).shown
        // Each time an isolated run, the mark after it, outside the run.
        let arabicEnd = Self.lines(arabic).first { $0.contains("\u{2068}6:00 ص\u{2069}") } ?? ""
        #expect(arabicEnd.range(of: "\u{2068}6:00 ص\u{2069} ") != nil, "the end and then its mark: \(arabic.body)")
        #expect(Self.lines(arabic).contains { $0.contains("\u{2068}10:00 م\u{2069}") && !$0.contains("\u{2069} (") }, "the start unmarked: \(arabic.body)")
        #expect(!arabic.body.contains("\u{FFFD}"), "\(arabic.body)")

        let list = try NotificationFixture(layout: "list", environment: catalogs.environment("C.UTF-8"))
        let starts = try list.showPicker("Nachtmenü", token: "menu", Self.nightShift(["locale": .string("de_DE.UTF-8"), "clock": .string("24h")])).shown
        try list.mock.invokeAction("start-22:00+00:00", on: starts.id)
        let ends = try list.mock.waitForNotify(summary: "Nachtmenü")
        #expect(ends.label(of: "end-23:30+00:00") == "Ende 23:30 (1 h 30 min)", "\(ends.actionLabels)")
        let sixNextDay = ends.label(of: "end-30:00+00:00") ?? ""
        #expect(sixNextDay.hasPrefix("Ende 30:00 · 06:00 ") && sixNextDay.hasSuffix(" (8 h)") && sixNextDay != "Ende 30:00 · 06:00 (8 h)",
                "led past 24, then 06:00 marked as the next day's: \(sixNextDay)")
        for locale in ["C", "C.UTF-8", "de_DE.UTF-8"] {
            let sorted = try sortedAsText(ends.dunstMenuLines, locale: locale, in: list.bus.directory)
            #expect(sorted == ends.dunstMenuLines, "sorted in \(locale):\n\(sorted.joined(separator: "\n"))")
        }
    }
}
