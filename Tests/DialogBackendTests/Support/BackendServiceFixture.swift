import DBusKit
import DBusKitTesting
@testable import DialogBackend
import EventLoop
import Glibc
import Logging

/// A `BackendService` on a `FakeBus`, with fake dialog windows and no display: what the tests of
/// the backend's bus side run on, in one process, without GTK or a dbus-daemon.
///
/// The tests play the backend's callers (`caller()`, `showPicker`, `update`, `close`) and the
/// person in front of each window (`FakeDialogWindow`). Names are spelled out, as on the wire.
@MainActor
final class BackendServiceFixture {
    static let path: ObjectPath = "/io/github/timepickerd/impl/TimePicker1"
    static let interface: InterfaceName = "io.github.timepickerd.impl.TimePicker1"

    let loop = EventLoop()
    let bus: FakeBus
    let windows = FakeDialogWindows()
    let service: BackendService
    private let idleExits: Counter

    /// A backend that sees `display`, and leaves after `idleTimeoutSeconds` without use.
    init(display: DisplayAvailability = .available, idleTimeoutSeconds: UInt32 = 30) {
        bus = FakeBus(loop: loop, defaultUser: getuid())
        let backendLoop = EventLoopBackendLoop(loop)
        let exits = Counter()
        let idle = IdleExit(seconds: idleTimeoutSeconds, loop: backendLoop) { exits.count += 1 }
        service = BackendService(
            bus: bus, loop: backendLoop, windows: windows, display: display, idle: idle,
            log: Logger(program: "DialogBackendTests", verbose: false))
        service.start()
        idleExits = exits
    }

    /// How many times the idle exit said the backend should leave.
    var idleExitCount: Int { idleExits.count }

    /// A caller of the backend's own user, or of `user`.
    func caller(user: UInt32? = nil) -> BusName { bus.connect(user: user) }

    // MARK: Calls

    /// ShowPicker from `caller` for `handle`; `title` tells its window from the others.
    @discardableResult
    func showPicker(
        from caller: BusName, _ handle: ObjectPath, title: String = "A dialog", parentWindow: String = "",
        options: [String: DBusValue] = [:], expectsReply: Bool = true
    ) throws -> DBusMessage {
        var options = options
        options["title"] = .string(title)
        return try call(from: caller, "ShowPicker", [.objectPath(handle), .string(parentWindow), .vardict(options)], expectsReply: expectsReply)
    }

    /// Update from `caller` of the dialog `handle` with `state`.
    @discardableResult
    func update(from caller: BusName, _ handle: ObjectPath, _ state: [String: DBusValue], expectsReply: Bool = true) throws -> DBusMessage {
        try call(from: caller, "Update", [.objectPath(handle), .vardict(state)], expectsReply: expectsReply)
    }

    /// Close from `caller` of the dialog `handle`.
    @discardableResult
    func close(from caller: BusName, _ handle: ObjectPath, expectsReply: Bool = true) throws -> DBusMessage {
        try call(from: caller, "Close", [.objectPath(handle)], expectsReply: expectsReply)
    }

    /// The method `member` of the backend's interface, from `caller`.
    @discardableResult
    func call(
        from caller: BusName, _ member: MemberName, _ arguments: [DBusValue], interface: InterfaceName? = interface,
        expectsReply: Bool = true
    ) throws -> DBusMessage {
        try bus.deliverCall(from: caller, path: Self.path, interface: interface, member: member, arguments, expectsReply: expectsReply)
    }

    // MARK: Answers

    /// The response and results ShowPicker `call` was answered with; nil while unanswered.
    func pickerAnswer(to call: DBusMessage) throws -> PickerAnswer? {
        guard let answer = bus.answer(to: call) else { return nil }
        if let error = answer.errorName { return PickerAnswer(error: error.rawValue) }
        let values = try answer.arguments()
        guard case .uint32(let response)? = values.first, let entries = values.dropFirst().first?.stringKeyedEntries else {
            return PickerAnswer(error: "a reply of type \(answer.signature)")
        }
        var results: [String: String] = [:]
        for (key, value) in entries {
            if case .variant(.string(let text)) = value { results[key] = text }
        }
        return PickerAnswer(response: response, results: results)
    }

    /// The error `call` was answered with, "" for a plain reply, nil while unanswered.
    func errorAnswer(to call: DBusMessage) -> String? {
        guard let answer = bus.answer(to: call) else { return nil }
        return answer.errorName?.rawValue ?? ""
    }

    /// Every reply or error the backend sent, to any call.
    var answersSent: [DBusMessage] { bus.sent { $0.kind == .methodReturn || $0.kind == .error } }

    /// The (handle, text) of each `member` signal sent to `caller`, in order.
    func signals(_ member: MemberName, to caller: BusName) throws -> [String] {
        try bus.signals(member).filter { $0.destination == caller }.map { signal in
            let values = try signal.arguments()
            guard case .objectPath(let handle)? = values.first, case .string(let text)? = values.dropFirst().first else {
                return "a signal of type \(signal.signature)"
            }
            return "\(handle) \(text)"
        }
    }

    // MARK: Running

    /// Runs the loop until `condition` holds; false when 2 s went by first.
    @discardableResult
    func run(until condition: () throws -> Bool) rethrows -> Bool {
        let deadline = MonotonicClock.now() + 2000
        while try !condition() {
            guard MonotonicClock.now() < deadline else { return false }
            loop.runOnce(maximumWaitMilliseconds: 10)
        }
        return true
    }

    /// Runs the loop's turns until whatever was set going has happened (the fake bus and the
    /// backend defer only to the next turn, or to a timer due at once): before checking what
    /// must not have happened.
    func settle() {
        for _ in 0..<50 { loop.runOnce(maximumWaitMilliseconds: 0) }
    }
}

/// How a ShowPicker call was answered.
struct PickerAnswer: Equatable, CustomStringConvertible {
    var response: UInt32?
    var results: [String: String] = [:]
    /// The error's name, for a call refused.
    var error: String?

    init(response: UInt32, results: [String: String]) {
        self.response = response
        self.results = results
    }

    init(error: String) { self.error = error }

    var description: String { error ?? "\(response.map(String.init) ?? "?") \(results.sorted { $0.key < $1.key })" }
}

/// A number a closure can bump.
private final class Counter {
    var count = 0
}
