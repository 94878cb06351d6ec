import DBusKit
import Foundation
import Testing

/// The GTK dialog as a screen reader meets it (issue 31): the real backend on a virtual display,
/// the test in the daemon's place, real keys, and what Orca reads taken from the accessibility
/// bus: each row's name, the descriptions said with the focused row and OK, and the events a
/// screen reader follows (which list's selection changed, where the focus went).
///
/// Orca 43 itself runs in `make test-desktops` (`ScreenReaderDesktopTests`: once per Unix user,
/// so not beside the other tests); these are the facts it reads, and `Orca speaks` in each test
/// says what it said with them.
@Suite("GTK dialog backend: what a screen reader says", .serialized)
struct DialogScreenReaderTests {
    static let handle: ObjectPath = "/io/github/timepickerd/TimePicker1/session/1_7/speech"

    static let teamMeeting: [String: DBusValue] = [
        "title": .string("Team meeting"), "step": .uint32(30), "start": .string("09:00"), "end": .string("17:30"),
        "clock": .string("12h"),
    ]

    /// The list items of the list `name`, top to bottom.
    static func rows(_ dialog: AccessibleNode, _ name: String) -> [AccessibleNode] {
        dialog.first(role: "list", name: name)?.children.filter { $0.role == "list item" } ?? []
    }

    /// The selected row of the list `name`.
    static func selectedRow(_ dialog: AccessibleNode, _ name: String) -> AccessibleNode? {
        rows(dialog, name).first(where: \.isSelected)
    }

    @Test("Each row has a name a person understands alone; the focused row says the range, its length and the time limit; OK says what it returns; nothing stray")
    func namesAndDescriptions() throws {
        // Orca speaks: 'Team meeting dialog' 'Start.' 'List with 47 items.' '9:00 AM.'
        // '9:00 AM to 5:30 PM, 8 hours 30 minutes. Closes in 45 seconds.'
        let fixture = try DialogFixture()
        _ = try fixture.caller.showPicker(Self.handle, Self.teamMeeting.merging(["timeout": .uint32(45)]) { $1 })
        let dialog = try fixture.dialog("Team meeting") { Self.selectedRow($0, "Start")?.description.isEmpty == false }

        let starts = Self.rows(dialog, "Start")
        #expect(starts.count == 47)
        #expect(starts.allSatisfy { row in row.name == row.all.first { $0.role == "label" }?.text }, "a start row is named by its time")
        #expect(starts.first?.name == "1:00 AM")
        let ends = Self.rows(dialog, "End")
        #expect(ends.count == 31, "9:00 AM to midnight: the list's count is its rows")
        #expect(ends.first { $0.isSelected }?.name == "5:30 PM, 8 hours 30 minutes")
        #expect(ends.first?.name == "9:00 AM, 0 minutes")
        #expect(ends.last?.name == "midnight, 15 hours")
        #expect(ends.allSatisfy { row in row.name.hasPrefix((row.all.first { $0.role == "label" }?.text ?? "?") + ", ") })

        let said = "9:00 AM to 5:30 PM, 8 hours 30 minutes"
        let start = try #require(Self.selectedRow(dialog, "Start"))
        #expect(start.isFocused)
        #expect(start.description == said + ". Closes in 45 seconds", "the range, its length and the time limit, with the row the dialog opens on")
        #expect(Self.selectedRow(dialog, "End")?.description == start.description)
        #expect(starts.filter { !$0.isSelected }.allSatisfy { $0.description.isEmpty }, "only the selected row says the range")

        let buttons = dialog.all.filter { $0.role == "push button" }
        #expect(buttons.map(\.name).sorted() == ["Cancel", "OK"], "one Cancel and one OK: AdwMessageDialog's unused layout is hidden")
        #expect(buttons.allSatisfy { $0.isOnScreen })
        #expect(buttons.first { $0.name == "OK" }?.description == "Returns " + said)
        #expect(!dialog.all.contains { $0.name == "GtkLabel" || ($0.role == "label" && $0.label.isEmpty) }, "no empty label for a screen reader to name")
    }

    @Test("A move in Start after visiting End is told in Start alone: End's selection moves without a SelectionChanged, the focus stays, End's count stays true")
    func startMovesNeverMoveTheScreenReader() throws {
        // Orca speaks for the Down: '9:30 AM.' '9:30 AM to 6:00 PM, 8 hours 30 minutes.'
        // (before: '9:30 AM.' 'End.' 'List with 30 items.' '6:00 PM.')
        let fixture = try DialogFixture()
        _ = try fixture.caller.showPicker(Self.handle, Self.teamMeeting)
        try fixture.dialog("Team meeting") { Self.selectedRow($0, "Start")?.isFocused == true }
        try fixture.press(["Tab", "shift+Tab"], inWindowTitled: "Team meeting")
        try fixture.dialog("Team meeting") { Self.selectedRow($0, "Start")?.isFocused == true }

        let recorder = try AccessibleEventRecorder(on: fixture.display)
        try fixture.press(["Down"], inWindowTitled: "Team meeting")
        let dialog = try fixture.dialog("Team meeting") { dialog in
            Self.selectedRow(dialog, "End")?.name == "6:00 PM, 8 hours 30 minutes" && Self.selectedRow(dialog, "Start")?.isFocused == true
        }
        #expect(Self.selectedRow(dialog, "Start")?.name == "9:30 AM")
        #expect(Self.selectedRow(dialog, "Start")?.description == "9:30 AM to 6:00 PM, 8 hours 30 minutes")
        #expect(Self.rows(dialog, "End").count == 30, "9:30 AM to midnight")
        #expect(Self.rows(dialog, "End").filter(\.isSelected).count == 1)
        // The backend drew End before the recorder read the tree back: its events are in.
        let events = recorder.events
        #expect(events.contains { $0.type == "object:state-changed:focused" && $0.detail1 == 1 && $0.name == "9:30 AM" }, "\(events.map(\.type))")
        #expect(!events.contains { $0.type == "object:selection-changed" && $0.name == "End" }, "End's selection moved quietly: \(events.filter { $0.name == "End" }.map(\.type))")
        #expect(!events.contains { $0.type == "object:state-changed:focused" && $0.parentName == "End" })
        #expect(events.contains { $0.type == "object:selection-changed" && $0.name == "Start" }, "Start's own move is told")
    }

    @Test("A typed time that is no time is said with the focused row: 99 is not a time (the real daemon reads the typing)")
    func typedNote() throws {
        // 99 can become no time; 25 could still become 2:50 and says nothing (issue 39).
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        _ = try fixture.client.showTimePicker(Self.teamMeeting)
        try fixture.dialog("Team meeting") { Self.selectedRow($0, "Start")?.isFocused == true }
        try fixture.press(["9", "9"], inWindowTitled: "Team meeting")
        let dialog = try fixture.dialog("Team meeting") { Self.selectedRow($0, "Start")?.description.hasPrefix("99 is not a time") == true }
        #expect(Self.selectedRow(dialog, "Start")?.description == "99 is not a time. 9:00 AM to 5:30 PM, 8 hours 30 minutes")
        #expect(Self.selectedRow(dialog, "Start")?.isFocused == true)
    }

    @Test("The time limit is warned of once near its end, through the focused row, not every second")
    func timeLimitWarning() throws {
        // Orca speaks, 20 seconds before the end: 'Closes in 20 seconds. 9:00 AM to 5:30 PM, 8 hours 30 minutes'
        let fixture = try DialogFixture()
        _ = try fixture.caller.showPicker(Self.handle, Self.teamMeeting.merging(["timeout": .uint32(32)]) { $1 })
        try fixture.dialog("Team meeting") { Self.selectedRow($0, "Start")?.isFocused == true }
        let recorder = try AccessibleEventRecorder(on: fixture.display)
        let dialog = try Accessibility.dialog("Team meeting", on: fixture.display, seconds: 25) { dialog in
            Self.selectedRow(dialog, "Start")?.description.hasPrefix("Closes in 20 seconds") == true
        }
        #expect(Self.selectedRow(dialog, "Start")?.description == "Closes in 20 seconds. 9:00 AM to 5:30 PM, 8 hours 30 minutes")
        let said = recorder.events.filter { $0.type == "object:property-change:accessible-description" && $0.role == "list item" }
        #expect(said.count <= 2, "one change per column's selected row, not one a second: \(said.map(\.description))")
    }

    @Test("With extensions left, More time is a named button beside the countdown, Alt+M asks for it, and the time limit says how")
    func moreTime() throws {
        // Orca speaks, as the dialog opens: '9:00 AM to 5:30 PM, 8 hours 30 minutes. Closes in 40 seconds. Press Alt+M for more time.'
        let fixture = try DialogFixture()
        _ = try fixture.caller.showPicker(
            Self.handle, Self.teamMeeting.merging(["timeout": .uint32(40), "timeout_extensions": .uint32(1)]) { $1 })
        let dialog = try fixture.dialog("Team meeting") { Self.selectedRow($0, "Start")?.isFocused == true }
        let said = "9:00 AM to 5:30 PM, 8 hours 30 minutes"
        #expect(Self.selectedRow(dialog, "Start")?.description == said + ". Closes in 40 seconds. Press Alt+M for more time")
        let button = try #require(dialog.first(role: "push button", name: "More time"), "a button named More time")
        #expect(button.isOnScreen)
        #expect(button.description.isEmpty, "not a response button: no range, no warning")
        #expect(dialog.all.filter { $0.role == "push button" }.map(\.name).sorted() == ["Cancel", "More time", "OK"])

        // Alt+M with the keyboard in a list: the event goes to the daemon, which answers with
        // the whole time again and no extension left; the button goes.
        try fixture.press(["alt+m"], inWindowTitled: "Team meeting")
        try fixture.caller.pump("the event 'extend'") { fixture.caller.events(for: Self.handle).contains("extend") }
        try fixture.caller.update(Self.handle, ["timeout": .uint32(40), "timeout_extensions": .uint32(0)])
        // The new limit is said with the focused row, with no more offer of more time.
        _ = try Accessibility.dialog("Team meeting", on: fixture.display) { dialog in
            dialog.first(role: "push button", name: "More time")?.isOnScreen != true
                && Self.selectedRow(dialog, "Start")?.description == "Closes in 40 seconds. " + said
        }
    }

    @Test("A countdown that reaches 0 before the daemon closes the dialog says the time is up, on screen and with the focused row")
    func timeIsUp() throws {
        // Orca speaks: 'Time is up. 9:00 AM to 5:30 PM, 8 hours 30 minutes'
        let fixture = try DialogFixture()
        _ = try fixture.caller.showPicker(Self.handle, Self.teamMeeting.merging(["timeout": .uint32(2)]) { $1 })
        let dialog = try Accessibility.dialog("Team meeting", on: fixture.display, seconds: 20) { dialog in
            Self.selectedRow(dialog, "Start")?.description.hasPrefix("Time is up") == true
        }
        #expect(Self.selectedRow(dialog, "Start")?.description == "Time is up. 9:00 AM to 5:30 PM, 8 hours 30 minutes")
        #expect(dialog.all.contains { $0.role == "label" && $0.text == "Time is up" && $0.isOnScreen })
    }

    @Test("Next-day rows say so; in Arabic no name or description carries the isolates the labels keep")
    func nextDayAndIsolates() throws {
        let fixture = try DaemonDialogFixture(daemonArguments: ["--ui", "dialog", "--verbose"])
        _ = try fixture.client.showTimePicker([
            "title": .string("Night"), "overnight": .boolean(true), "step": .uint32(60), "first": .string("18:00"),
            "last": .string("08:00"), "start": .string("22:00"), "end": .string("06:00"), "clock": .string("24h"),
        ])
        let night = try fixture.dialog("Night") { Self.selectedRow($0, "End") != nil }
        #expect(night.first(role: "list", name: "End")?.items.first?.label == "22:00", "\(fixture.logs)")
        #expect(Self.selectedRow(night, "End")?.name == "06:00 (next day), 8 hours")
        #expect(Self.selectedRow(night, "Start")?.description == "22:00 to 06:00 (next day), 8 hours")

        _ = try fixture.client.showTimePicker(["title": .string("اجتماع"), "locale": .string("ar_EG.UTF-8"), "start": .string("09:00")])
        let dialog = try Accessibility.dialog("اجتماع", on: fixture.display, seconds: 20) { Self.selectedRow($0, "Start")?.description.isEmpty == false }
        let isolates: Set<Unicode.Scalar> = ["\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"]
        let spoken = dialog.all.flatMap { [$0.name, $0.description] }
        #expect(spoken.allSatisfy { !$0.unicodeScalars.contains(where: isolates.contains) }, "\(spoken.filter { $0.unicodeScalars.contains(where: isolates.contains) })")
        #expect(dialog.all.contains { $0.role == "label" && $0.text.unicodeScalars.contains("\u{2068}") }, "the labels on screen keep them")
        #expect(Self.selectedRow(dialog, "Start")?.name.isEmpty == false)
    }
}
