import CLinux
import DBusKit
import Foundation
import TestHarness
import Testing

/// The D-Bus surface: introspection, properties, errors for what does not exist.
@Suite("D-Bus interface")
struct InterfaceTests {
    /// The interface file, as committed: the one source of truth.
    static let interfaceFile: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("dbus/io.github.timepickerd.TimePicker1.xml")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The `<interface name="…">…</interface>` block of the interface file for `name`.
    static func block(_ name: String) -> String? {
        guard let start = interfaceFile.range(of: "<interface name=\"\(name)\">"),
              let end = interfaceFile.range(of: "</interface>", range: start.upperBound..<interfaceFile.endIndex)
        else { return nil }
        return String(interfaceFile[start.lowerBound..<end.upperBound])
    }

    @Test("Introspect returns the interface file's blocks verbatim, with the standard interfaces and child nodes")
    func introspection() throws {
        let fixture = try Fixture()
        let manager = try #require(Self.block("io.github.timepickerd.TimePicker1"))
        let session = try #require(Self.block("io.github.timepickerd.TimePicker1.Session"))
        #expect(manager.contains("<method name=\"ShowTimePicker\">"))

        guard case .string(let xml)? = try fixture.client.call("Introspect", interface: "org.freedesktop.DBus.Introspectable").first
        else { Issue.record("Introspect returned no string"); return }
        #expect(xml.contains(manager))
        #expect(!xml.contains(session))
        for standard in ["org.freedesktop.DBus.Peer", "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Properties"] {
            #expect(xml.contains("<interface name=\"\(standard)\">"))
        }

        let handle = try fixture.client.showTimePicker(["handle_token": .string("intro")])
        guard case .string(let managerXML)? = try fixture.client.call("Introspect", interface: "org.freedesktop.DBus.Introspectable").first,
              case .string(let sessionXML)? = try fixture.client.call("Introspect", path: handle, interface: "org.freedesktop.DBus.Introspectable").first,
              case .string(let senderXML)? = try fixture.client.call(
                  "Introspect", path: try #require(ObjectPath("/io/github/timepickerd/TimePicker1/session/\(fixture.client.senderElement)")),
                  interface: "org.freedesktop.DBus.Introspectable").first
        else { Issue.record("Introspect returned no string"); return }
        #expect(managerXML.contains("<node name=\"session\"/>"))
        #expect(sessionXML.contains(session))
        #expect(!sessionXML.contains(manager))
        #expect(senderXML.contains("<node name=\"intro\"/>"))
    }

    @Test("busctl and gdbus can read the introspection data")
    func introspectionToolsAgree() throws {
        let fixture = try Fixture()
        let busctl = try runTool(
            "/usr/bin/busctl", ["--address=\(fixture.bus.address)", "introspect", "io.github.timepickerd.TimePicker1", "/io/github/timepickerd/TimePicker1"])
        #expect(busctl.contains(".ShowTimePicker") && busctl.contains(".PickTimeRange") && busctl.contains(".UserInterface"))
        let gdbus = try runTool(
            "/usr/bin/gdbus", ["introspect", "--address", fixture.bus.address, "--dest", "io.github.timepickerd.TimePicker1",
                               "--object-path", "/io/github/timepickerd/TimePicker1"])
        #expect(gdbus.contains("ShowTimePicker(in  a{sv} options,"))
    }

    @Test("Manager properties: Version, UserInterface; GetAll; read-only")
    func managerProperties() throws {
        let fixture = try Fixture()
        #expect(try fixture.client.property("Version") == .uint32(1))
        #expect(try fixture.client.property("UserInterface") == .string("terminal"))
        let all = try fixture.client.call("GetAll", interface: "org.freedesktop.DBus.Properties", [.string("io.github.timepickerd.TimePicker1")])
        #expect(all == [.vardict(["UserInterface": .string("terminal"), "Version": .uint32(1)])])

        let set = dbusError {
            _ = try fixture.client.call(
                "Set", interface: "org.freedesktop.DBus.Properties",
                [.string("io.github.timepickerd.TimePicker1"), .string("Version"), .variant(.uint32(2))])
        }
        #expect(set?.name == "org.freedesktop.DBus.Error.PropertyReadOnly")
        let unknown = dbusError { _ = try fixture.client.property("Colour") }
        #expect(unknown?.name == "org.freedesktop.DBus.Error.UnknownProperty")
        #expect(unknown?.message.contains("Colour") == true)
    }

    @Test("Session properties follow the options: Title, Start, End")
    func sessionProperties() throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker([
            "title": .string("Lunch"), "step": .uint32(30), "first": .string("11:00"), "last": .string("15:00"),
            "start": .string("12:00"), "end": .string("13:30"),
        ])
        let all = try fixture.client.call("GetAll", path: handle, interface: "org.freedesktop.DBus.Properties", [.string("")])
        #expect(all == [.vardict(["End": .string("13:30"), "Start": .string("12:00"), "Title": .string("Lunch")])])
        try fixture.screen.waitForScreen(containing: "Lunch")
    }

    @Test("An idle daemon sleeps: no wake-ups while nothing happens")
    func idleWakeUps() throws {
        let fixture = try Fixture()
        // Some traffic first, so that any timers it could leave behind exist.
        let handle = try fixture.client.showTimePicker()
        _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
        _ = try fixture.client.waitForSignal("Cancelled", path: handle)
        try waitUntil("the terminal back in line mode") { try fixture.screen.isCooked }
        // Settled: asleep in poll(2) (the system call it sleeps in, by this architecture's
        // numbers) and not woken for a tenth of a second.
        let pid = fixture.daemon.process.pid
        try waitUntil("the daemon to settle in poll") {
            let before = try voluntaryContextSwitches(of: pid)
            usleep(100_000)
            let syscall = try String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)
            let after = try voluntaryContextSwitches(of: pid)
            return isPollSyscall(syscall) && after == before
        }
        let before = try voluntaryContextSwitches(of: pid)
        // Measuring idleness takes a stretch of time with nothing in it; one second is plenty
        // for a periodic wake-up to show.
        usleep(1_000_000)
        #expect(try voluntaryContextSwitches(of: pid) == before)
    }

    @Test("Paths, methods and interfaces that do not exist get errors that name them")
    func unknownThings() throws {
        let fixture = try Fixture()
        let object = dbusError { _ = try fixture.client.call("Cancel", path: "/io/github/timepickerd/TimePicker1/session/x/y", interface: BusClient.sessionInterface) }
        #expect(object?.name == "org.freedesktop.DBus.Error.UnknownObject")
        #expect(object?.message.contains("/io/github/timepickerd/TimePicker1/session/x/y") == true)
        let method = dbusError { _ = try fixture.client.call("Frobnicate") }
        #expect(method?.name == "org.freedesktop.DBus.Error.UnknownMethod")
        #expect(method?.message.contains("Frobnicate") == true)
        let signature = dbusError { _ = try fixture.client.call("ShowTimePicker", [.string("title")]) }
        #expect(signature?.name == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(signature?.message.contains("a{sv}") == true)
        // Peer is answered by libdbus for every path.
        _ = try fixture.client.call("Ping", interface: "org.freedesktop.DBus.Peer")
    }
}

/// Whether /proc/PID/syscall says the process is blocked in poll(2): its first field is the
/// number of the system call ("running" or -1 when in none).
func isPollSyscall(_ syscall: String) -> Bool {
    guard let number = syscall.split(separator: " ").first.flatMap({ Int($0) }) else { return false }
    return clinux_is_poll_syscall(number) != 0
}

/// How often the process went to sleep by itself: each wake-up from poll counts one.
func voluntaryContextSwitches(of pid: pid_t) throws -> Int {
    try statusField("voluntary_ctxt_switches", ofProcess: pid)
}

/// Runs a command-line tool to completion and returns its standard output; failing is an error.
func runTool(_ path: String, _ arguments: [String]) throws -> String {
    let directory = try makeTemporaryDirectory(prefix: "tool")
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CapturedCommand.run(path, arguments, environment: ProcessInfo.processInfo.environment, directory: directory)
    guard result.termination == .exited(0) else { throw HarnessError("\(path) ended with \(result.termination): \(result.stderr)") }
    return result.stdout
}
