import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// On KDE Plasma 5.27's notification server, plasmashell, on a virtual display (`make
/// test-desktops`): it offers a reply field (`inline-reply`), opened by the action's button
/// ("Choose"); what is typed there and sent (Enter or Send) comes back as NotificationReplied.
/// A person who types the range picks a workday in three moves where the buttons take eighteen.
@Suite("Desktop: KDE Plasma", .serialized)
struct PlasmaDesktopTests {
    /// A picker shown on Plasma, with the person's moves counted.
    final class Picking {
        let bus: PrivateBus
        let plasma: PlasmaShell
        let daemon: DaemonProcess
        let client: BusClient
        let handle: ObjectPath
        /// Each click, each typed text and each key pressed.
        private(set) var moves = 0

        init(_ title: String) throws {
            bus = try PrivateBus()
            plasma = try PlasmaShell(bus: bus)
            daemon = try DaemonProcess.serving(on: bus, arguments: ["--ui", "notification", "--verbose"], environment: plasma.environment)
            client = try BusClient(bus: bus)
            try client.subscribeToSessions()
            handle = try client.showTimePicker(["title": .string(title), "step": .uint32(30), "clock": .string("24h")])
        }

        deinit { daemon.stop() }

        func click(_ button: PlasmaShell.Popup.Button) throws {
            moves += 1
            try plasma.click(x: button.x, y: button.y)
        }

        /// A click on the popup's body (on its title): Plasma's `default`.
        func clickBody(of popup: PlasmaShell.Popup) throws {
            moves += 1
            try plasma.click(x: try #require(popup.x), y: try #require(popup.y))
        }

        func type(_ text: String) throws {
            moves += 1
            try plasma.type(text)
        }

        func key(_ keys: String) throws {
            moves += 1
            try plasma.key(keys)
        }

        /// Presses the popup's Choose, and waits for the reply field it opens, with the keys.
        func openReplyField(of title: String) throws -> PlasmaShell.Popup {
            let shown = try plasma.waitForPopup("titled \(title) with its Choose button") { popup in
                popup.title == title && popup.button("Choose") != nil
            }
            try click(try #require(shown.button("Choose")))
            return try plasma.waitForPopup("with its reply field open and focused") { popup in
                popup.title == title && popup.fields.contains { $0.focused }
            }
        }

        /// Waits for the reply field to hold `text` (the keys typed have all arrived).
        func waitForField(holding text: String, in title: String) throws -> PlasmaShell.Popup {
            try plasma.waitForPopup("whose reply field holds \(text.debugDescription)") { popup in
                popup.title == title && popup.fields.first?.text == text
            }
        }
    }

    @Test("09:00–17:30 typed in the reply field: Choose, 9-17:30, Enter (3 moves, where the buttons take 18); the popup goes")
    func typedRange() throws {
        let picking = try Picking("Workday")
        defer { if Test.current != nil { print("daemon log:\n\(picking.daemon.log)") } }
        let shown = try picking.plasma.waitForPopup("titled Workday with its Choose button") { $0.title == "Workday" && $0.button("Choose") != nil }
        #expect(shown.text.contains("Or type the range, such as 9-17:30."), "\(shown.text)")
        try picking.plasma.display.screenshot(to: GnomeShellDesktopTests.screenshot("plasma-reply-shown"))

        let open = try picking.openReplyField(of: "Workday")
        let field = try #require(open.fields.first)
        #expect(field.text == "" && field.placeholder == "9-17:30", "the hint x-kde-reply-placeholder-text: \(field)")
        try picking.plasma.display.screenshot(to: GnomeShellDesktopTests.screenshot("plasma-reply-field"))
        try picking.type("9-17:30")
        _ = try picking.waitForField(holding: "9-17:30", in: "Workday")
        try picking.plasma.display.screenshot(to: GnomeShellDesktopTests.screenshot("plasma-reply-typed"))
        try picking.key("Return")

        let selected = try picking.client.waitForSignal("Selected", path: picking.handle, seconds: 30)
        #expect(selected.strings == ["09:00", "17:30"], "\(picking.daemon.log)")
        #expect(picking.moves == 3)
        try waitUntil("the popup is gone", seconds: 10) { try picking.plasma.popups().allSatisfy { $0.title != "Workday" } }
        #expect(picking.client.receivedSignals("Cancelled").isEmpty, "\(picking.daemon.log)")
    }

    @Test("A line that is no range is answered in the same popup, the field keeping what was typed; a guess is shown and a click on the body takes it")
    func wrongThenGuess() throws {
        let picking = try Picking("Again")
        defer { if Test.current != nil { print("daemon log:\n\(picking.daemon.log)") } }
        _ = try picking.openReplyField(of: "Again")
        try picking.type("after lunch")
        _ = try picking.waitForField(holding: "after lunch", in: "Again")
        try picking.key("Return")

        let told = try picking.plasma.waitForPopup("saying why it took nothing") { $0.title == "Again" && $0.text.contains("is not a range") }
        #expect(told.text.hasPrefix("'after lunch' is not a range: type one such as 9-17:30."), "\(told.text)")
        let kept = try #require(told.fields.first, "the field stays open after an update in place: \(told)")
        #expect(kept.text == "after lunch" && kept.focused, "\(kept)")
        try picking.plasma.display.screenshot(to: GnomeShellDesktopTests.screenshot("plasma-reply-not-a-range"))

        try picking.key("ctrl+a")
        try picking.type("9:10-17:30")
        _ = try picking.waitForField(holding: "9:10-17:30", in: "Again")
        try picking.key("Return")
        let read = try picking.plasma.waitForPopup("showing what it read") { $0.title == "Again" && $0.text.contains("Read as") }
        #expect(read.text.hasPrefix("Read as 09:00–17:30 (09:10 is not on the 30-min grid: 09:00): click this notification to take it."),
                "no OK button on Plasma: \(read.text)")
        #expect(picking.client.receivedSignals("Selected").isEmpty, "a guess is not taken unseen")
        try picking.plasma.display.screenshot(to: GnomeShellDesktopTests.screenshot("plasma-reply-read-as"))
        try picking.clickBody(of: read)

        let selected = try picking.client.waitForSignal("Selected", path: picking.handle, seconds: 30)
        #expect(selected.strings == ["09:00", "17:30"], "\(picking.daemon.log)")
        #expect(picking.moves == 7, "Choose, the text, Enter, select all, the text, Enter, the body")
    }
}
