import DBusKit
import Foundation
import TestHarness
import Testing

/// The person asks for more time (`timeout_extensions`) in the terminal picker, on a real
/// pseudo-terminal, against the real daemon on a private bus.
@Suite("Extending the time limit: the daemon on a pseudo-terminal")
struct TimeExtensionTests {
    @Test("+ gives the whole timeout again from then, once as allowed; the session then times out")
    func extendedOnceThenRefused() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let opened = Date()
        let handle = try fixture.client.showTimePicker(["timeout": .uint32(2), "timeout_extensions": .uint32(1)])
        try screen.waitForScreen(containing: "+ more time")
        // A second into the limit, so that the session would have ended a second from now.
        try screen.waitForScreen(containing: "Closes in 0:01")
        // Before the key: the daemon counts the new limit from when it reads it, later.
        let extended = Date()
        screen.type("+")
        // The countdown starts again from the whole timeout, and no more extension is offered.
        try waitUntil("the countdown back at 0:02 without '+ more time'") {
            let shown = screen.currentScreen
            return shown.contains("Closes in 0:02") && !shown.contains("more time")
        }
        try screen.waitForScreen(containing: "Closes in 0:01")
        // A second extension is refused: the time limit stays where the first put it.
        let refused = Date()
        screen.type("+")
        let cancelled = try fixture.client.waitForSignal("Cancelled", path: handle, seconds: 15)
        let ended = Date()
        #expect(cancelled.strings == ["timeout"])
        // Not before the extended limit: two seconds from the '+'.
        #expect(ended.timeIntervalSince(extended) >= 1.98, "ended \(ended.timeIntervalSince(extended)) s after the extension")
        #expect(ended.timeIntervalSince(opened) >= 2.9, "ended \(ended.timeIntervalSince(opened)) s after the call")
        // Had the second '+' counted, the end would be two seconds after it, not one.
        #expect(ended.timeIntervalSince(refused) < 1.9, "ended \(ended.timeIntervalSince(refused)) s after the second '+'")
        #expect(fixture.daemon.log.components(separatedBy: "extended the time limit").count == 2, "log:\n\(fixture.daemon.log)")
    }

    @Test("Without extensions, + changes nothing and the help line offers none")
    func noExtensions() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let handle = try fixture.client.showTimePicker(["timeout": .uint32(2)])
        try screen.waitForScreen(containing: "Closes in 0:01")
        #expect(!screen.currentScreen.contains("more time"))
        screen.type("+")
        let pressed = Date()
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle, seconds: 15).strings == ["timeout"])
        #expect(Date().timeIntervalSince(pressed) < 1.9)
        #expect(!fixture.daemon.log.contains("extended the time limit"))
    }
}
