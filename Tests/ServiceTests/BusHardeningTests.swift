import DBusKit
import Foundation
import Glibc
import SystemKit
import TestHarness
import Testing

/// Peers that lie about nothing but are careless or hostile in other ways: a Cancel from someone
/// the bus can no longer name, a 60 MB title, a daemon short of descriptors, signals nobody
/// handles, text that hides itself.
@Suite("Hardening: the bus side")
struct BusHardeningTests {
    static let session = "io.github.timepickerd.TimePicker1.Session"

    @Test("A Cancel from another user who left before the bus could say who it was is refused, never taken as the daemon's own user", .actsAsOtherUser)
    func cancelFromUnknownUserRefused() throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker(["title": .string("Mine")])
        try fixture.screen.waitForScreen(containing: "Mine")
        for _ in 0..<3 {
            // The daemon is stopped while the caller sends and leaves, so that when it reads the
            // call, the bus can no longer say who sent it.
            let caller = try LeavingCaller.send(
                on: fixture, asNobody: true, path: handle, interface: Self.session, method: "Cancel")
            try waitUntil("the daemon to refuse the Cancel of \(caller)") {
                fixture.daemon.log.contains("answering Cancel from \(caller) with org.freedesktop.DBus.Error.AccessDenied: the bus cannot say which user")
            }
        }
        _ = try fixture.client.call("Ping", interface: "org.freedesktop.DBus.Peer")
        #expect(fixture.client.receivedSignals("Cancelled").isEmpty, "daemon log:\n\(fixture.daemon.log.suffix(2000))")
        #expect(try fixture.client.property("Title", path: handle, interface: BusClient.sessionInterface) == .string("Mine"))
    }

    @Test("A picker asked for by a caller that left before the bus could say who it was is refused: nothing is shown")
    func unknownCallerShowsNothing() throws {
        let fixture = try Fixture()
        let creator = try LeavingCaller.send(
            on: fixture, asNobody: false, path: BusClient.managerPath, interface: BusClient.managerInterface.rawValue,
            method: "ShowTimePicker", options: ["handle_token": "orphan", "title": "Orphan"])
        try waitUntil("the daemon to refuse it") {
            fixture.daemon.log.contains("answering ShowTimePicker from \(creator) with org.freedesktop.DBus.Error.AccessDenied: the bus cannot say which user")
        }
        let handle = try fixture.client.showTimePicker(["title": .string("After")])
        let screen = try fixture.screen.waitForScreen(containing: "After")
        #expect(!screen.contains("Orphan"), "\(screen)")
        #expect(!screen.contains("waiting"), "\(screen)")
        _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["caller"])
    }

    @Test("The daemon asks the bus who a caller is before it answers: busctl's session (busctl leaves with its reply) can be cancelled by its user")
    func creatorAskedAboutBeforeTheReply() throws {
        let fixture = try Fixture()
        let monitor = try DBusConnection.connect(address: fixture.bus.address)
        _ = try monitor.callMethod(
            "BecomeMonitor", destination: .messageBus, path: .messageBus, interface: InterfaceName("org.freedesktop.DBus.Monitoring"),
            [.array(elementSignature: "s", elements: []), .uint32(0)], timeoutMilliseconds: 5000)
        let busctl = try CapturedCommand.run(
            "/usr/bin/busctl", ["--user", "call", "io.github.timepickerd.TimePicker1", "/io/github/timepickerd/TimePicker1",
                                "io.github.timepickerd.TimePicker1", "ShowTimePicker", "a{sv}", "1", "handle_token", "s", "quick"],
            environment: fixture.bus.environment, directory: fixture.bus.directory)
        #expect(busctl.termination == .exited(0), "\(busctl.stderr)")
        let path = try #require(busctl.stdout.split(separator: "\"").dropFirst().first.flatMap { ObjectPath(String($0)) })
        let element = path.rawValue.split(separator: "/").dropLast().last.map(String.init) ?? ""
        let caller = ":" + element.replacingOccurrences(of: "_", with: ".")

        // What the bus saw, in order: the question about busctl, then the daemon's reply to it.
        var events: [String] = []
        try waitUntil("the monitor to see the daemon's reply to busctl") {
            while let message = monitor.nextMessage(timeoutMilliseconds: 50) {
                if message.kind == .methodCall, message.member?.rawValue == "GetConnectionCredentials",
                   case .string(caller)? = try? message.arguments().first {
                    events.append("asked")
                }
                if message.kind == .methodReturn, message.destination?.rawValue == caller, message.sender != .messageBus {
                    events.append("replied")
                }
            }
            return events.contains("replied")
        }
        #expect(events.first == "asked", "\(events) \(caller)")
        _ = try fixture.client.call("Cancel", path: path, interface: BusClient.sessionInterface)
        #expect(try fixture.client.waitForSignal("Cancelled", path: path).strings == ["caller"])
    }

    @Test("A 60 MB title is refused at once, and other callers are answered meanwhile")
    func hugeTitle() throws {
        let fixture = try Fixture(arguments: ["--ui", "notification", "--verbose"], withTerminal: false)
        let title = String(repeating: "a", count: 60 * 1024 * 1024)
        // The same 60 MB first to a method the daemon does not have, from a caller it knows
        // (the daemon reads no argument of it): what the bus and libdbus take to pass the
        // message on, on this machine at this moment.
        let known = try BusClient(bus: fixture.bus)
        _ = try known.property("Version")
        let unknown = try probedCall(fixture, from: known, "NoSuchMethod", title: title)
        #expect(unknown.error?.name == "org.freedesktop.DBus.Error.UnknownMethod", "answer: \(unknown.error.map { "\($0)" } ?? "a reply")")
        // Then from a caller never seen, whose call the daemon reads before the bus has said
        // who it is.
        let refused = try probedCall(fixture, from: try BusClient(bus: fixture.bus), "ShowTimePicker", title: title)
        #expect(refused.error?.name == "org.freedesktop.DBus.Error.InvalidArgs", "answer: \(refused.error.map { "\($0)" } ?? "a session")")
        #expect(refused.error?.message.contains("bytes") == true, "message: \(refused.error?.message ?? "")")
        // The bus hands the daemon its messages in order: another caller's call waits behind the
        // 60 MB one while dbus-daemon passes it on (about 0.75 s on two cores, alone: `make
        // test` runs it by itself, last, SOLO_TESTS), whatever the method. A daemon that read the
        // whole title before refusing it, or stalled on it, would take seconds more.
        if SanitizerBuild.measuresFigures {
            #expect(refused.worstWait < 2 * unknown.worstWait + 0.5, "another caller waited \(Int(refused.worstWait * 1000)) ms for an answer, \(Int(unknown.worstWait * 1000)) ms behind the same message to no method")
        }
        print("  60 MB title: another caller's slowest answer took \(Int(refused.worstWait * 1000)) ms (\(Int(unknown.worstWait * 1000)) ms behind the same message to no method); daemon peak \(try peakResidentKiB(of: fixture.daemon.process.pid)) KiB")
    }

    /// Calls `method` with the options {title: `title`} from `sender` while another caller asks
    /// for a property every 5 ms: the error it was answered with, and the probes' slowest answer.
    private func probedCall(_ fixture: Fixture, from sender: BusClient, _ method: MemberName, title: String) throws -> (error: DBusFailure?, worstWait: Double) {
        let probe = LatencyProbe(client: try BusClient(bus: fixture.bus))
        let probing = Thread { probe.run() }
        probing.start()
        let error = dbusError { _ = try sender.call(method, [.vardict(["title": .string(title)])], seconds: 60) }
        // A few more probes after the answer, then stop.
        let answeredBefore = probe.answered
        try waitUntil("three more probes") { probe.answered >= answeredBefore + 3 }
        probe.stop()
        try waitUntil("the prober to stop") { probing.isFinished }
        return (error, probe.worst)
    }

    @Test("Short of descriptors, terminals are refused well before the limit, and the daemon keeps its bus")
    func descriptorExhaustion() throws {
        let fixture = try ClientHarness.headlessFixture()
        let pid = fixture.daemon.process.pid
        let limited = try CapturedCommand.run(
            "/usr/bin/prlimit", ["--pid", "\(pid)", "--nofile=64:64"], environment: fixture.bus.environment, directory: fixture.bus.directory)
        try #require(limited.termination == .exited(0), "prlimit said: \(limited.stderr)")
        var screens: [PseudoTerminal] = []
        defer { screens.forEach { $0.close() } }
        var opened: [ObjectPath] = []
        var refusal: DBusFailure?
        var clients: [BusClient] = []
        while refusal == nil, screens.count < 60 {
            let screen = try PseudoTerminal()
            screens.append(screen)
            // Per caller at most 16 sessions: a caller for every 8 terminals.
            if opened.count % 8 == 0 { clients.append(try BusClient(bus: fixture.bus)) }
            do {
                opened.append(try clients[clients.count - 1].showTimePicker(["terminal": .unixFD(screen.terminal)]))
            } catch let failure as DBusFailure {
                refusal = failure
            }
        }
        #expect(refusal?.name == "io.github.timepickerd.TimePicker1.Error.LimitsExceeded", "after \(opened.count) terminals: \(refusal.map { "\($0)" } ?? "none refused")")
        #expect(refusal?.message.contains("file descriptors") == true)
        // A message with 10 descriptors still fits: the daemon kept a reserve.
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let many = DBusValue.array(elementSignature: "h", elements: Array(repeating: .unixFD(ends[0]), count: 10))
        let error = dbusError { _ = try fixture.client.showTimePicker(["descriptors": many]) }
        #expect(error?.name == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(fixture.daemon.process.isRunning, "daemon log:\n\(fixture.daemon.log.suffix(1500))")
        _ = try fixture.client.call("Ping", interface: "org.freedesktop.DBus.Peer")
        for path in opened {
            #expect((try? fixture.client.property("Start", path: path, interface: BusClient.sessionInterface)) != nil, "\(path) ended")
        }
    }

    @Test("The daemon raises its soft descriptor limit to the hard one at start")
    func raisesDescriptorLimit() throws {
        let bus = try PrivateBus()
        let daemon = try DaemonProcess.serving(
            on: bus, arguments: ["--ui", "notification"], launcher: ["/usr/bin/prlimit", "--nofile=64:4096", "--"])
        defer { daemon.send(SIGKILL) }
        let limits = try String(contentsOfFile: "/proc/\(daemon.process.pid)/limits", encoding: .utf8)
        let line = limits.split(separator: "\n").first { $0.hasPrefix("Max open files") } ?? ""
        #expect(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).prefix(2) == ["4096", "4096"], "\(line)")
    }

    @Test("Signals that would end the process end it as SIGTERM does", arguments: [
        ("SIGQUIT", SIGQUIT), ("SIGUSR1", SIGUSR1), ("SIGUSR2", SIGUSR2), ("SIGALRM", SIGALRM), ("SIGRTMIN+5", SIGRTMIN_PLUS_5),
    ])
    func terminatingSignals(name: String, signal: Int32) throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker()
        try fixture.screen.waitForScreen(containing: "Select start and end time")
        fixture.daemon.send(signal)
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["shutdown"])
        #expect(try fixture.daemon.waitForExit() == 0)
        #expect(try fixture.screen.isCooked)
        #expect(fixture.daemon.log.contains("stopping on \(name)"), "log:\n\(fixture.daemon.log.suffix(500))")
        for crash in ["Backtrace", "Fatal error", "Crash"] { #expect(!fixture.daemon.log.contains(crash)) }
    }

    @Test("Invisible characters in a title are shown as a visible placeholder on the terminal")
    func invisibleCharactersOnTheTerminal() throws {
        let fixture = try Fixture()
        _ = try fixture.client.showTimePicker(["title": .string("Pay\u{200B}day \u{2060}meeting\u{FEFF}")])
        let screen = try fixture.screen.waitForScreen(containing: "Pay\u{FFFD}day \u{FFFD}meeting\u{FFFD}")
        #expect(!screen.unicodeScalars.contains { [0x200B, 0x2060, 0xFEFF].contains($0.value) })
    }

    @Test("Invisible characters in a title are shown as a visible placeholder in the notification")
    func invisibleCharactersInTheNotification() throws {
        let fixture = try NotificationFixture()
        _ = try fixture.client.showTimePicker(["title": .string("Pay\u{200B}day\u{E0041}")])
        let notification = try fixture.mock.waitForNotify()
        #expect(notification.summary == "Pay\u{FFFD}day\u{FFFD}")
    }
}

/// SIGRTMIN + 5: real-time signals default to ending a process too.
private let SIGRTMIN_PLUS_5 = __libc_current_sigrtmin() + 5

/// The most memory `pid` has had resident, VmHWM, in KiB.
func peakResidentKiB(of pid: pid_t) throws -> Int {
    try statusField("VmHWM", ofProcess: pid)
}

/// Asks the daemon for a property every 5 ms on a thread of its own, and keeps the slowest answer.
private final class LatencyProbe: @unchecked Sendable {
    /// Used by the probing thread only, once it runs.
    private let client: BusClient
    private let state = Locked((stop: false, worst: 0.0, answered: 0))

    init(client: BusClient) { self.client = client }

    var worst: Double { state.withLock { $0.worst } }
    /// How many probes have been answered so far.
    var answered: Int { state.withLock { $0.answered } }

    func stop() { state.withLock { $0.stop = true } }

    func run() {
        while !state.withLock({ $0.stop }) {
            let started = Date()
            _ = try? client.property("Version")
            let took = Date().timeIntervalSince(started)
            state.withLock {
                $0.worst = max($0.worst, took)
                $0.answered += 1
            }
            usleep(5_000)
        }
    }
}

/// A caller that sends one call and leaves the bus while the daemon is stopped, so that the
/// daemon reads the call only once the bus can no longer say who sent it.
enum LeavingCaller {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/send-and-leave.py")

    /// Sends `method` on `path` (with `options` as its a{sv}, when given), as `nobody` or as
    /// this user; returns the caller's unique name once the daemon runs again.
    static func send(
        on fixture: Fixture, asNobody: Bool, path: ObjectPath, interface: String, method: String, options: [String: String]? = nil
    ) throws -> String {
        // As nobody, from a copy it can read: the checkout may be closed to it.
        let script = asNobody ? try OtherUser.copies(of: [script], in: fixture.bus.directory)[0] : script.path
        var command = ["/usr/bin/python3", script, fixture.bus.address, "io.github.timepickerd.TimePicker1", path.rawValue, interface, method]
        if let options {
            let data = try JSONSerialization.data(withJSONObject: options)
            command.append(String(decoding: data, as: UTF8.self))
        }
        if asNobody { command = OtherUser.launcher + command }
        fixture.daemon.send(SIGSTOP)
        defer { fixture.daemon.send(SIGCONT) }
        let result = try CapturedCommand.run(command[0], Array(command.dropFirst()), environment: fixture.bus.environment, directory: fixture.bus.directory)
        guard result.termination == .exited(0), let name = result.stdout.split(separator: "\n").first.map(String.init) else {
            throw HarnessError("send-and-leave failed: \(result.stdout) \(result.stderr)")
        }
        try waitUntil("\(name) to be gone from the bus") { try !fixture.client.nameHasOwner(name) }
        return name
    }
}
