import DBusKit
import Foundation
import TestHarness
import Testing

/// The person asks for more time (`timeout_extensions`) in the terminal picker, on a real
/// pseudo-terminal, against the real daemon on a private bus.
@Suite("Extending the time limit: the daemon on a pseudo-terminal")
struct TimeExtensionTests {
    /// The session's timeout: 2 s, or 6 under a sanitizer, where a frame can take longer than a
    /// second to reach the screen (the key must reach the daemon before the limit runs out).
    static let timeout = SanitizerBuild.measuresFigures ? 2 : 6

    @Test("+ gives the whole timeout again from then, once as allowed; the session then times out")
    func extendedOnceThenRefused() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let timeout = Self.timeout
        let opened = Date()
        let handle = try fixture.client.showTimePicker(["timeout": .uint32(UInt32(timeout)), "timeout_extensions": .uint32(1)])
        try screen.waitForScreen(containing: "+ more time")
        // A second into the limit, so that the session would have ended a second from now.
        try screen.waitForScreen(containing: "Closes in 0:0\(timeout - 1)")
        // Before the key: the daemon counts the new limit from when it reads it, later.
        let extended = Date()
        screen.type("+")
        // The countdown starts again from the whole timeout, and no more extension is offered.
        try waitUntil("the countdown back at 0:0\(timeout) without '+ more time'") {
            let shown = screen.currentScreen
            return shown.contains("Closes in 0:0\(timeout)") && !shown.contains("more time")
        }
        try screen.waitForScreen(containing: "Closes in 0:0\(timeout - 1)")
        // A second extension is refused: the time limit stays where the first put it.
        let refused = Date()
        screen.type("+")
        let cancelled = try fixture.client.waitForSignal("Cancelled", path: handle, seconds: 15)
        let ended = Date()
        #expect(cancelled.strings == ["timeout"])
        // Not before the extended limit: the whole timeout from the '+'.
        #expect(ended.timeIntervalSince(extended) >= Double(timeout) - 0.02, "ended \(ended.timeIntervalSince(extended)) s after the extension")
        #expect(ended.timeIntervalSince(opened) >= Double(timeout) + 0.9, "ended \(ended.timeIntervalSince(opened)) s after the call")
        #expect(fixture.daemon.log.components(separatedBy: "extended the time limit").count == 2, "log:\n\(fixture.daemon.log)")
        if SanitizerBuild.measuresFigures {
            // Had the second '+' counted, the end would be the whole timeout after it.
            #expect(ended.timeIntervalSince(refused) < Double(timeout) - 0.1, "ended \(ended.timeIntervalSince(refused)) s after the second '+'")
        }
    }

    @Test("Without extensions, + changes nothing and the help line offers none")
    func noExtensions() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let handle = try fixture.client.showTimePicker(["timeout": .uint32(2)])
        try screen.waitForScreen(containing: "Closes in 0:01")
        #expect(!screen.currentScreen.contains("more time"))
        screen.type("+")
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle, seconds: 15).strings == ["timeout"])
        #expect(!fixture.daemon.log.contains("extended the time limit"))
    }
}
