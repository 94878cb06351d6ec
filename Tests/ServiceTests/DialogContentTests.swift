import TestHarness
import DBusKit
import Foundation
import Testing

/// What the GTK dialog shows, read through the accessibility bus as a screen reader reads it:
/// the lists' items, their selection, the labels, the heading, the countdown.
@Suite("GTK dialog backend: what the dialog shows", .serialized)
struct DialogContentTests {
    static let handle: ObjectPath = "/io/github/timepickerd/TimePicker1/session/1_7/show"

    @Test("The End list offers only ends at least min_duration after the start, and follows the start")
    func endListRespectsMinDuration() throws {
        let fixture = try DialogFixture()
        _ = try fixture.caller.showPicker(Self.handle, [
            "title": .string("Minimum"), "step": .uint32(30), "start": .string("09:00"), "end": .string("11:00"),
            "min_duration": .uint32(90), "clock": .string("24h"),
        ])
        var dialog = try fixture.dialog("Minimum")
        var ends = try #require(dialog.first(role: "list", name: "End")).items.map(\.label)
        #expect(ends.first == "10:30")
        #expect(ends.last == "24:00")
        #expect(ends.count == 28)
        let starts = try #require(dialog.first(role: "list", name: "Start")).items.map(\.label)
        #expect(starts.first == "01:00")
        #expect(starts.last == "22:30", "the last start leaves room for 90 minutes")
        #expect(dialog.all.contains { $0.label == "09:00 – 11:00 · 2 h (at least 1 h 30 min)" })

        try fixture.caller.update(Self.handle, ["start": .string("12:00"), "end": .string("14:00")])
        dialog = try fixture.dialog("Minimum") { $0.first(role: "list", name: "End")?.selectedItem == "14:00" }
        ends = try #require(dialog.first(role: "list", name: "End")).items.map(\.label)
        #expect(ends.first == "13:30")
        #expect(ends.allSatisfy { $0 >= "13:30" }, "\(ends)")
        try fixture.caller.update(Self.handle, ["start": .string("02:00"), "end": .string("04:00")])
        dialog = try fixture.dialog("Minimum") { $0.first(role: "list", name: "End")?.selectedItem == "04:00" }
        ends = try #require(dialog.first(role: "list", name: "End")).items.map(\.label)
        #expect(ends.first == "03:30")
        #expect(ends.count == 42)
    }

    @Test("Labels as the clock option says: 12-hour and 24-hour")
    func clockLabels() throws {
        let fixture = try DialogFixture()
        _ = try fixture.caller.showPicker(Self.handle, ["title": .string("Twelve"), "clock": .string("12h"), "start": .string("12:00")])
        _ = try fixture.caller.showPicker("/io/github/timepickerd/TimePicker1/session/1_7/other", [
            "title": .string("Twenty-four"), "clock": .string("24h"), "start": .string("12:00"),
        ])
        let twelve = try fixture.dialog("Twelve")
        let twelveStarts = try #require(twelve.first(role: "list", name: "Start")).items.map(\.label)
        #expect(twelveStarts.prefix(3) == ["1:00 AM", "2:00 AM", "3:00 AM"])
        #expect(twelve.first(role: "list", name: "Start")?.selectedItem == "12:00 PM")
        #expect(twelve.first(role: "list", name: "End")?.items.last?.label == "midnight", "24:00 reads midnight")
        let twentyFour = try fixture.dialog("Twenty-four")
        #expect(twentyFour.first(role: "list", name: "Start")?.items.first?.label == "01:00")
        #expect(twentyFour.first(role: "list", name: "Start")?.selectedItem == "12:00")
        #expect(twentyFour.first(role: "list", name: "End")?.items.last?.label == "24:00")
    }

    @Test("A hostile title is shown as plain text, neutralised and clipped; the window and lists keep their names")
    func hostileTitle() throws {
        let fixture = try DialogFixture()
        let title = "<b>bold</b> &amp; \u{1B}[31mred\u{1B}[0m\u{202E}evil\nline " + String(repeating: "A", count: 10_000)
        let serial = try fixture.caller.showPicker(Self.handle, ["title": .string(title)])
        let dialog = try #require(
            try waitForDialog(on: fixture) { $0.name.hasPrefix("<b>bold</b>") })
        #expect(dialog.name.hasPrefix("<b>bold</b> &amp; \u{FFFD}[31mred\u{FFFD}[0m\u{FFFD}evil line AAA"), "markup and escapes shown as text")
        #expect(!dialog.name.contains("\u{1B}") && !dialog.name.contains("\u{202E}") && !dialog.name.contains("\n"))
        #expect(dialog.name.count == 200)
        #expect(dialog.name.hasSuffix("A…"))
        #expect(dialog.all.contains { $0.role == "label" && $0.label == dialog.name }, "the heading")
        #expect(dialog.first(role: "list", name: "Start") != nil)
        #expect(dialog.all.contains { $0.role == "push button" && $0.name == "Cancel" })
        try fixture.caller.close(Self.handle)
        #expect(try fixture.caller.outcome(of: serial).response == 2)
    }

    @Test("Update moves the selection, the keyboard follows a focus the daemon moved, and the countdown shows")
    func updateRedraws() throws {
        let fixture = try DialogFixture()
        _ = try fixture.caller.showPicker(Self.handle, ["title": .string("Updates"), "clock": .string("24h")])
        try fixture.dialog("Updates") { $0.first(role: "list", name: "Start")?.item("01:00")?.isFocused == true }
        #expect(try fixture.dialog("Updates").all.allSatisfy { !$0.label.hasPrefix("Closes in") || !$0.isOnScreen })

        try fixture.caller.update(Self.handle, ["start": .string("20:00"), "end": .string("23:00"), "focus": .string("end"), "timeout": .uint32(42)])
        let dialog = try fixture.dialog("Updates") { dialog in
            dialog.first(role: "list", name: "End")?.item("23:00")?.isFocused == true
        }
        #expect(dialog.first(role: "list", name: "Start")?.selectedItem == "20:00")
        #expect(dialog.first(role: "list", name: "End")?.selectedItem == "23:00")
        // Scrolled into view: the list view had never laid out a row for 20:00 (it opened at
        // 01:00), so a place for it within the pane is where it is drawn now. The converse
        // cannot be read: GTK 4.8 keeps the rows it scrolled away from with their old places.
        #expect(dialog.isInView("20:00", inList: "Start"), "scrolled into view")
        #expect(dialog.isInView("23:00", inList: "End"))
        #expect(dialog.all.contains { $0.label == "20:00 – 23:00 · 3 h" })
        let countdown = dialog.all.first { $0.label.hasPrefix("Closes in") }
        #expect(["Closes in 42 s", "Closes in 41 s", "Closes in 40 s"].contains(countdown?.label ?? ""), "\(countdown?.label ?? "none")")
    }

    @Test("A long list (step 1: 1,441 slots) reads as a list of list items, in order, held for the rows around the selection only; keys bring the next row")
    func longListForAScreenReader() throws {
        let fixture = try DialogFixture()
        _ = try fixture.caller.showPicker(Self.handle, [
            "title": .string("Long list"), "step": .uint32(1), "first": .string("00:00"), "start": .string("12:00"),
            "end": .string("13:00"), "clock": .string("24h"),
        ])
        var dialog = try fixture.dialog("Long list") { $0.first(role: "list", name: "Start")?.item("12:00")?.isFocused == true }
        let start = try #require(dialog.first(role: "list", name: "Start"))
        print("  a list of 1,441 slots: \(start.items.count) list items for a screen reader")
        #expect(start.selectedItem == "12:00")
        #expect(dialog.isInView("12:00", inList: "Start"))
        #expect(dialog.isInView("13:00", inList: "End"))
        // The rows in view, six more on each side and a row of each shape of label
        // (`SlotWindow`): GTK 4.8's list view made 206 of a list it held whole, a list box 1,441.
        #expect(start.items.count <= 30, "\(start.items.count) rows")
        #expect(start.items.map(\.label) == start.items.map(\.label).sorted(), "the items in time order")
        #expect(start.items.map(\.label).contains("11:59") && start.items.map(\.label).contains("12:01"))
        try fixture.press(["Down", "Page_Down"], inWindowTitled: "Long list")
        dialog = try fixture.dialog("Long list") { $0.first(role: "list", name: "Start")?.item("13:01")?.isFocused == true }
        #expect(dialog.first(role: "list", name: "Start")?.selectedItem == "13:01")
        #expect(dialog.isInView("13:01", inList: "Start"))
    }

    private func waitForDialog(on fixture: DialogFixture, where condition: @escaping (AccessibleNode) -> Bool) throws -> AccessibleNode? {
        var found: AccessibleNode?
        try waitUntil("the dialog") {
            found = try Accessibility.dialogs(on: fixture.display).first(where: condition)
            return found != nil
        }
        return found
    }
}
