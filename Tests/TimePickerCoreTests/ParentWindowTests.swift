import Testing
import TimePickerCore

/// `parent_window` as the daemon and the dialog backend both read it: what xdg-desktop-portal's
/// backends take (they read an XID with `strtol(…, 16)`), without what only strtol forgives.
@Suite("ParentWindow")
struct ParentWindowTests {
    @Test("An XID in hexadecimal, with or without 0x, any 32-bit value but 0", arguments: [
        ("x11:3a00007", UInt32(0x3a00007)),
        ("x11:3A00007", 0x3a00007),
        ("x11:0x3a00007", 0x3a00007),
        ("x11:0X3A00007", 0x3a00007),
        ("x11:1", 1),
        ("x11:0x1", 1),
        ("x11:00000001", 1),
        ("x11:1fffffff", 0x1fff_ffff),
        // Above the 29 bits of an X resource id: no window has it, the dialog shows unparented.
        ("x11:20000000", 0x2000_0000),
        ("x11:ffffffff", 0xffff_ffff),
        ("x11:0xffffffff", 0xffff_ffff),
    ])
    func x11(text: String, xid: UInt32) {
        #expect(ParentWindow(text) == .x11(xid))
    }

    @Test("What is not an XID is refused", arguments: [
        "x11:", "x11:0x", "x11:0", "x11:0x0", "x11:00000000", "x11:g1", "x11:3a0000g", "x11:123456789", "x11:0x123456789",
        "x11:-1", "x11:+1", "x11: 1", "x11:1 ", "x11:0x-1", "x11:0x 1", "x11:0xx1", "x11:1a\n", "x11:١", "X11:1", "1a", "3a00007",
    ])
    func notX11(text: String) {
        #expect(ParentWindow(text) == nil)
    }

    @Test("A Wayland handle is printable ASCII, spaces and quotes included (as mutter makes them), up to 256 bytes")
    func wayland() {
        #expect(ParentWindow("wayland:AbC-123_x") == .wayland("AbC-123_x"))
        // One mutter exported on the test machine's GNOME Shell.
        #expect(ParentWindow(#"wayland:k$ 7"Q'x`\~ {a b}&;|<>*?!#%^(=)+,./:"#) == .wayland(#"k$ 7"Q'x`\~ {a b}&;|<>*?!#%^(=)+,./:"#))
        #expect(ParentWindow("wayland:" + String(repeating: "h", count: 256)) == .wayland(String(repeating: "h", count: 256)))
        for bad in ["wayland:", "wayland:a\tb", "wayland:a\nb", "wayland:é", "wayland:" + String(repeating: "h", count: 257), "Wayland:a"] {
            #expect(ParentWindow(bad) == nil, "\(bad)")
        }
    }

    @Test("The text on the bus is lower-case hexadecimal without 0x, and reads back the same")
    func text() {
        #expect(ParentWindow("x11:0X3A00007")?.text == "x11:3a00007")
        #expect(ParentWindow("x11:ffffffff")?.text == "x11:ffffffff")
        for text in ["x11:0x20000000", "x11:7", "wayland:token"] {
            let window = ParentWindow(text)
            #expect(window.flatMap { ParentWindow($0.text) } == window, "\(text)")
        }
    }
}
