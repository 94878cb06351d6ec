import DBusKit
import Foundation
import Glibc
import Testing

/// Picking in the GTK dialog backend: the real `timepickerd-gtk` on a private bus and a virtual
/// X display, the test in the daemon's place (it answers every Event with Update, as the daemon
/// does), and the person's real key presses and clicks through xdotool. Dialogs and their parts
/// are found as a screen reader finds them (AT-SPI).
@Suite("GTK dialog backend: picking", .serialized)
struct DialogPickTests {
    static let handle: ObjectPath = "/io/github/timepickerd/TimePicker1/session/1_7/pick"

    @Test("A full pick by keyboard: Down, Page Down, Tab, Down, Enter; events first, then the reply with what was shown")
    func keyboardPick() throws {
        let fixture = try DialogFixture()
        let serial = try fixture.caller.showPicker(Self.handle, [
            "title": .string("Keyboard pick"), "step": .uint32(30), "start": .string("09:00"), "end": .string("17:00"),
            "min_duration": .uint32(60), "clock": .string("24h"),
        ])
        let dialog = try fixture.dialog("Keyboard pick") { $0.all.contains { $0.role == "list item" && $0.isFocused } }
        #expect(dialog.first(role: "list", name: "Start")?.selectedItem == "09:00")
        #expect(dialog.first(role: "list", name: "End")?.selectedItem == "17:00")

        try fixture.press(["Down", "Page_Down", "Tab", "Down", "Return"], inWindowTitled: "Keyboard pick")
        let outcome = try fixture.caller.outcome(of: serial)
        #expect(fixture.caller.events(for: Self.handle) == ["move 1", "hour 1", "focus end", "move 1"])
        #expect(outcome == .init(response: 0, results: ["start": "10:30", "end": "19:00"]), "\(fixture.backend.log)")
        #expect(fixture.caller.model(Self.handle)?.start.clockText == "10:30")
        #expect(fixture.caller.model(Self.handle)?.end.clockText == "19:00")
        try fixture.waitForWindowGone("Keyboard pick")
        #expect(fixture.caller.updateErrors.allSatisfy { $0.hasPrefix("org.freedesktop.DBus.Error.UnknownObject") }, "\(fixture.caller.updateErrors)")
    }

    @Test("Keys: End, Home, Page Up, Up in a column; Right and Left between columns; Shift-Tab and Tab round the buttons")
    func keys() throws {
        let fixture = try DialogFixture()
        let serial = try fixture.caller.showPicker(Self.handle, [
            "title": .string("Keys"), "start": .string("10:00"), "end": .string("12:00"), "clock": .string("24h"),
        ])
        try fixture.dialog("Keys") { $0.first(role: "list", name: "Start")?.item("10:00")?.isFocused == true }
        try fixture.press(["End", "Home", "Right", "Page_Up", "Up", "Left"], inWindowTitled: "Keys")
        try fixture.caller.pump("six events") { fixture.caller.events(for: Self.handle).count == 6 }
        #expect(fixture.caller.events(for: Self.handle) == ["last", "first", "focus end", "hour -1", "move -1", "focus start"])
        // End took both to 24:00, Home both back to 01:00 (duration 0); the end cannot go earlier.
        var dialog = try fixture.dialog("Keys") { $0.first(role: "list", name: "End")?.selectedItem == "01:00" }
        #expect(dialog.first(role: "list", name: "Start")?.item("01:00")?.isFocused == true)
        try fixture.press(["shift+Tab"], inWindowTitled: "Keys")
        dialog = try fixture.dialog("Keys") { $0.all.contains { $0.role == "push button" && $0.name == "OK" && $0.isFocused } }
        try fixture.press(["shift+Tab", "shift+Tab"], inWindowTitled: "Keys")
        dialog = try fixture.dialog("Keys") { $0.first(role: "list", name: "End")?.item("01:00")?.isFocused == true }
        try fixture.press(["Tab", "Tab", "Tab"], inWindowTitled: "Keys")
        dialog = try fixture.dialog("Keys") { $0.first(role: "list", name: "Start")?.item("01:00")?.isFocused == true }
        #expect(!fixture.caller.isAnswered(serial), "Tab and Shift-Tab only move the focus")
        try fixture.press(["Return"], inWindowTitled: "Keys")
        #expect(try fixture.caller.outcome(of: serial) == .init(response: 0, results: ["start": "01:00", "end": "01:00"]))
    }

    @Test("A pick by mouse: a click selects a row without accepting, the end follows the start, OK accepts")
    func mousePick() throws {
        let fixture = try DialogFixture()
        let serial = try fixture.caller.showPicker(Self.handle, [
            "title": .string("Mouse pick"), "start": .string("09:00"), "end": .string("10:00"), "clock": .string("24h"),
        ])
        var dialog = try fixture.dialog("Mouse pick")
        let startRow = try #require(dialog.first(role: "list", name: "Start")?.item("11:00"))
        try fixture.click(startRow, inWindowTitled: "Mouse pick")
        // The daemon moved the end along, keeping the hour: the dialog draws it.
        dialog = try fixture.dialog("Mouse pick") { $0.first(role: "list", name: "End")?.selectedItem == "12:00" }
        #expect(dialog.first(role: "list", name: "Start")?.selectedItem == "11:00")
        #expect(!fixture.caller.isAnswered(serial), "a click selects, it does not accept")

        let endRow = try #require(dialog.first(role: "list", name: "End")?.item("14:00"))
        try fixture.click(endRow, inWindowTitled: "Mouse pick")
        dialog = try fixture.dialog("Mouse pick") { $0.first(role: "list", name: "End")?.selectedItem == "14:00" }
        #expect(!fixture.caller.isAnswered(serial))

        let ok = try #require(dialog.all.first { $0.role == "push button" && $0.name == "OK" && $0.isOnScreen })
        try fixture.click(ok, inWindowTitled: "Mouse pick")
        let outcome = try fixture.caller.outcome(of: serial)
        #expect(fixture.caller.events(for: Self.handle) == ["set start 11:00", "focus end", "set end 14:00"])
        #expect(outcome == .init(response: 0, results: ["start": "11:00", "end": "14:00"]), "\(fixture.backend.log)")
        try fixture.waitForWindowGone("Mouse pick")
    }

    @Test("A double click on a row selects it and accepts")
    func doubleClickAccepts() throws {
        let fixture = try DialogFixture()
        let serial = try fixture.caller.showPicker(Self.handle, [
            "title": .string("Double click"), "start": .string("09:00"), "end": .string("10:00"), "clock": .string("24h"),
        ])
        let dialog = try fixture.dialog("Double click")
        let row = try #require(dialog.first(role: "list", name: "End")?.item("12:00"))
        try fixture.click(row, inWindowTitled: "Double click", count: 2)
        let outcome = try fixture.caller.outcome(of: serial)
        #expect(fixture.caller.events(for: Self.handle) == ["focus end", "set end 12:00"])
        #expect(outcome == .init(response: 0, results: ["start": "09:00", "end": "12:00"]), "\(fixture.backend.log)")
    }

    @Test("The mouse wheel scrolls a list and changes nothing")
    func wheelScrolls() throws {
        let fixture = try DialogFixture()
        let serial = try fixture.caller.showPicker(Self.handle, ["title": .string("Wheel"), "clock": .string("24h")])
        var dialog = try fixture.dialog("Wheel")
        #expect(dialog.isInView("01:00", inList: "Start"))
        let pane = try #require(dialog.scrollPane(around: "Start"))
        try fixture.click(pane, inWindowTitled: "Wheel", count: 8, button: 5)
        #expect(!dialog.isInView("15:00", inList: "Start"))
        // Scrolled: a row far down comes into view (the rows scrolled away from cannot be
        // read as gone: GTK 4.8 keeps them with their old places).
        dialog = try fixture.dialog("Wheel") { $0.isInView("15:00", inList: "Start") }
        #expect(dialog.first(role: "list", name: "Start")?.selectedItem == "01:00")
        #expect(dialog.isInView("01:00", inList: "End"), "only the list under the pointer scrolled")
        #expect(fixture.caller.events(for: Self.handle).isEmpty)
        #expect(!fixture.caller.isAnswered(serial))
    }

    @Test("Escape cancels: response 1, no results")
    func escapeCancels() throws {
        let fixture = try DialogFixture()
        let serial = try fixture.caller.showPicker(Self.handle, ["title": .string("Escape")])
        try fixture.dialog("Escape")
        try fixture.press(["Escape"], inWindowTitled: "Escape")
        #expect(try fixture.caller.outcome(of: serial) == .init(response: 1, results: [:]))
        try fixture.waitForWindowGone("Escape")
    }

    @Test("Closing the window (WM_DELETE_WINDOW, as a window manager's close button) cancels: response 1")
    func closingTheWindowCancels() throws {
        let fixture = try DialogFixture()
        let serial = try fixture.caller.showPicker(Self.handle, ["title": .string("Close box")])
        try fixture.dialog("Close box")
        try fixture.closeWindow(titled: "Close box")
        #expect(try fixture.caller.outcome(of: serial) == .init(response: 1, results: [:]))
        try fixture.waitForWindowGone("Close box")
    }

    @Test("Close() takes the window down and ShowPicker answers 2 with a reason; Close again is no error")
    func closeFromTheCaller() throws {
        let fixture = try DialogFixture()
        let serial = try fixture.caller.showPicker(Self.handle, ["title": .string("Closed by the daemon")])
        try fixture.dialog("Closed by the daemon")
        try fixture.caller.close(Self.handle)
        #expect(try fixture.caller.outcome(of: serial) == .init(response: 2, results: ["reason": "closed by the caller"]))
        try fixture.waitForWindowGone("Closed by the daemon")
        #expect(try Accessibility.dialogs(on: fixture.display).isEmpty)
        try fixture.caller.close(Self.handle)
    }

    @Test("Several dialogs at once, each with its own handle, events and ending")
    func severalDialogs() throws {
        let fixture = try DialogFixture()
        let handles: [ObjectPath] = (1...3).compactMap { ObjectPath("/io/github/timepickerd/TimePicker1/session/1_7/d\($0)") }
        var serials: [UInt32] = []
        for (index, handle) in handles.enumerated() {
            serials.append(try fixture.caller.showPicker(handle, ["title": .string("Dialog \(index + 1)"), "clock": .string("24h")]))
        }
        for index in 1...3 { try fixture.dialog("Dialog \(index)") }
        #expect(try Accessibility.dialogs(on: fixture.display).count == 3)

        try fixture.caller.update(handles[1], ["start": .string("05:00"), "end": .string("07:00")])
        try fixture.dialog("Dialog 2") { $0.first(role: "list", name: "End")?.selectedItem == "07:00" }
        try fixture.caller.close(handles[0])
        #expect(try fixture.caller.outcome(of: serials[0]).response == 2)
        try fixture.press(["Escape"], inWindowTitled: "Dialog 3")
        #expect(try fixture.caller.outcome(of: serials[2]).response == 1)
        try fixture.press(["Down", "Return"], inWindowTitled: "Dialog 2")
        #expect(try fixture.caller.outcome(of: serials[1]) == .init(response: 0, results: ["start": "06:00", "end": "08:00"]))
        #expect(fixture.caller.events(for: handles[1]) == ["move 1"])
        #expect(fixture.caller.events(for: handles[0]).isEmpty)
        #expect(fixture.caller.events(for: handles[2]).isEmpty)
        for index in 1...3 { try fixture.waitForWindowGone("Dialog \(index)") }
    }

    @Test("A caller that leaves the bus has its dialogs closed; another caller's stay")
    func callerLeaves() throws {
        let fixture = try DialogFixture()
        let stays = try fixture.caller.showPicker(Self.handle, ["title": .string("Stays")])
        var leaving: BackendCaller? = try BackendCaller(bus: fixture.bus)
        _ = try leaving?.showPicker(Self.handle, ["title": .string("Leaves 1")])
        _ = try leaving?.showPicker("/io/github/timepickerd/TimePicker1/session/1_9/other", ["title": .string("Leaves 2")])
        try fixture.dialog("Leaves 1")
        try fixture.dialog("Leaves 2")
        leaving = nil
        try fixture.waitForWindowGone("Leaves 1")
        try fixture.waitForWindowGone("Leaves 2")
        try fixture.dialog("Stays")
        #expect(!fixture.caller.isAnswered(stays))
        try fixture.caller.close(Self.handle)
        #expect(try fixture.caller.outcome(of: stays).response == 2)
    }
}
