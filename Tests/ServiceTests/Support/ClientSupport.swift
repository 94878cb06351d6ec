import DBusKit
import Foundation
import Glibc
import TestHarness

/// Running the `timepickerctl` binary under test against a private bus.
enum ClientHarness {
    /// Where the client is: beside the test bundle in SwiftPM's build folder, like the daemon.
    static var binary: String {
        if let override = ProcessInfo.processInfo.environment["TIMEPICKERCTL_BINARY"] { return override }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("timepickerctl").path
    }

    /// A daemon with no terminal of its own: a picker can only appear on a terminal a client passes.
    static func headlessFixture() throws -> Fixture {
        try Fixture(arguments: ["--ui", "notification", "--verbose"], withTerminal: false)
    }

    /// Runs the client to its end with stdin from /dev/null (so it passes no terminal).
    static func run(_ arguments: [String], on bus: PrivateBus, seconds: Double = 10) throws -> CapturedCommand.Result {
        try CapturedCommand.run(binary, arguments, environment: bus.environment, directory: bus.directory, seconds: seconds)
    }

    /// Starts the client with stdin from /dev/null and its output going to files; `environment`
    /// adds to or replaces the bus's (such as TZ).
    static func start(_ arguments: [String], on bus: PrivateBus, environment: [String: String] = [:]) throws -> CapturedCommand {
        try CapturedCommand(binary, arguments, environment: bus.environment.merging(environment) { $1 }, directory: bus.directory)
    }

    /// A bus whose service directory starts the daemon on the first call, with the notification
    /// user interface (no terminal of its own).
    static func activatingBus() throws -> PrivateBus {
        let bus = try PrivateBus()
        try bus.installActivationFile()
        return bus
    }
}

/// `timepickerctl` on a pseudo-terminal as a person runs it: stdin and stderr are the terminal,
/// stdout goes to a file (as in `read start end < <(timepickerctl pick)`).
final class ClientOnTerminal {
    let process: ChildProcess
    let screen: PseudoTerminal
    private let stdoutFile: URL

    /// With `asSessionLeader`, the client leads a session whose controlling terminal is the
    /// screen (as in a terminal window); `stdinPath` opens its stdin afresh, read-only, as a
    /// shell's `< /dev/tty` or `< $(tty)` does.
    convenience init(
        _ arguments: [String], on bus: PrivateBus, screen: PseudoTerminal, asSessionLeader: Bool = false, stdinPath: String? = nil
    ) throws {
        try self.init(
            arguments, environment: bus.environment, directory: bus.directory, screen: screen,
            asSessionLeader: asSessionLeader, stdinPath: stdinPath)
    }

    /// The client with `environment`, its stdout kept in `directory`.
    init(
        _ arguments: [String], environment: [String: String], directory: URL, screen: PseudoTerminal,
        asSessionLeader: Bool = false, stdinPath: String? = nil
    ) throws {
        self.screen = screen
        stdoutFile = directory.appendingPathComponent("timepickerctl-\(UUID().uuidString.prefix(6)).stdout")
        let output = try openForChild(stdoutFile.path, write: true)
        defer { close(output) }
        process = try ChildProcess(
            ClientHarness.binary, arguments, environment: environment,
            stdin: screen.terminal, stdout: output, stderr: screen.terminal,
            controllingTerminal: asSessionLeader ? try screen.path : nil, stdinPath: stdinPath)
    }

    /// What the client printed on stdout.
    var stdout: String { (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "" }

    /// Everything written to the terminal, escape sequences removed: the pickers and the
    /// client's stderr.
    var terminalText: String { screen.allText }

    /// Waits for the client to exit, then for what it wrote on the terminal to be read.
    func waitForExit(seconds: Double = 10) throws -> ChildProcess.Termination {
        let termination = try process.waitForExit(seconds: seconds)
        try screen.waitUntilDrained()
        return termination
    }
}

extension BusClient {
    /// Waits for the Selected or Cancelled signal of the session made by the timepickerctl
    /// process `pid` (its handle_token starts with "timepickerctl_<pid>_").
    func waitForOutcome(ofClient pid: pid_t, seconds: Double = 10) throws -> DBusMessage {
        try waitForMessage(seconds: seconds, "the outcome of timepickerctl \(pid)'s session") {
            $0.kind == .signal && ($0.member == "Selected" || $0.member == "Cancelled")
                && ($0.path?.rawValue.contains("/timepickerctl_\(pid)_") ?? false)
        }
    }
}

/// How many descriptors process `pid` has open.
func openDescriptorCount(of pid: pid_t) throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
}

/// A stand-in for the service that owns its bus name and lets the test answer each call, to
/// see exactly what the client sends and how it takes answers a real daemon would not give.
final class FakeService {
    let bus: BusClient

    init(bus: PrivateBus) throws {
        self.bus = try BusClient(bus: bus)
        guard try self.bus.connection.requestName(BusClient.service, flags: [.doNotQueue]) == .primaryOwner else {
            throw HarnessError("the fake service could not own \(BusClient.service)")
        }
    }

    /// Waits for a PickTimeRange call; returns it and its options (descriptors in them closed).
    func nextPick() throws -> (DBusMessage, [String: DBusValue]) {
        let call = try bus.waitForMessage(seconds: 10, "a PickTimeRange call") {
            $0.kind == .methodCall && $0.member == "PickTimeRange"
        }
        let arguments = try call.arguments()
        arguments.flatMap(\.unixFDs).forEach { close($0) }
        var options: [String: DBusValue] = [:]
        for (key, value) in arguments.first?.stringKeyedEntries ?? [] {
            if case .variant(let inner) = value { options[key] = inner }
        }
        return (call, options)
    }

    /// Answers `call` with an error.
    func answer(_ call: DBusMessage, error name: ErrorName, _ message: String) throws {
        bus.connection.send(try call.makeError(name: name, message: message))
        bus.connection.flush()
    }

    /// Answers `call` with a range.
    func answer(_ call: DBusMessage, start: String, end: String) throws {
        let reply = try call.makeReturn()
        try reply.append(.string(start), .string(end))
        bus.connection.send(reply)
        bus.connection.flush()
    }

    /// Emits a session signal, broadcast or addressed to `destination`.
    func emit(_ member: MemberName, on path: ObjectPath, _ arguments: [DBusValue], to destination: BusName? = nil) throws {
        let signal = try DBusMessage.signal(path: path, interface: BusClient.sessionInterface, member: member)
        try signal.append(contentsOf: arguments)
        if let destination { signal.setDestination(destination) }
        bus.connection.send(signal)
        bus.connection.flush()
    }
}

/// Milliseconds of CPU (user and system) process `pid` uses over the next `seconds`.
func cpuMilliseconds(of pid: pid_t, over seconds: Double) throws -> Int {
    func ticks() throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
        guard let close = stat.lastIndex(of: ")") else { throw HarnessError("unreadable /proc/\(pid)/stat") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw HarnessError("unreadable /proc/\(pid)/stat")
        }
        return user + system
    }
    let before = try ticks()
    usleep(useconds_t(seconds * 1_000_000))
    let ticksPerSecond = sysconf(Int32(_SC_CLK_TCK))
    return (try ticks() - before) * 1000 / ticksPerSecond
}
