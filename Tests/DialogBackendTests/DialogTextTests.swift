@testable import DialogBackend
import CGtk
import Testing
import TimePickerCore

@Suite("Dialog text, parent windows and keys")
struct DialogTextTests {
    @Test("A heading is display-safe, on one line and clipped to 200 characters")
    func heading() {
        #expect(DialogText.heading("Team meeting") == "Team meeting")
        #expect(DialogText.heading("<b>x</b> &amp;") == "<b>x</b> &amp;", "plain text: nothing to escape, nothing interpreted")
        #expect(DialogText.heading("a\u{1B}[2Jb\nc\u{202E}d") == "a\u{FFFD}[2Jb c\u{FFFD}d")
        let long = DialogText.heading(String(repeating: "é", count: 10_000))
        #expect(long.count == 200)
        #expect(long.hasSuffix("é…"))
        let combining = DialogText.heading("a" + String(repeating: "\u{301}", count: 100_000))
        #expect(combining.unicodeScalars.count <= PickerOptions.maxTitleScalars + 1)
        #expect(combining.hasSuffix("…"))
        #expect(DialogText.heading(String(repeating: "x", count: 200)).count == 200)
        #expect(!DialogText.heading(String(repeating: "x", count: 200)).hasSuffix("…"))
    }

    @Test("Durations and the countdown read as a person says them")
    func durations() throws {
        #expect(DialogText.countdown(seconds: 42) == "Closes in 42 s")
        #expect(DialogText.countdown(seconds: 60) == "Closes in 1 min")
        #expect(DialogText.countdown(seconds: 125) == "Closes in 2 min 5 s")
        #expect(DialogText.countdown(seconds: 4200) == "Closes in 1 h 10 min")
        let model = try DialogRequest(
            options: ["start": .string("09:00"), "end": .string("17:30"), "step": .uint32(30), "min_duration": .uint32(90)],
            defaultClock: .twentyFourHour
        ).state.model
        #expect(DialogText.rangeLine(model) == "09:00 – 17:30 · 8 h 30 min (at least 1 h 30 min)")
        #expect(DialogText.typedLine(model, typed: "") == "")
        #expect(DialogText.typedLine(model, typed: "1730") == "Typed 1730_")
        #expect(DialogText.typedLine(model, typed: "93") == "Typed 93_ (93 is not a time)")
        #expect(DialogText.typedLine(model, typed: "1710") == "Typed 1710_ (17:10 is not on the 30-min grid: 17:00)")
    }

    @Test("parent_window: none, x11:XID in hexadecimal, wayland:HANDLE, as the daemon reads them; anything else is refused")
    func parentWindows() {
        #expect(ParentWindowID(parsing: "") == ParentWindowID.none)
        #expect(ParentWindowID(parsing: "x11:3a00007") == .x11(0x3a00007))
        #expect(ParentWindowID(parsing: "x11:0x1F") == .x11(0x1f))
        // Accepted by the daemon, so here too: no such window, the dialog shows unparented.
        #expect(ParentWindowID(parsing: "x11:20000000") == .x11(0x2000_0000))
        #expect(ParentWindowID(parsing: "x11:0xffffffff") == .x11(0xffff_ffff))
        #expect(ParentWindowID(parsing: "wayland:5f4c2d1e-aaaa-bbbb-cccc-123456789abc") == .wayland("5f4c2d1e-aaaa-bbbb-cccc-123456789abc"))
        for bad in ["x11:", "x11:0", "x11:g1", "x11:123456789", "x11:-1", "x11: 1", "wayland:", "wayland:a\tb", "mir:1", "X11:1", "1a"] {
            #expect(ParentWindowID(parsing: bad) == nil, "\(bad)")
        }
        #expect(ParentWindowID.problem(with: "x11:zz").contains("'x11:zz'"))
    }

    @Test("Keys the columns handle, and the ones left to GTK")
    func keys() {
        let none = GdkModifierType(rawValue: 0)
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Down), modifiers: none) == .event(.move(by: 1)))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_KP_Up), modifiers: none) == .event(.move(by: -1)))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Page_Down), modifiers: none) == .event(.moveByHour(1)))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Home), modifiers: none) == .event(.moveToFirst))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_End), modifiers: none) == .event(.moveToLast))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Right), modifiers: none) == .otherColumn)
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Tab), modifiers: none) == .tab(forward: true))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_ISO_Left_Tab), modifiers: GDK_SHIFT_MASK) == .tab(forward: false))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Down), modifiers: GDK_CONTROL_MASK) == nil)
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Return), modifiers: none) == nil)
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Escape), modifiers: none) == nil)
        // Typing a time: digits (the keypad's too), ':', the letters of am and pm, Backspace.
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_9), modifiers: none) == .event(.type("9")))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_KP_5), modifiers: none) == .event(.type("5")))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_colon), modifiers: GDK_SHIFT_MASK) == .event(.type(":")))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_p), modifiers: none) == .event(.type("p")))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_BackSpace), modifiers: none) == .event(.erase))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_x), modifiers: none) == nil)
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_9), modifiers: GDK_CONTROL_MASK) == nil)
    }
}
