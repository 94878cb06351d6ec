import Foundation
import TestHarness

/// GNOME Shell 43, headless on Wayland, joined to a private bus (`Desktops/gnome-shell.sh`):
/// the shell a GNOME user runs, owning org.freedesktop.Notifications and a Wayland display.
/// The test reads its banner and tray through Eval and clicks with a real virtual pointer.
/// Stopped, every process it started killed by its session id, on deinit.
final class GnomeShell {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Desktops/gnome-shell.sh").path

    static let activatedServices = ["org.gnome.Shell.Notifications", "ca.desrt.dconf", "org.a11y.Bus"]

    let bus: PrivateBus
    /// The script's state: its runtime directory (the Wayland socket), the shell's log.
    let directory: URL
    /// The bus's environment with the shell's display: what a program in this session sees.
    let environment: [String: String]

    init(bus: PrivateBus) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gnome-shell") else {
            throw HarnessError("gnome-shell is not installed: `make test-desktops` installs what the desktop tests need")
        }
        self.bus = bus
        // What a GNOME session's bus activates that the shell needs: org.freedesktop.Notifications
        // is owned by the shell's helper, org.gnome.Shell.Notifications; GSettings writes go
        // through dconf; GTK's accessibility through the AT-SPI bus.
        for service in Self.activatedServices {
            let file = "/usr/share/dbus-1/services/\(service).service"
            guard FileManager.default.fileExists(atPath: file) else { throw HarnessError("\(file) is missing") }
            try FileManager.default.copyItem(
                atPath: file, toPath: bus.serviceDirectory.appendingPathComponent("\(service).service").path)
        }
        directory = bus.directory.appendingPathComponent("gnome")
        var environment = bus.environment
        environment["GNOME_HEADLESS_DIR"] = directory.path
        environment["GNOME_HEADLESS_BUS"] = bus.address
        let started = try CapturedCommand.run(Self.script, ["start"], environment: environment, directory: bus.directory, seconds: 60)
        guard started.termination == .exited(0) else {
            throw HarnessError("GNOME Shell did not start (\(started.termination)): \(started.stderr)")
        }
        for line in started.stdout.split(separator: "\n") {
            if line.hasPrefix("unset ") {
                environment.removeValue(forKey: String(line.dropFirst(6)))
                continue
            }
            guard line.hasPrefix("export ") else { continue }
            for assignment in line.dropFirst(7).split(separator: " ") {
                guard let equals = assignment.firstIndex(of: "=") else { continue }
                environment[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
                    .trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            }
        }
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        self.environment = environment
    }

    deinit {
        _ = try? CapturedCommand.run(Self.script, ["stop"], environment: environment, directory: bus.directory, seconds: 30)
    }

    /// Runs the script's `command`; its output.
    @discardableResult
    func run(_ command: [String], seconds: Double = 20) throws -> String {
        let result = try CapturedCommand.run(Self.script, command, environment: environment, directory: bus.directory, seconds: seconds)
        guard result.termination == .exited(0) else {
            throw HarnessError("gnome-shell.sh \(command.joined(separator: " ")) ended with \(result.termination): \(result.stderr)")
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// JavaScript run in the shell (org.gnome.Shell.Eval); its result as text.
    func eval(_ javaScript: String) throws -> String { try run(["eval", javaScript]) }

    /// What the message tray holds and the banner on screen shows.
    struct Tray: Decodable {
        /// Where to click it: nil while it slides in.
        struct Button: Decodable { let label: String; let x: Int?; let y: Int? }
        /// Where to click its body: nil while it slides in.
        /// `shown`: it has slid in and stays where it is.
        struct Banner: Decodable {
            let title: String?; let body: String?; let shown: Bool; let x: Int?; let y: Int?; let buttons: [Button]
        }
        struct Notification: Decodable { let title: String; let body: String?; let actions: [String]; let urgency: Int }
        let banner: Banner?
        let notifications: [Notification]
    }

    func tray() throws -> Tray {
        try JSONDecoder().decode(Tray.self, from: Data(try run(["notifications"]).utf8))
    }

    /// Waits until the banner on screen satisfies `condition`; the banner.
    func waitForBanner(_ what: String, seconds: Double = 15, _ condition: (Tray.Banner) -> Bool) throws -> Tray.Banner {
        let deadline = Date().addingTimeInterval(seconds)
        var last: Tray?
        while Date() < deadline {
            let tray = try tray()
            if let banner = tray.banner, condition(banner) { return banner }
            last = tray
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw HarnessError("no banner \(what) within \(seconds) s; last: banner \(String(describing: last?.banner)), tray \(String(describing: last?.notifications))")
    }

    /// A real click (press and release of the primary button) at (x, y).
    func click(x: Int, y: Int) throws { try run(["click", "\(x)", "\(y)"]) }

    /// Moves the real pointer to (x, y).
    func move(x: Int, y: Int) throws { try run(["move", "\(x)", "\(y)"]) }

    /// A real key press and release of `key` (a Clutter key name: "9", "Tab", "Return"), to
    /// the window that has the focus.
    func key(_ key: String) throws { try run(["key", key]) }

    /// A screenshot of the whole screen, through the shell's own Screenshot interface.
    func screenshot(to path: String) throws { try run(["shot", path]) }

    /// The titles of the shell's windows, each with the title of the window it is transient for.
    func transientParents() throws -> [String: String] {
        let json = try eval("""
            JSON.stringify(Object.fromEntries(global.get_window_actors().map(a => a.meta_window)
              .map(w => [w.get_title() ?? "", w.get_transient_for()?.get_title() ?? ""])))
            """)
        return try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
    }
}
