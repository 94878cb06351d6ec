import Foundation
import Glibc
import TestHarness

/// metacity on a virtual display, as ../shared/tools/screen-reader runs it: a window manager
/// that gives a new window the focus itself, a moment after mapping it, as a desktop does. On a
/// bare Xvfb GTK sets the input focus on its own window at once, which hides what a screen
/// reader meets on a desktop (issue 39: a cold dialog's first events came before its window
/// was active). Stopped by its PID.
final class WindowManager {
    private let process: ChildProcess

    /// Starts metacity on `display` and returns once it manages the screen (it has set the root
    /// window's _NET_SUPPORTING_WM_CHECK).
    init(on display: VirtualDisplay, logFile: URL) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/metacity") else {
            throw HarnessError("metacity is not installed: `make test-desktops` installs what the desktop tests need")
        }
        var environment = display.environment
        environment["GSETTINGS_BACKEND"] = "memory"
        process = try startLogged(["/usr/bin/metacity", "--replace"], environment: environment, logFile: logFile)
        try waitUntil("metacity to manage the screen", seconds: 15) { [process] in
            guard process.isRunning else { throw HarnessError("metacity ended: \(logText(logFile))") }
            return (try? display.run("/usr/bin/xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]))?.contains("window id") == true
        }
    }

    deinit {
        process.send(SIGTERM)
        _ = try? process.waitForExit()
    }
}
