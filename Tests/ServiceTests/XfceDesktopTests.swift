import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// On Xfce's notification server, xfce4-notifyd 0.7, on a virtual display (`make
/// test-desktops`): every action is a labelled button, `default` included, and a click on the
/// body only closes the notification. A person who clicks only the buttons picks a workday.
@Suite("Desktop: xfce4-notifyd", .serialized)
struct XfceDesktopTests {
    /// xfce4-notifyd's program, as its D-Bus activation file names it: it lives in the
    /// architecture's own library directory (/usr/lib/x86_64-linux-gnu, /usr/lib/aarch64-linux-gnu…).
    static func server() throws -> String {
        let activation = "/usr/share/dbus-1/services/org.xfce.xfce4-notifyd.Notifications.service"
        let lines = ((try? String(contentsOfFile: activation, encoding: .utf8)) ?? "").split(separator: "\n")
        guard let exec = lines.first(where: { $0.hasPrefix("Exec=") }),
              let path = exec.dropFirst("Exec=".count).split(separator: " ").first.map(String.init),
              FileManager.default.isExecutableFile(atPath: path)
        else { throw HarnessError("xfce4-notifyd is not installed: `make test-desktops` installs what the desktop tests need") }
        return path
    }

    /// One bubble as a screen reader reads it.
    struct Bubble: Decodable {
        struct Button: Decodable { let label: String; let x: Int; let y: Int }
        let texts: [String]
        let buttons: [Button]
        var text: String { texts.joined(separator: "\n") }
    }

    @Test("09:00–17:30 at 30-minute steps by clicking the buttons the bubble shows, in at most 20 clicks; no word of clicking the body")
    func notificationPick() throws {
        let server = try Self.server()
        let bus = try PrivateBus()
        let display = try VirtualDisplay(bus: bus)
        var environment = display.environment
        environment["XDG_CURRENT_DESKTOP"] = "XFCE"
        environment["HOME"] = bus.directory.path
        let watcher = try NameWatcher(address: bus.address, name: "org.freedesktop.Notifications")
        let notifyd = try display.start(server, [])
        defer { notifyd.process.stop() }
        try watcher.waitUntilOwned(by: notifyd.process, "xfce4-notifyd", seconds: 20) { notifyd.stderr }
        let daemon = try DaemonProcess.serving(on: bus, arguments: ["--ui", "notification", "--verbose"], environment: environment)
        defer { daemon.stop() }
        let client = try BusClient(bus: bus)
        try client.subscribeToSessions()
        let handle = try client.showTimePicker(["title": .string("Workday"), "step": .uint32(30), "clock": .string("24h")])

        var clicks = 0
        /// Waits for the bubble to show `text`, then clicks its button `label`.
        func click(_ label: String, once text: String, screenshot: String? = nil) throws {
            var bubble: Bubble?
            try waitUntil("a bubble showing \(text.debugDescription)", seconds: 15) {
                let output = try display.run("/usr/bin/python3", [Self.script.path], seconds: 30)
                bubble = try JSONDecoder().decode([Bubble].self, from: Data(output.utf8)).first { $0.text.contains(text) }
                return bubble != nil
            }
            let shown = try #require(bubble)
            #expect(!shown.text.lowercased().contains("click"), "a click on the body closes it here: \(shown.text)")
            if let screenshot { try display.screenshot(to: GnomeShellDesktopTests.screenshot(screenshot)) }
            let button = try #require(shown.buttons.first { $0.label == label }, "\(shown.buttons.map(\.label))")
            clicks += 1
            _ = try display.run("/usr/bin/xdotool", ["mousemove", "\(button.x)", "\(button.y)", "click", "1"])
        }
        for hour in 1...8 { try click("+1 h", once: String(format: "Start: %02d:00  ◀", hour)) }
        try click("Next", once: "Start: 09:00  ◀", screenshot: "xfce-start-0900")
        for hour in 9...16 { try click("+1 h", once: String(format: "End: %02d:30  ◀", hour)) }
        try click("OK", once: "End: 17:30  ◀", screenshot: "xfce-end-1730")

        let selected = try client.waitForSignal("Selected", path: handle, seconds: 30)
        #expect(selected.strings == ["09:00", "17:30"], "\(daemon.log)")
        #expect(clicks == 18)
        #expect(client.receivedSignals("Cancelled").isEmpty, "\(daemon.log)")
    }

    static let script = GnomeShellDesktopTests.desktops.appendingPathComponent("notifyd-bubbles.py")
}
