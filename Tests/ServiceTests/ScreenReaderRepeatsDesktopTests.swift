import DBusKit
import Foundation
import TestHarness
import Testing

/// What Orca should say once, not twice (issue 39, item 9): the range on entering End, and what
/// OK returns. Not fixed yet, kept as known issues: Orca's debug log shows GTK 4.8 putting the
/// row or button on the accessibility bus only as it first takes the focus (children-changed:add
/// on its parent), and sending then, after the focus events, the name and description set while
/// it was not there as property changes; Orca says the focused object's new description again.
/// Part of `ScreenReaderDesktopTests`, whose tests run one at a time (one Orca per user).
extension ScreenReaderDesktopTests {
    @Test("Entering End says the range once; OK says what it returns once")
    func saidOnce() throws {
        let title = "Said once"
        let (fixture, orca, _) = try open([
            "step": .uint32(30), "start": .string("09:00"), "end": .string("17:30"), "clock": .string("12h"),
        ], title: title)
        let end = try press("Tab", fixture, orca, title: title)
        #expect(end.contains { $0.hasPrefix("9:00 AM to 5:30 PM") }, "\(end)")
        withKnownIssue("issue 39, item 9: the range is said twice on entering End") {
            #expect(end.filter { $0.hasPrefix("9:00 AM to 5:30 PM") }.count == 1, "\(end)")
        }
        _ = try press("Tab", fixture, orca, title: title)
        let ok = try press("Tab", fixture, orca, title: title)
        #expect(ok.contains { $0.hasPrefix("Returns 9:00 AM to 5:30 PM") }, "\(ok)")
        withKnownIssue("issue 39, item 9: what OK returns is said twice") {
            #expect(ok.filter { $0.hasPrefix("Returns 9:00 AM to 5:30 PM") }.count == 1, "\(ok)")
        }
    }
}
