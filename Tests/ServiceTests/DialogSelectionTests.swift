import DBusKit
import Foundation
import TestHarness
import Testing

/// The dialog a person can trust (issue 18): the row clicked stays where it was clicked, a
/// double click takes exactly that row and the window goes at once, the selection stands out
/// from the other rows and from the one under the pointer, and the range is said in words.
/// The real backend on a virtual display, the test in the daemon's place; real clicks.
@Suite("GTK dialog backend: the selection a person sees", .serialized)
struct DialogSelectionTests {
    static let handle: ObjectPath = "/io/github/timepickerd/TimePicker1/session/1_7/selection"

    /// Turns the End list's wheel down `notches` and returns the dialog with the lowest row
    /// wholly in view, which a click on should leave where it is.
    private func scrollEnd(_ fixture: DialogFixture, title: String, notches: Int) throws -> (AccessibleNode, AccessibleNode) {
        let dialog = try fixture.dialog(title)
        let pane = try #require(dialog.scrollPane(around: "End"))
        try fixture.click(pane, inWindowTitled: title, count: notches, button: 5)
        let scrolled = try fixture.dialog(title) { $0.isInView("15:00", inList: "End") }
        let scrolledPane = try #require(scrolled.scrollPane(around: "End"))
        let rows = try #require(scrolled.first(role: "list", name: "End")).children.filter { $0.isOnScreen && $0.isWithin(scrolledPane) }
        let lowest = try #require(rows.max { $0.extents[1] < $1.extents[1] })
        return (scrolled, lowest)
    }

    @Test("A click far down a scrolled list selects the row where it lies: the list does not move")
    func clickKeepsThePlace() throws {
        let fixture = try DialogFixture()
        let title = "Stay put"
        _ = try fixture.caller.showPicker(Self.handle, [
            "title": .string(title), "step": .uint32(30), "start": .string("09:00"), "end": .string("09:30"), "clock": .string("24h"),
        ])
        let (_, row) = try scrollEnd(fixture, title: title, notches: 8)
        let label = try #require(row.all.first { $0.role == "label" }?.label)
        try fixture.click(row, inWindowTitled: title)
        // The daemon's answers, the one sent before it heard of the click first: all drawn.
        try fixture.caller.pump("the Updates answered") {
            fixture.caller.events(for: Self.handle) == ["focus end", "set end \(label)"] && fixture.caller.unansweredUpdates == 0
        }
        fixture.caller.pump(seconds: 0.5)
        let dialog = try fixture.dialog(title) { $0.first(role: "list", name: "End")?.selectedItem == label }
        let after = try #require(dialog.first(role: "list", name: "End")?.item(label))
        #expect(after.extents == row.extents, "the row clicked at \(row.extents) is now at \(after.extents)")
        let pane = try #require(dialog.scrollPane(around: "End"))
        #expect(after.isWithin(pane))
    }

    @Test("A long list (step 1) scrolled far by the wheel lays out every row it reaches, keeps the keyboard on the selected row, and a click there selects the row where it lies")
    func longListScrolledFar() throws {
        let fixture = try DialogFixture()
        let title = "Far down a long list"
        _ = try fixture.caller.showPicker(Self.handle, [
            "title": .string(title), "step": .uint32(1), "first": .string("00:00"), "start": .string("12:00"), "end": .string("13:00"),
            "clock": .string("24h"),
        ])
        let opened = try fixture.dialog(title) { $0.first(role: "list", name: "Start")?.item("12:00")?.isFocused == true }
        let pane = try #require(opened.scrollPane(around: "Start"))
        // Some 50 rows down: past the rows the list held as it opened, so it holds others.
        try fixture.click(pane, inWindowTitled: title, count: 40, button: 5)
        let scrolled = try fixture.dialog(title) { dialog in
            let rows = dialog.first(role: "list", name: "Start")?.children.filter { $0.isOnScreen && $0.isWithin(pane) } ?? []
            return !rows.isEmpty && rows.allSatisfy { $0.name > "12:30" }
        }
        let start = try #require(scrolled.first(role: "list", name: "Start"))
        let inView = start.children.filter { $0.isOnScreen && $0.isWithin(pane) }.sorted { $0.extents[1] < $1.extents[1] }
        let minutes = inView.compactMap { row in
            row.all.first { $0.role == "label" }.flatMap { label in Int(label.label.prefix(2)).map { $0 * 60 + (Int(label.label.suffix(2)) ?? 0) } }
        }
        #expect(inView.count >= 8 && minutes.count == inView.count, "\(inView.map(\.name))")
        #expect(minutes == Array((minutes.first ?? 0)..<((minutes.first ?? 0) + minutes.count)), "one row a minute, none missing: \(inView.map(\.name))")
        #expect(start.item("12:00")?.isFocused == true, "the selected row kept the keyboard focus")
        #expect(fixture.caller.events(for: Self.handle).isEmpty)

        let row = try #require(inView.last)
        let label = try #require(row.all.first { $0.role == "label" }?.label)
        try fixture.click(row, inWindowTitled: title)
        try fixture.caller.pump("the Updates answered") {
            fixture.caller.events(for: Self.handle) == ["set start \(label)"] && fixture.caller.unansweredUpdates == 0
        }
        let dialog = try fixture.dialog(title) { $0.first(role: "list", name: "Start")?.selectedItem == label }
        #expect(dialog.first(role: "list", name: "Start")?.item(label)?.extents == row.extents, "the row clicked stays where it was")
        #expect(dialog.first(role: "list", name: "Start")?.item(label)?.isFocused == true)
    }

    @Test("A double click far down a scrolled list takes exactly that row, and the window is gone within a second")
    func doubleClickTakesTheRow() throws {
        let fixture = try DialogFixture()
        let title = "Double click far down"
        let watcher = try WindowMapWatcher(display: fixture.display)
        let serial = try fixture.caller.showPicker(Self.handle, [
            "title": .string(title), "step": .uint32(30), "start": .string("09:00"), "end": .string("09:30"), "clock": .string("24h"),
        ])
        let window = try watcher.waitForMap(titled: title).window
        let (_, row) = try scrollEnd(fixture, title: title, notches: 8)
        let label = try #require(row.all.first { $0.role == "label" }?.label)
        try fixture.click(row, inWindowTitled: title, count: 2)
        let clicked = WindowMapWatcher.monotonicSeconds()
        #expect(try fixture.caller.outcome(of: serial) == .init(response: 0, results: ["start": "09:00", "end": label]))
        var unmapped: WindowMapWatcher.Change?
        try waitUntil("the dialog's window to be unmapped", seconds: 10) {
            unmapped = watcher.changes.first { !$0.isMap && $0.window == window }
            return unmapped != nil
        }
        let after = try #require(unmapped).seconds - clicked
        #expect(after < 1, "the window went \(after) s after the double click")
    }

    @Test("The selected row in the accent colour, 3:1 at least against a row not selected; the row under the pointer stays apart")
    func selectionStandsOut() throws {
        let fixture = try DialogFixture()
        let title = "Contrast"
        _ = try fixture.caller.showPicker(Self.handle, [
            "title": .string(title), "step": .uint32(30), "start": .string("09:00"), "end": .string("10:00"), "clock": .string("24h"),
        ])
        var dialog = try fixture.dialog(title)
        let start = try #require(dialog.first(role: "list", name: "Start"))
        let selected = try #require(start.item("09:00"))
        let plain = try #require(start.item("10:00"))
        let hovered = try #require(start.item("11:00"))
        // Under the pointer, but not clicked.
        try fixture.display.run("/usr/bin/xdotool", try {
            let origin = try fixture.display.origin(of: fixture.display.window(titled: title))
            return ["mousemove", "--sync", String(origin.x + hovered.centre.x), String(origin.y + hovered.centre.y)]
        }())
        fixture.caller.pump(seconds: 0.5)
        dialog = try fixture.dialog(title)
        // Right of the label's text: the row's background.
        func background(_ row: AccessibleNode) throws -> (red: Int, green: Int, blue: Int) {
            try fixture.display.colour(atX: row.extents[0] + row.extents[2] * 3 / 4, y: row.centre.y, inWindowTitled: title)
        }
        let selectedColour = try background(selected)
        let plainColour = try background(plain)
        let hoveredColour = try background(hovered)
        let selection = contrast(selectedColour, plainColour)
        #expect(selection >= 3, "selected \(selectedColour) against \(plainColour): \(selection):1")
        #expect(contrast(selectedColour, hoveredColour) >= 3, "selected \(selectedColour) against hovered \(hoveredColour)")
        #expect(dialog.first(role: "list", name: "Start")?.selectedItem == "09:00", "hovering selects nothing")
    }

    @Test("The range in words under the columns, and spelled out as the lists' description, updated as the selection moves")
    func rangeInWords() throws {
        let fixture = try DialogFixture()
        let title = "In words"
        _ = try fixture.caller.showPicker(Self.handle, [
            "title": .string(title), "step": .uint32(30), "start": .string("09:00"), "end": .string("17:30"), "clock": .string("24h"),
        ])
        var dialog = try fixture.dialog(title) { $0.all.contains { $0.role == "label" && $0.label == "09:00 – 17:30 · 8 h 30 min" } }
        #expect(dialog.first(role: "list", name: "Start")?.description == "09:00 to 17:30, 8 hours 30 minutes")
        #expect(dialog.first(role: "list", name: "End")?.description == "09:00 to 17:30, 8 hours 30 minutes")
        // The focus shows from the start: the selected Start row has it.
        #expect(dialog.first(role: "list", name: "Start")?.item("09:00")?.isFocused == true)
        try fixture.press(["Tab", "Down"], inWindowTitled: title)
        dialog = try fixture.dialog(title) { $0.all.contains { $0.role == "label" && $0.label == "09:00 – 18:00 · 9 h" } }
        #expect(dialog.first(role: "list", name: "End")?.description == "09:00 to 18:00, 9 hours")
    }

    /// WCAG 2.1's contrast ratio of two sRGB colours.
    private func contrast(_ first: (red: Int, green: Int, blue: Int), _ second: (red: Int, green: Int, blue: Int)) -> Double {
        func luminance(_ colour: (red: Int, green: Int, blue: Int)) -> Double {
            let linear = [colour.red, colour.green, colour.blue].map { channel -> Double in
                let value = Double(channel) / 255
                return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        }
        let (light, dark) = (max(luminance(first), luminance(second)), min(luminance(first), luminance(second)))
        return (light + 0.05) / (dark + 0.05)
    }
}
