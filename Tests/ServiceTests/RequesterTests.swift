import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// Who asks: the application the system says a caller's process is part of, shown with the
/// picker (here in the notification's body), never what the caller says of itself; a name the
/// program gives itself (its executable, its scope) told from the system's word (a sandbox's
/// app id), and "an unknown app" where nothing can be said.
@Suite("Who asks: the application of the caller's process")
struct RequesterTests {
    /// A data directory with desktop entries, for the daemon's XDG_DATA_DIRS.
    static func applications(in directory: URL) throws -> String {
        let share = directory.appendingPathComponent("share")
        let applications = share.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        for (id, name) in [("org.example.Scoped", "Scoped Example"), ("org.example.Flat", "Flat Example")] {
            let entry = "[Desktop Entry]\nType=Application\nName=\(name)\nName[de]=\(name) (de)\nExec=true\n"
            try Data(entry.utf8).write(to: applications.appendingPathComponent("\(id).desktop"))
        }
        return share.path
    }

    /// The daemon with desktop entries of its own (in `directory`), and a notification server to read.
    static func fixture(entriesIn directory: URL) throws -> NotificationFixture {
        try NotificationFixture(environment: ["XDG_DATA_DIRS": try applications(in: directory)])
    }

    @Test("A plain process is named by its executable, as its own word, whatever its title says; `requester` is no option a caller sets")
    func plainProcess() throws {
        let entries = try makeTemporaryDirectory(prefix: "requester")
        defer { try? FileManager.default.removeItem(at: entries) }
        let fixture = try Self.fixture(entriesIn: entries)
        let mock = try fixture.mock
        let run = try ClientHarness.start(["pick", "--ui", "notification", "--title", "Asked by Firefox"], on: fixture.bus)
        defer { run.process.stop() }
        let shown = try mock.waitForNotify(summary: "Asked by Firefox")
        #expect(shown.body.hasSuffix("\nAsked by “timepickerctl”, as the program calls itself"), "body: \(shown.body)")

        #expect(throws: (any Error).self) {
            try fixture.client.showTimePicker(["requester": .string("Firefox"), "title": .string("Claimed")])
        }
    }

    @Test("A process in a desktop app's systemd scope (app-LAUNCHER-ID-RANDOM.scope) is named by that app's desktop entry, as its own word: anyone may make such a scope", .makesScope)
    func systemdScope() throws {
        let unified = try #require(CgroupHierarchy.unified)
        let scope = "\(unified)/app-gnome-org.example.Scoped-\(getpid()).scope"
        try FileManager.default.createDirectory(atPath: scope, withIntermediateDirectories: false)
        defer { rmdir(scope) }
        let entries = try makeTemporaryDirectory(prefix: "requester")
        defer { try? FileManager.default.removeItem(at: entries) }
        let fixture = try Self.fixture(entriesIn: entries)
        let mock = try fixture.mock
        // The shell moves itself into the scope, then becomes the client, as a launcher does.
        let run = try CapturedCommand(
            "/bin/sh", ["-c", "echo $$ > \"$1/cgroup.procs\" && exec \"$2\" pick --ui notification --title Scoped", "sh", scope, ClientHarness.binary],
            environment: fixture.bus.environment, directory: fixture.bus.directory)
        defer { run.process.stop() }
        let shown = try mock.waitForNotify(summary: "Scoped")
        #expect(shown.body.hasSuffix("\nAsked by “Scoped Example”, as the program calls itself"), "body: \(shown.body) stderr: \(run.stderr)")
    }

    @Test("A Flatpak app behind xdg-dbus-proxy (in bwrap with a .flatpak-info, as flatpak runs it) is named by its app id's desktop entry as the system's word, picks and hears its outcome",
          .makesSandbox)
    func flatpakBehindProxy() throws {
        let entries = try makeTemporaryDirectory(prefix: "requester")
        defer { try? FileManager.default.removeItem(at: entries) }
        let fixture = try Self.fixture(entriesIn: entries)
        let mock = try fixture.mock
        let directory = fixture.bus.directory
        let info = directory.appendingPathComponent("flatpak-info")
        try Data("[Application]\nname=org.example.Flat\n\n[Instance]\ninstance-id=1\n".utf8).write(to: info)
        let socket = directory.appendingPathComponent("proxy.sock").path
        // The proxy, as flatpak starts it: in a sandbox of its own with the app's info file, so
        // that the service, which sees the proxy's process, finds the app.
        let proxy = try CapturedCommand(
            Bubblewrap.path,
            Self.sandbox(info: info.path, writable: directory.path) + [
                "--", "/usr/bin/xdg-dbus-proxy", fixture.bus.address, socket, "--filter", "--talk=io.github.timepickerd.TimePicker1",
            ],
            environment: [:], directory: directory)
        defer { proxy.process.stop() }
        do {
            try waitUntil("the proxy's socket", seconds: 20) { FileManager.default.fileExists(atPath: socket) }
        } catch {
            throw HarnessError("\(error); bwrap and the proxy said: \(proxy.stderr)")
        }

        var environment = fixture.bus.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(socket)"
        let run = try CapturedCommand(
            ClientHarness.binary, ["pick", "--ui", "notification", "--title", "Sandboxed", "--json"], environment: environment,
            directory: directory)
        defer { run.process.stop() }
        let shown = try mock.waitForNotify(summary: "Sandboxed")
        #expect(shown.body.hasSuffix("\nAsked by Flat Example"), "body: \(shown.body) stderr: \(run.stderr)")
        try mock.invokeAction("default", on: shown.id)
        _ = try mock.waitForNotify { $0.replacesID == shown.id && $0.isStepperEndStep }
        try mock.invokeAction("default", on: shown.id)
        #expect(try run.process.waitForExit(seconds: 30) == .exited(0), "stderr: \(run.stderr)")
        // The Response came through the proxy: the length is in the JSON.
        #expect(run.stdout.contains("\"duration\":"), "stdout: \(run.stdout)")
    }

    @Test("A connection that outlives its process (passed to a child) is 'an unknown app', not another process's name nor no line")
    func processGone() throws {
        let entries = try makeTemporaryDirectory(prefix: "requester")
        defer { try? FileManager.default.removeItem(at: entries) }
        let fixture = try Self.fixture(entriesIn: entries)
        let mock = try fixture.mock
        let done = fixture.bus.directory.appendingPathComponent("orphan-done").path
        // A process connects (the bus records it), forks and exits, and is reaped by the
        // script's first process, as a shell reaps its jobs; its child, which shares the
        // connection, asks once it is gone, and stays until the test is done.
        let script = """
            import dbus, os, sys, time
            def wait_for_the_test():
                for _ in range(6000):
                    if os.path.exists(sys.argv[1]):
                        return
                    time.sleep(0.01)
            connecting = os.fork()
            if connecting:
                os.waitpid(connecting, 0)
                wait_for_the_test()
                sys.exit(0)
            bus = dbus.SessionBus()
            gone = os.getpid()
            if os.fork():
                os._exit(0)
            while os.path.exists("/proc/%d" % gone):
                time.sleep(0.01)
            service = bus.get_object("io.github.timepickerd.TimePicker1", "/io/github/timepickerd/TimePicker1")
            service.ShowTimePicker({"title": "Orphan"}, dbus_interface="io.github.timepickerd.TimePicker1")
            wait_for_the_test()
            """
        let run = try CapturedCommand("/usr/bin/python3", ["-c", script, done], environment: fixture.bus.environment, directory: fixture.bus.directory)
        defer {
            _ = FileManager.default.createFile(atPath: done, contents: nil)
            run.process.stop()
        }
        let shown = try mock.waitForNotify(summary: "Orphan")
        #expect(shown.body.hasSuffix("\nAsked by an unknown app"), "body: \(shown.body) stderr: \(run.stderr)")
    }

    /// bwrap's arguments for a sandbox with the system's files read-only, `writable` (the bus's
    /// directory) writable, and `info` as /.flatpak-info.
    static func sandbox(info: String, writable: String) -> [String] {
        // --die-with-parent: the proxy goes with bwrap when the test stops it.
        ["--die-with-parent", "--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
         "--symlink", "usr/bin", "/bin", "--proc", "/proc", "--dev", "/dev", "--bind", writable, writable,
         "--ro-bind", info, "/.flatpak-info"]
    }
}
