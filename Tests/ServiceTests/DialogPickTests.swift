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
        #expect(fixture.caller.model(Self.handle)?.start.busText == "10:30")
        #expect(fixture.caller.model(Self.handle)?.end.busText == "19:00")
        try fixture.waitForWindowGone("Keyboard pick")
        #expect(fixture.caller.updateErrors.allSatisfy { $0.hasPrefix("org.freedesktop.DBus.Error.UnknownObject") }, "\(fixture.caller.updateErrors)")
    }
}
