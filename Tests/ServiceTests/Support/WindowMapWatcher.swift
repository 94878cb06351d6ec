import Foundation
import Glibc
import TestHarness

/// The top-level windows of a virtual display as they are mapped and unmapped (Support/x11.py
/// watch-maps): when a window with a title came on screen, and how many were on screen at once.
final class WindowMapWatcher {
    /// A window mapped or unmapped.
    struct Change {
        let isMap: Bool
        /// When, in seconds on the monotonic clock (as `monotonicSeconds()`).
        let seconds: Double
        let window: UInt
        /// How many top-level windows were on screen after it.
        let onScreen: Int
        /// The window's title when it was mapped ("" for an unmap).
        let title: String
    }

    private let command: CapturedCommand

    /// Starts watching `display`, and waits until the watcher listens.
    init(display: VirtualDisplay) throws {
        command = try display.start("/usr/bin/python3", [VirtualDisplay.x11Script, "watch-maps"])
        try waitUntil("the window watcher to listen", seconds: 15) { [command] in
            guard command.process.isRunning else { throw HarnessError("the window watcher ended: \(command.stderr)") }
            return command.stdout.hasPrefix("ready\n")
        }
    }

    deinit {
        command.process.send(SIGTERM)
        _ = try? command.process.waitForExit()
    }

    /// Every change so far, in order.
    var changes: [Change] {
        command.stdout.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count >= 4, let seconds = Double(fields[1]), let window = UInt(fields[2]), let onScreen = Int(fields[3]) else { return nil }
            return Change(
                isMap: fields[0] == "map", seconds: seconds, window: window, onScreen: onScreen, title: fields.count > 4 ? String(fields[4]) : "")
        }
    }

    /// Waits until a window titled `title` has been mapped, and returns that change.
    func waitForMap(titled title: String, seconds: Double = 20) throws -> Change {
        var found: Change?
        try waitUntil("a window titled '\(title)' to be mapped", seconds: seconds) {
            found = changes.first { $0.isMap && $0.title == title }
            return found != nil
        }
        guard let found else { throw HarnessError("no window titled '\(title)' was mapped") }
        return found
    }

    /// Waits until no top-level window is on screen.
    func waitUntilNoneOnScreen(seconds: Double = 20) throws {
        try waitUntil("every window to be unmapped", seconds: seconds) { (changes.last?.onScreen ?? 0) == 0 }
    }

    /// Now, in seconds on the monotonic clock the watcher's changes are stamped with.
    static func monotonicSeconds() -> Double {
        Double(monotonicNanoseconds()) / 1e9
    }
}
