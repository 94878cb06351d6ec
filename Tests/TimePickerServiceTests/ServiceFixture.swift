import DBusKit
import DBusKitTesting
import EventLoop
import FrontEndTesting
import Glibc
import Logging
import Testing
import TimePickerCore
import TimePickerService

/// The service on a fake bus, its sessions shown by fake front ends: what a caller sends is
/// delivered by the fake bus, what the service sends is kept there, and the person acts
/// through the fake front ends. No `dbus-daemon`, no terminal, no other process.
final class ServiceFixture {
    let loop = EventLoop()
    let bus: FakeBus
    let service: TimePickerService
    /// The front ends by kind; `preferred` shows sessions that name none.
    let frontEnds: [UserInterfaceKind: FakeFrontEnd]
    /// A caller on the bus, of the daemon's user.
    let caller: BusName
    private let logFile: Int32

    static let manager: ObjectPath = "/io/github/timepickerd/TimePicker1"
    static let managerInterface: InterfaceName = "io.github.timepickerd.TimePicker1"
    static let sessionInterface: InterfaceName = "io.github.timepickerd.TimePicker1.Session"
    static let user: UInt32 = 1000

    /// A service whose front ends are fakes of `kinds`, showing sessions in `preferred` and
    /// falling back to `fallback` when that one could not.
    init(kinds: [UserInterfaceKind] = [.terminal], preferred: UserInterfaceKind = .terminal, fallback: UserInterfaceKind? = nil) {
        bus = FakeBus(loop: loop, defaultUser: Self.user)
        var frontEnds: [UserInterfaceKind: FakeFrontEnd] = [:]
        for kind in kinds { frontEnds[kind] = FakeFrontEnd(kind: kind) }
        self.frontEnds = frontEnds
        var whyMissing: [UserInterfaceKind: String] = [:]
        for kind in UserInterfaceKind.allCases where frontEnds[kind] == nil { whyMissing[kind] = "the test has no \(kind.rawValue)" }
        logFile = open("/dev/null", O_WRONLY | O_CLOEXEC)
        service = TimePickerService(
            bus: bus, loop: loop,
            userInterfaces: UserInterfaces(frontEnds: frontEnds, preferred: preferred, fallback: fallback, whyMissing: whyMissing),
            callerTerminalFrontEnds: { _, _ in FakeFrontEnd() }, log: Logger(program: "timepickerd", verbose: true, output: logFile), ownUser: Self.user,
            defaultClock: { _ in .twentyFourHour })
        service.start()
        caller = bus.connect(user: Self.user, processID: 4242)
    }

    deinit { close(logFile) }

    /// The fake front end of `kind`.
    func frontEnd(_ kind: UserInterfaceKind = .terminal) -> FakeFrontEnd {
        frontEnds[kind] ?? FakeFrontEnd()
    }

    /// Turns the loop until nothing is left to do now (no deferred work, no due timer).
    func settle() {
        for _ in 0..<50 { loop.runOnce(maximumWaitMilliseconds: 0) }
    }

    /// Turns the loop until `condition` holds; records an issue after `seconds`.
    func turn(until what: String, seconds: Double = 5, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool) {
        let deadline = MonotonicClock.now() + Int(seconds * 1000)
        while !condition() {
            guard MonotonicClock.now() < deadline else {
                Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
                return
            }
            loop.runOnce(maximumWaitMilliseconds: 20)
        }
    }

    /// Sends a method call from `sender` (the fixture's caller by default) and lets the service
    /// handle it; returns the call, whose answer `answer(to:)` finds.
    @discardableResult
    func call(
        _ member: MemberName, path: ObjectPath = manager, interface: InterfaceName? = managerInterface, _ arguments: [DBusValue] = [],
        from sender: BusName? = nil, expectsReply: Bool = true
    ) throws -> DBusMessage {
        let call = try bus.deliverCall(
            from: sender ?? caller, path: path, interface: interface, member: member, arguments, expectsReply: expectsReply)
        settle()
        return call
    }

    /// ShowTimePicker with `options`; the session's path from its reply.
    func showTimePicker(_ options: [String: DBusValue] = [:], from sender: BusName? = nil) throws -> ObjectPath {
        let call = try self.call("ShowTimePicker", [.vardict(options)], from: sender)
        let reply = try #require(bus.answer(to: call), "ShowTimePicker was not answered")
        guard reply.kind == .methodReturn, case .objectPath(let path)? = try reply.arguments().first else {
            throw ServiceTestError("ShowTimePicker answered \(reply.errorName?.rawValue ?? "no path"): \(reply.errorMessage ?? "")")
        }
        return path
    }

    /// The error name `call` was answered with, or nil when it was answered with a return (or not yet).
    func errorName(of call: DBusMessage) -> String? {
        bus.answer(to: call)?.errorName?.rawValue
    }

    /// The session id a front end knows the session at `path` by: the last one shown.
    func lastShown(on kind: UserInterfaceKind = .terminal) throws -> PickerSessionID {
        let shows = frontEnd(kind).calls.compactMap { if case .show(let id) = $0 { id } else { nil } }
        return try #require(shows.last, "nothing was shown on the \(kind.rawValue) front end")
    }

    /// The outcome signals (Selected, Cancelled) emitted on `path`, each as its member and arguments.
    func outcomes(on path: ObjectPath) -> [String] {
        bus.sent(where: { $0.kind == .signal && $0.path == path && ($0.member == "Selected" || $0.member == "Cancelled") }).map { signal in
            ([signal.member?.rawValue ?? ""] + ((try? signal.arguments()) ?? []).map { value in
                if case .string(let text) = value { text } else { "\(value)" }
            }).joined(separator: " ")
        }
    }
}

/// A test's own failure, with what went wrong.
struct ServiceTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
