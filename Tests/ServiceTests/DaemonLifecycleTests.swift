import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// The daemon as a whole process: how it stops, how it hands its name over, how the bus starts
/// it, what happens when callers leave, its command line, and its log format.
@Suite("Daemon lifecycle")
struct DaemonLifecycleTests {
    private static let sessionPrefix = "\(BusClient.managerPath.rawValue)/session/"

    // MARK: Stopping

    @Test(
        "SIGTERM and SIGINT end every session with Cancelled(\"shutdown\"), fail the pending pick, restore the terminal and exit 0",
        arguments: [SIGTERM, SIGINT])
    func stopOnSignal(signal: Int32) throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let shown = try fixture.client.showTimePicker(["title": .string("Shown first")])
        let queued = try fixture.client.showTimePicker(["title": .string("Queued second")])
        let picker = try fixture.newClient()
        let pickPath = try #require(ObjectPath(Self.sessionPrefix + "\(picker.senderElement)/pending"))
        let pick = try picker.startCall("PickTimeRange", [.vardict(["handle_token": .string("pending")])])
        // All three sessions are in the daemon once the screen counts two waiting.
        try screen.waitForScreen(containing: "2 more pickers waiting")
        try screen.waitForScreen(containing: "Shown first")
        #expect(!screen.isCooked, "the picker has the terminal in raw mode")

        fixture.daemon.send(signal)

        for path in [shown, queued, pickPath] {
            #expect(try fixture.client.waitForSignal("Cancelled", path: path).strings == ["shutdown"], "session \(path)")
        }
        let reply = try picker.waitForReply(to: pick)
        #expect(reply.kind == .error)
        #expect(reply.errorName == "io.github.timepickerd.TimePicker1.Error.Cancelled")
        #expect(reply.errorMessage == "shutdown")
        #expect(try fixture.daemon.waitForExit() == 0, "log:\n\(fixture.daemon.log)")
        #expect(screen.isCooked, "the daemon gave the terminal back in line mode before exiting")
        #expect(fixture.client.receivedSignals("Selected").isEmpty)
    }

    // MARK: Name ownership

    @Test("A second instance is refused while one runs, with one line that points at --replace")
    func secondInstanceRefused() throws {
        let fixture = try Fixture(arguments: ["--ui", "notification"], withTerminal: false)
        let owner = try fixture.client.connection.nameOwner(of: BusClient.service)

        let second = try DaemonProcess(bus: fixture.bus, arguments: ["--ui", "notification"])
        #expect(try second.waitForExit() == 1, "log:\n\(second.log)")
        let lines = second.log.split(separator: "\n")
        #expect(lines.count == 1, "the refusal is one line; log:\n\(second.log)")
        #expect(lines.filter { $0.contains("--replace") }.count == 1, "log:\n\(second.log)")

        // The first instance is untouched.
        #expect(fixture.daemon.process.isRunning)
        #expect(try fixture.client.connection.nameOwner(of: BusClient.service) == owner)
        #expect(try fixture.client.property("Version") == .uint32(1))
    }

    @Test("--replace takes the name over: the old instance cancels its sessions with 'shutdown' and exits 0")
    func replace() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let oldOwner = try fixture.client.connection.nameOwner(of: BusClient.service)
        #expect(try fixture.client.property("UserInterface") == .string("terminal"))
        // The client subscribed by the well-known name, as apps do: the old instance must say
        // Cancelled while it still owns the name, or the rule would no longer match it.
        let handle = try fixture.client.showTimePicker(["title": .string("Before the takeover")])
        try screen.waitForScreen(containing: "Before the takeover")

        let successor = try DaemonProcess(bus: fixture.bus, arguments: ["--ui", "notification", "--replace"])

        #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["shutdown"])
        #expect(try fixture.daemon.waitForExit() == 0, "log:\n\(fixture.daemon.log)")
        #expect(screen.isCooked, "the old instance gave the terminal back in line mode")
        var newOwner: BusName?
        try waitUntil("another connection to own the name") {
            newOwner = try? fixture.client.connection.nameOwner(of: BusClient.service)
            return newOwner != nil && newOwner != oldOwner
        }
        #expect(try fixture.client.processID(of: newOwner?.rawValue ?? "") == successor.process.pid)
        #expect(try fixture.client.property("UserInterface") == .string("notification"))
        #expect(successor.process.isRunning, "log:\n\(successor.log)")

        successor.send(SIGTERM)
        #expect(try successor.waitForExit() == 0, "log:\n\(successor.log)")
    }

    // MARK: Activation

    @Test("D-Bus activation through the bus's service directory starts the daemon; it leaves with its bus")
    func activation() throws {
        let bus = try PrivateBus()
        try bus.installActivationFile()
        let client = try BusClient(bus: bus)
        #expect(try !client.nameHasOwner(BusClient.service.rawValue), "nothing runs before the call")

        // A call to the name (libdbus asks for auto-start by default) makes the bus start it.
        #expect(try client.property("Version") == .uint32(1))
        let pid = try client.processID(of: BusClient.service.rawValue)
        #expect(processIsAlive(pid))
        #expect(try client.property("UserInterface") == .string("notification"))

        bus.stop()
        try waitUntil("the activated daemon (pid \(pid)) to exit once its bus is gone") { !processIsAlive(pid) }
    }

    // MARK: Callers leaving

    @Test("A ShowTimePicker session outlives its caller: busctl calls and exits, another client sees it through")
    func sessionOutlivesCaller() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let busctl = try CapturedCommand.run(
            "/usr/bin/busctl",
            ["--address=\(fixture.bus.address)", "call", BusClient.service.rawValue, BusClient.managerPath.rawValue,
             BusClient.managerInterface.rawValue, "ShowTimePicker", "a{sv}", "2",
             "handle_token", "s", "outlive", "title", "s", "Left behind"],
            environment: fixture.bus.environment, directory: fixture.bus.directory)
        #expect(busctl.termination == .exited(0), "busctl said: \(busctl.stderr)")

        // busctl prints the reply as: o "/io/github/timepickerd/TimePicker1/session/1_5/outlive"
        let printed = busctl.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(printed.hasPrefix("o \"") && printed.hasSuffix("\""), "busctl printed: \(printed)")
        let handle = try #require(ObjectPath(String(printed.dropFirst(3).dropLast())), "busctl printed: \(printed)")
        #expect(handle.rawValue.hasPrefix(Self.sessionPrefix) && handle.rawValue.hasSuffix("/outlive"), "handle \(handle)")

        // busctl's unique name is in the path; once the bus has seen it leave, anything the bus
        // told the daemon about it is queued ahead of the calls below.
        let element = handle.rawValue.dropFirst(Self.sessionPrefix.count).split(separator: "/").first ?? ""
        let callerName = ":" + element.replacingOccurrences(of: "_", with: ".")
        try waitUntil("busctl's connection \(callerName) to leave the bus") { try !fixture.client.nameHasOwner(callerName) }

        #expect(try fixture.client.property("Title", path: handle, interface: BusClient.sessionInterface) == .string("Left behind"))
        try screen.waitForScreen(containing: "Left behind")
        screen.type(Keys.enter)
        #expect(try fixture.client.waitForSignal("Selected", path: handle).strings == ["01:00", "02:00"])
        #expect(fixture.client.receivedSignals("Cancelled").isEmpty)
        try waitUntil("the terminal back in line mode") { screen.isCooked }
    }

    @Test("A PickTimeRange caller killed mid-session: the session ends with Cancelled(\"caller\")")
    func pickCallerKilled() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let busctl = try CapturedCommand(
            "/usr/bin/busctl",
            ["--address=\(fixture.bus.address)", "--timeout=300", "call", BusClient.service.rawValue, BusClient.managerPath.rawValue,
             BusClient.managerInterface.rawValue, "PickTimeRange", "a{sv}", "1", "title", "s", "Caller about to die"],
            environment: fixture.bus.environment, directory: fixture.bus.directory)
        try screen.waitForScreen(containing: "Caller about to die")
        #expect(!screen.isCooked)
        let callerName = try fixture.client.uniqueName(ofProcess: busctl.process.pid)
        let element = String(callerName.dropFirst().replacingOccurrences(of: ".", with: "_"))

        busctl.process.send(SIGKILL)
        #expect(try busctl.process.waitForExit() == .signalled(SIGKILL))

        let cancelled = try fixture.client.waitForSignal("Cancelled")
        #expect(cancelled.strings == ["caller"], "daemon log:\n\(fixture.daemon.log)")
        let path = try #require(cancelled.path)
        #expect(path.rawValue.hasPrefix(Self.sessionPrefix + element + "/"), "the session of \(callerName), not \(path)")
        try waitUntil("the terminal back in line mode") { screen.isCooked }
        let gone = dbusError { _ = try fixture.client.property("Title", path: path, interface: BusClient.sessionInterface) }
        #expect(gone?.name == "org.freedesktop.DBus.Error.UnknownObject")
        #expect(fixture.daemon.process.isRunning, "the daemon keeps serving")
        #expect(try fixture.client.property("Version") == .uint32(1))
    }

    // MARK: No user interface

    @Test("Without a user interface: sessions end with Cancelled(\"unavailable\"), PickTimeRange fails with NoUserInterface")
    func noUserInterface() throws {
        let fixture = try Fixture(arguments: ["--ui", "notification"], withTerminal: false)
        #expect(try fixture.client.property("UserInterface") == .string("notification"))

        let handle = try fixture.client.showTimePicker(["handle_token": .string("nowhere")])
        #expect(handle.rawValue == Self.sessionPrefix + "\(fixture.client.senderElement)/nowhere")
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["unavailable"])

        let pickPath = try #require(ObjectPath(Self.sessionPrefix + "\(fixture.client.senderElement)/picking"))
        let error = dbusError { _ = try fixture.client.call("PickTimeRange", [.vardict(["handle_token": .string("picking")])]) }
        #expect(error?.name == "io.github.timepickerd.TimePicker1.Error.NoUserInterface", "got \(String(describing: error))")
        // The pick's session emitted its signal as usual.
        #expect(try fixture.client.waitForSignal("Cancelled", path: pickPath).strings == ["unavailable"])
        #expect(fixture.daemon.process.isRunning)
    }

    // MARK: Command line

    @Test("--help prints the usage on stdout and exits 0")
    func help() throws {
        let result = try runDaemonCommandLine(["--help"])
        #expect(result.termination == .exited(0))
        #expect(result.stdout.contains("Usage: timepickerd"), "stdout: \(result.stdout)")
        #expect(result.stdout.contains("--ui"))
        #expect(result.stdout.contains("--replace"))
        #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
    }

    @Test("--version prints 'timepickerd VERSION' and exits 0")
    func version() throws {
        let result = try runDaemonCommandLine(["--version"])
        #expect(result.termination == .exited(0))
        #expect(result.stdout.wholeMatch(of: /timepickerd [0-9]+(\.[0-9]+)+(-[0-9A-Za-z.-]+)?\n/) != nil, "stdout: \(result.stdout)")
        #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
    }

    @Test(
        "A command line it cannot understand exits 2 with a short message naming the problem",
        arguments: [
            (["--frobnicate"], "--frobnicate"),
            (["--ui", "bogus"], "bogus"),
            (["--ui"], "--ui"),
            (["--verbose=yes"], "--verbose"),
            (["stray"], "stray"),
        ])
    func usageErrors(arguments: [String], named: String) throws {
        let result = try runDaemonCommandLine(arguments)
        #expect(result.termination == .exited(2))
        let lines = result.stderr.split(separator: "\n")
        #expect((1...2).contains(lines.count), "stderr: \(result.stderr)")
        #expect(lines.first?.contains(named) == true, "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty, "stdout: \(result.stdout)")
    }

    @Test("--ui terminal without a terminal exits 2 and says a terminal is needed")
    func terminalWithoutTerminal() throws {
        let result = try runDaemonCommandLine(["--ui", "terminal"])
        #expect(result.termination == .exited(2), "stderr: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.stderr)")
        #expect(lines.first?.contains("--ui terminal") == true, "stderr: \(result.stderr)")
        #expect(lines.first?.contains("terminal on stdin") == true || lines.first?.contains("needs a terminal") == true, "stderr: \(result.stderr)")
    }

    // MARK: Logging

    @Test("With JOURNAL_STREAM naming its stderr, as systemd sets it, every log line starts with a <N> syslog priority")
    func journalPriorities() throws {
        // systemd sets JOURNAL_STREAM to the device and inode of the stream it gives as stderr:
        // here the log file, read by a shell that then becomes the daemon.
        let fixture = try Fixture(
            arguments: ["--ui", "notification", "--verbose"], withTerminal: false,
            launcher: ["/bin/sh", "-c", #"JOURNAL_STREAM=$(stat -L -c %d:%i /proc/self/fd/2) exec "$0" "$@""#])
        let handle = try fixture.client.showTimePicker(["title": .string("For the journal")])
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["unavailable"])
        try waitUntil("the daemon to log the session") { fixture.daemon.log.contains(handle.rawValue) }

        let log = fixture.daemon.log
        let lines = log.split(separator: "\n")
        #expect(lines.count >= 2, "log:\n\(log)")
        for line in lines {
            #expect(line.wholeMatch(of: /<[0-7]>[^<].*/) != nil, "not a journal line: \(line)")
        }
        #expect(lines.contains { $0.hasPrefix("<5>") }, "the start-up notice; log:\n\(log)")
        #expect(lines.contains { $0.hasPrefix("<6>") && $0.contains("ShowTimePicker") }, "log:\n\(log)")
        #expect(!log.contains("timepickerd: "), "no plain-stderr prefix in journal mode")
    }

    @Test("A JOURNAL_STREAM inherited by a daemon whose stderr is elsewhere is not the journal: plain lines")
    func inheritedJournalStream() throws {
        let fixture = try Fixture(
            arguments: ["--ui", "notification", "--verbose"], withTerminal: false, environment: ["JOURNAL_STREAM": "1:1"])
        let handle = try fixture.client.showTimePicker(["title": .string("Not for the journal")])
        try waitUntil("the daemon to log the session") { fixture.daemon.log.contains(handle.rawValue) }
        let lines = fixture.daemon.log.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("timepickerd: ") }, "log:\n\(fixture.daemon.log)")
    }
}

// MARK: - Helpers for these tests

extension BusClient {
    /// Calls a method of the bus daemon itself.
    fileprivate func callBus(_ member: MemberName, _ arguments: [DBusValue]) throws -> [DBusValue] {
        try call(member, path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", destination: "org.freedesktop.DBus", arguments)
    }

    /// The process id of the connection that owns `name`, as the bus knows it.
    fileprivate func processID(of name: String) throws -> pid_t {
        guard case .uint32(let pid)? = try callBus("GetConnectionUnixProcessID", [.string(name)]).first else {
            throw HarnessError("GetConnectionUnixProcessID gave no uint32 for \(name)")
        }
        return pid_t(pid)
    }

    /// The unique name of the (only) connection of process `pid`.
    fileprivate func uniqueName(ofProcess pid: pid_t) throws -> String {
        guard case .array(_, let elements)? = try callBus("ListNames", []).first else {
            throw HarnessError("ListNames gave no array")
        }
        let names = elements.compactMap { if case .string(let name) = $0, name.hasPrefix(":") { name } else { nil } }
        let matching = names.filter { (try? processID(of: $0)) == pid }
        guard matching.count == 1, let name = matching.first else {
            throw HarnessError("process \(pid) has \(matching.count) connections on the bus: \(matching)")
        }
        return name
    }
}

/// Whether `pid` is a live process (not gone, not a zombie); works for processes that are not
/// our children too, like one the bus started.
private func processIsAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
    return state != "Z" && state != "X"
}

/// Runs the daemon's binary with `arguments`, no terminal, and a session bus address where no
/// bus listens, so that nothing it does can reach a real bus.
private func runDaemonCommandLine(_ arguments: [String]) throws -> CapturedCommand.Result {
    let directory = try makeTemporaryDirectory(prefix: "cli")
    defer { try? FileManager.default.removeItem(at: directory) }
    var environment = ProcessInfo.processInfo.environment
    environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(directory.path)/no-bus-here"
    environment.removeValue(forKey: "JOURNAL_STREAM")
    return try CapturedCommand.run(DaemonProcess.binary, arguments, environment: environment, directory: directory)
}
