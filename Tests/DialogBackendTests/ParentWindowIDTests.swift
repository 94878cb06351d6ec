import DialogBackend
import Testing

@Suite("Parent windows")
struct ParentWindowIDTests {
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
}
