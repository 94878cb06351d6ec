import Foundation
import TestHarness

/// KDE Plasma 5.27's shell (plasmashell, its notification server and panel) on a virtual display
/// of the test's own, joined to the test's private bus, as ../shared/tools/desktops/plasma-xvfb.sh
/// runs it: the popups a Plasma user sees, read as a screen reader reads them
/// (`Desktops/plasma-popups.py`) and driven with real clicks and key presses (xdotool).
///
/// Plasma needs its activity manager (kactivitymanagerd) on the bus to load the shell; both are
/// started here as plain processes, and stopped by PID on deinit. The private bus activates
/// nothing of KDE's (its service directory is the test's): what else plasmashell asks for
/// (kglobalaccel, kded), it goes without.
final class PlasmaShell {
    static let popupsScript = GnomeShellDesktopTests.desktops.appendingPathComponent("plasma-popups.py")

    let display: VirtualDisplay
    /// The bus's environment with the display and Plasma's session: what a program in this
    /// session sees.
    let environment: [String: String]
    private let bus: PrivateBus
    private let activities: CapturedCommand
    private let shell: CapturedCommand

    init(bus: PrivateBus) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/plasmashell") else {
            throw HarnessError("plasmashell is not installed: `make test-desktops` installs what the desktop tests need")
        }
        let activityManager = try Self.program(ofService: "org.kde.ActivityManager")
        self.bus = bus
        display = try VirtualDisplay(bus: bus)
        // A home of its own (Plasma writes its configuration and caches there) and a runtime
        // directory (its KIO workers' sockets; Qt's default is one all of root's programs
        // share), Qt on X11 with its accessibility on (as under a screen reader), and a KDE session.
        let home = bus.directory.appendingPathComponent("plasma-home")
        let runtime = bus.directory.appendingPathComponent("plasma-runtime")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var environment = display.environment
        environment["HOME"] = home.path
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent(".cache").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent(".local/share").path
        environment["XDG_CURRENT_DESKTOP"] = "KDE"
        environment["XDG_SESSION_TYPE"] = "x11"
        environment["KDE_FULL_SESSION"] = "true"
        environment["KDE_SESSION_VERSION"] = "5"
        environment["QT_QPA_PLATFORM"] = "xcb"
        environment["QT_LINUX_ACCESSIBILITY_ALWAYS_ON"] = "1"
        environment["QT_ACCESSIBILITY"] = "1"
        self.environment = environment

        let activityWatcher = try NameWatcher(address: bus.address, name: "org.kde.ActivityManager")
        activities = try CapturedCommand(activityManager, [], environment: environment, directory: bus.directory)
        do {
            try activityWatcher.waitUntilOwned(by: activities.process, "kactivitymanagerd", seconds: 30) { [activities] in activities.stderr }
        } catch {
            activities.process.stop()
            throw error
        }
        var started: CapturedCommand?
        do {
            let watcher = try NameWatcher(address: bus.address, name: "org.freedesktop.Notifications")
            let shell = try CapturedCommand("/usr/bin/plasmashell", ["--no-respawn"], environment: environment, directory: bus.directory)
            started = shell
            try watcher.waitUntilOwned(by: shell.process, "plasmashell", seconds: 60) { shell.stderr }
        } catch {
            started?.process.stop()
            activities.process.stop()
            throw error
        }
        shell = started!
    }

    deinit {
        shell.process.stop()
        activities.process.stop()
    }

    /// One popup as a screen reader reads it, with where to click its parts.
    struct Popup: Decodable {
        struct Button: Decodable { let label: String; let x: Int; let y: Int }
        /// The reply field, there once its button was pressed: what it holds, the example it
        /// shows while empty, whether keys go to it.
        struct Field: Decodable { let text: String; let placeholder: String; let focused: Bool; let x: Int; let y: Int }
        let title: String
        /// Where its title is, to click its body (a click there is Plasma's `default`).
        let x: Int?
        let y: Int?
        let texts: [String]
        let buttons: [Button]
        let fields: [Field]
        /// The body's lines (Qt gives them joined by U+2028).
        var text: String { texts.joined(separator: "\n").replacingOccurrences(of: "\u{2028}", with: "\n") }
        func button(_ label: String) -> Button? { buttons.first { $0.label == label } }
    }

    /// The popups on screen now.
    func popups() throws -> [Popup] {
        let output = try display.run("/usr/bin/python3", [Self.popupsScript.path], seconds: 30)
        return try JSONDecoder().decode([Popup].self, from: Data(output.utf8))
    }

    /// Waits until a popup satisfies `condition`; that popup.
    func waitForPopup(_ what: String, seconds: Double = 20, _ condition: (Popup) -> Bool) throws -> Popup {
        var found: Popup?
        var last: [Popup] = []
        do {
            try waitUntil("a popup \(what)", seconds: seconds) {
                last = try popups()
                found = last.first(where: condition)
                return found != nil
            }
        } catch {
            throw HarnessError("no popup \(what) within \(seconds) s; on screen: \(last)\nplasmashell: \(shell.stderr.suffix(2000))")
        }
        return found!
    }

    /// A real click of the primary button at (x, y).
    func click(x: Int, y: Int) throws { try display.run("/usr/bin/xdotool", ["mousemove", "\(x)", "\(y)", "click", "1"]) }

    /// Types `text` as key presses, to whatever has the keyboard.
    func type(_ text: String) throws { try display.run("/usr/bin/xdotool", ["type", "--delay", "40", text]) }

    /// Presses and releases `keys` (xdotool's names: Return, ctrl+a).
    func key(_ keys: String) throws { try display.run("/usr/bin/xdotool", ["key", keys]) }

    /// The program D-Bus activation starts for `service`, as its activation file names it (it
    /// lives in the architecture's own library directory).
    static func program(ofService service: String) throws -> String {
        let activation = "/usr/share/dbus-1/services/\(service).service"
        let lines = ((try? String(contentsOfFile: activation, encoding: .utf8)) ?? "").split(separator: "\n")
        guard let exec = lines.first(where: { $0.hasPrefix("Exec=") }),
              let path = exec.dropFirst("Exec=".count).split(separator: " ").first.map(String.init),
              FileManager.default.isExecutableFile(atPath: path)
        else { throw HarnessError("\(activation) names no program: `make test-desktops` installs what the desktop tests need") }
        return path
    }
}
