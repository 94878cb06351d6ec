import Foundation
import TestHarness

/// What a person does on the virtual display: keys, clicks and the close box, with xdotool
/// and a window manager's WM_DELETE_WINDOW.
extension VirtualDisplay {
    /// Starts pressing `keys` (xdotool names), 150 ms apart, in the window titled `title`,
    /// which gets the focus first.
    func startPressing(_ keys: [String], inWindowTitled title: String) throws -> CapturedCommand {
        try focus(title)
        return try start("/usr/bin/xdotool", ["key", "--delay", "150"] + keys)
    }

    /// Gives the window titled `title` the keyboard focus, and waits until its application says
    /// it has it: a dialog mapped just before may take the focus for itself
    /// (there is no window manager to settle it), and keys must not go there.
    func focus(_ title: String) throws {
        let window = try window(titled: title)
        try waitUntil("the window '\(title)' to be active", seconds: 15) {
            try run("/usr/bin/xdotool", ["windowfocus", "--sync", String(window)])
            return try Accessibility.applications(on: self).flatMap(\.all).contains { $0.name == title && $0.hasKeyboard }
        }
    }

    /// Starts clicking the centre of `node` of the window titled `title` (`count` clicks: 2
    /// for a double click; `button` 5 turns the wheel down a notch a click).
    func startClicking(_ node: AccessibleNode, inWindowTitled title: String, count: Int = 1, button: Int = 1) throws -> CapturedCommand {
        guard node.isOnScreen else { throw HarnessError("'\(node.label)' is not on screen: \(node.extents)") }
        let origin = try origin(of: window(titled: title))
        let (x, y) = node.centre
        return try start("/usr/bin/xdotool", [
            "mousemove", "--sync", String(origin.x + x), String(origin.y + y), "sleep", "0.2",
            "click", "--repeat", String(count), "--delay", "100", String(button),
        ])
    }

    /// Asks the window titled `title` to close, as a window manager's close button does.
    func closeWindow(titled title: String) throws {
        try run("/usr/bin/python3", [Self.x11Script, "delete-window", String(window(titled: title))])
    }

    /// Waits until no window is titled `title`.
    func waitForWindowGone(_ title: String, seconds: Double = 15) throws {
        try waitUntil("the window '\(title)' to go", seconds: seconds) { try windows(titled: title).isEmpty }
    }

    /// The colour drawn at `x`,`y` of the window titled `title`, as red, green and blue (0-255).
    func colour(atX x: Int, y: Int, inWindowTitled title: String) throws -> (red: Int, green: Int, blue: Int) {
        let text = try run("/usr/bin/python3", [Self.x11Script, "pixel", String(window(titled: title)), String(x), String(y)])
        let values = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard values.count == 3 else { throw HarnessError("x11.py pixel printed '\(text)'") }
        return (values[0], values[1], values[2])
    }

    /// Support/x11.py, beside this file.
    static let x11Script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("x11.py").path
}

extension CapturedCommand {
    /// Waits for the command to end, and throws unless it succeeded.
    func finish(seconds: Double = 30) throws {
        try waitUntil("\(self) to end", seconds: seconds) { !process.isRunning }
        let termination = try process.waitForExit()
        guard termination == .exited(0) else { throw HarnessError("\(self) ended with \(termination): \(stderr)") }
    }
}
