import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// Where the GTK backend stops serving: other users (it serves its own only, and nothing but
/// its interface), options too large to read, and a backend nobody calls.
@Suite("GTK dialog backend: boundaries", .serialized)
struct DialogBackendBoundaryTests {
    static let handle: ObjectPath = "/io/github/timepickerd/TimePicker1/session/1_7/edge"

    @Test("Another user gets nothing from the backend's connection: not GApplication's interfaces, not introspection, not the Version; the backend's user sees only its interface", .actsAsOtherUser)
    func anotherUserGetsNothing() throws {
        let fixture = try DialogFixture()
        let owner = try BusClient(bus: fixture.bus).connection.nameOwner(of: "io.github.timepickerd.Gtk").rawValue
        // What GApplication exported at the application's path: Activate set the startup id of
        // the backend's X11 leader window and logged a warning for each call.
        let calls: [[String]] = [
            ["call", "--object-path", "/io/github/timepickerd/Gtk", "--method", "org.gtk.Application.Activate", "{}"],
            ["call", "--object-path", "/io/github/timepickerd/Gtk", "--method", "org.freedesktop.Application.Activate", "{}"],
            ["call", "--object-path", "/io/github/timepickerd/Gtk", "--method", "org.gtk.Actions.List"],
            ["introspect", "--object-path", "/io/github/timepickerd/Gtk"],
            ["introspect", "--object-path", "/io/github/timepickerd/impl/TimePicker1"],
            ["call", "--object-path", "/io/github/timepickerd/impl/TimePicker1", "--method", "org.freedesktop.DBus.Properties.Get",
             "io.github.timepickerd.impl.TimePicker1", "Version"],
        ]
        for destination in ["io.github.timepickerd.Gtk", owner] {
            for call in calls {
                let gdbus = try OtherUser.gdbus(call, destination: destination, bus: fixture.bus)
                #expect(gdbus.termination == .exited(1), "\(call) answered: \(gdbus.stdout)")
                #expect(gdbus.stdout.isEmpty, "\(call) answered: \(gdbus.stdout)")
            }
        }
        #expect(!fixture.backend.log.contains("startup"), "\(fixture.backend.log)")

        // The backend's own user: the one interface, at its one path, and the standard ones.
        let tree = try CapturedCommand.run(
            "/usr/bin/gdbus", ["introspect", "--address", fixture.bus.address, "--dest", "io.github.timepickerd.Gtk", "--object-path", "/", "--recurse"],
            environment: fixture.bus.environment, directory: fixture.bus.directory)
        let interfaces = Set(tree.stdout.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first == "interface" ? line.split(separator: " ").dropFirst().first.map(String.init) : nil
        })
        #expect(interfaces == [
            "io.github.timepickerd.impl.TimePicker1", "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Properties",
            "org.freedesktop.DBus.Peer",
        ], "\(tree.stdout) \(tree.stderr)")
        #expect(!tree.stdout.contains("/io/github/timepickerd/Gtk"), "\(tree.stdout)")
    }

    @Test("--idle-timeout counts from the start: a backend nobody calls exits after it, not after GApplication's 10 s")
    func idleTimeoutFromStart() throws {
        let bus = try PrivateBus()
        let display = try VirtualDisplay(bus: bus)
        let started = monotonicNanoseconds()
        let backend = try GtkBackendProcess(bus: bus, environment: display.environment, arguments: ["--verbose", "--idle-timeout", "2"])
        let termination = try backend.process.waitForExit(seconds: 15)
        let lasted = secondsSince(started)
        print("  --idle-timeout 2 without a call: exited after \(String(format: "%.2f", lasted)) s")
        #expect(termination == .exited(0), "\(backend.log)")
        #expect(lasted >= 2 && lasted < 5, "the backend lasted \(lasted) s")
    }

    @Test("An a{sv} of a million entries is refused at once with InvalidArgs, for little CPU and memory, like the daemon's")
    func millionEntryOptions() throws {
        let entries = (0..<1_000_000).map { DBusValue.dictEntry(key: .string("k\($0)"), value: .variant(.string("x"))) }
        let call = try BackendCaller.methodCall("ShowPicker")
        try call.append(contentsOf: [.objectPath(Self.handle), .string(""), .array(elementSignature: "{sv}", elements: entries)])
        let fixture = try DialogFixture(arguments: ["--idle-timeout", "300"])
        let pid = fixture.backend.process.pid
        // Ping first: the backend has read all it was sent before, so what is measured is this call.
        _ = try fixture.caller.call("Ping", [], interface: "org.freedesktop.DBus.Peer")
        let cpuBefore = try cpuSeconds(of: pid)
        let busCPUBefore = try cpuSeconds(of: fixture.bus.pid)
        let residentBefore = try residentKiB(of: pid)
        let peakBefore = try peakResidentKiB(of: pid)
        let sent = monotonicNanoseconds()
        let failure = dbusError { _ = try fixture.caller.connection.call(call, timeoutMilliseconds: 60_000) }
        let answeredAfter = secondsSince(sent)
        let cpu = try cpuSeconds(of: pid) - cpuBefore
        // dbus-daemon checks the message as libdbus does in the backend, and passes it on: what
        // that takes on this machine at this moment.
        let busCPU = try cpuSeconds(of: fixture.bus.pid) - busCPUBefore
        let peak = try peakResidentKiB(of: pid) - peakBefore
        var kept = try residentKiB(of: pid) - residentBefore
        try? waitUntil("the message's memory to be given back", seconds: 5) {
            kept = try residentKiB(of: pid) - residentBefore
            return kept < 8 * 1024
        }
        print("  a million-entry a{sv}: \(failure?.name.rawValue ?? "answered") after \(String(format: "%.2f", answeredAfter)) s; backend CPU \(String(format: "%.2f", cpu)) s (dbus-daemon's \(String(format: "%.2f", busCPU)) s); VmHWM +\(peak) KiB; VmRSS +\(kept) KiB after")
        #expect(failure?.name == "org.freedesktop.DBus.Error.InvalidArgs", "\(failure?.message ?? "")")
        #expect(failure?.message.contains("more values") == true, "\(failure?.message ?? "")")
        // The message is 20 MB on the wire; the backend reads it as bytes (libdbus validates
        // it) and stops at the 257th value, as the daemon does.
        if SanitizerBuild.measuresFigures {
            // Building a tree of the million values took many times what reading them does.
            #expect(cpu < 2 * busCPU + 0.2, "the backend used \(cpu) s of CPU on it, dbus-daemon \(busCPU) s")
            #expect(peak < 96 * 1024, "the backend's peak resident memory grew by \(peak) KiB")
            #expect(kept < 8 * 1024, "\(kept) KiB stayed resident")
        }
        // Still serving.
        let serial = try fixture.caller.showPicker(Self.handle, ["title": .string("After a million")])
        try fixture.dialog("After a million")
        try fixture.caller.close(Self.handle)
        #expect(try fixture.caller.outcome(of: serial).response == 2)
    }

    @Test("Another user's calls, refused, do not keep timepickerd-gtk past its --idle-timeout", .actsAsOtherUser)
    func refusedCallsDoNotKeepTheBackend() throws {
        let bus = try PrivateBus()
        let started = monotonicNanoseconds()
        let backend = try GtkBackendProcess(
            bus: bus, environment: bus.environment.merging(["DISPLAY": "", "WAYLAND_DISPLAY": ""]) { $1 }, arguments: ["--idle-timeout", "2"])
        // A call every 100 ms, every third from a new connection, from before the backend's
        // first second until it has gone.
        let caller = try OtherUserCaller(calling: "io.github.timepickerd.Gtk", on: bus)
        let termination = try backend.process.waitForExit(seconds: 15)
        let lasted = secondsSince(started)
        print("  --idle-timeout 2 with another user calling every 100 ms: exited after \(String(format: "%.2f", lasted)) s")
        #expect(termination == .exited(0), "\(backend.log)")
        #expect(lasted < 4, "the backend lasted \(lasted) s")
        let answers = caller.log.split(separator: "\n")
        #expect(answers.filter { $0 == "org.freedesktop.DBus.Error.AccessDenied" }.count >= 10, "\(caller.log)")
        #expect(!answers.contains("answered"), "\(caller.log)")
    }
}
