import DBusKit
import Foundation
import Glibc
import TestHarness

/// A notification server on a private bus: python3-dbusmock's `notification_daemon` template,
/// run by Debian's `/usr/bin/python3`.
///
/// The test watches what the daemon asks of it through the mock's `MethodCalled` signal (one
/// per call, in the order the mock handled them) and plays the person and the server by having
/// the mock emit `ActionInvoked` and `NotificationClosed`.
final class MockNotificationServer {
    static let busName = NotificationServerProcess.busName
    static let path = NotificationServerProcess.path
    static let interface = "org.freedesktop.Notifications"
    static let mockInterface = NotificationServerProcess.mockInterface
    /// What a server that can show the picker advertises.
    static let fullCapabilities = NotificationServerProcess.fullCapabilities

    /// The python3-dbusmock process.
    private let server: NotificationServerProcess
    var process: ChildProcess { server.process }
    /// The mock's unique name on the bus.
    let uniqueName: String
    /// Sends the mock its instructions (AddMethod, the harness's methods, GetCalls).
    private let control: BusClient
    /// Receives the mock's MethodCalled signals, and nothing else.
    private let observer: BusClient
    /// Every call the mock reported, in the order it handled them.
    private var calls: [Call] = []
    /// Indices of `calls` that a wait has already returned.
    private var taken: Set<Int> = []
    /// More to say when a wait times out (the daemon's log).
    var diagnostics: (() -> String)?
    /// The id the mock gives the next Notify without replaces_id (its `next_id`, which starts at 1).
    private var nextFreshID: UInt32 = 1

    /// One call the mock received, its arguments unwrapped from their variants.
    struct Call: CustomStringConvertible {
        let method: String
        let arguments: [DBusValue]
        /// Set for Notify calls.
        let notification: Notification?

        var description: String { notification.map { "Notify \($0)" } ?? "\(method)\(arguments)" }

        /// The notification id of a CloseNotification call (the template declares it 'i'), or of
        /// the harness's Close and InvokeThenClose.
        var closedID: UInt32? {
            switch arguments.first {
            case .uint32(let id)?: id
            case .int32(let id)?: UInt32(bitPattern: id)
            default: nil
            }
        }
    }

    /// One Notify call: what the daemon asked the server to show.
    struct Notification: CustomStringConvertible {
        /// The id the mock answered with: replaces_id when nonzero, else a fresh one.
        let id: UInt32
        let appName: String
        let replacesID: UInt32
        let appIcon: String
        let summary: String
        let body: String
        /// (key, label) pairs, in the order the daemon sent them.
        let actions: [(key: String, label: String)]
        let hints: [String: DBusValue]
        let expireTimeout: Int32

        var actionKeys: [String] { actions.map(\.key) }
        var actionLabels: [String] { actions.map(\.label) }

        func label(of key: String) -> String? { actions.first { $0.key == key }?.label }

        var description: String {
            "#\(id) (replaces \(replacesID)) summary=\(summary.debugDescription) body=\(body.debugDescription) actions=\(actionKeys)"
        }
    }

    /// Starts the mock on `bus` and waits until it owns org.freedesktop.Notifications.
    init(bus: PrivateBus, capabilities: String = fullCapabilities, launcher: [String] = []) throws {
        server = try NotificationServerProcess(bus: bus, capabilities: capabilities, launcher: launcher)
        control = try BusClient(bus: bus)
        uniqueName = try control.connection.nameOwner(of: Self.busName).rawValue
        observer = try BusClient(bus: bus)
        try observer.subscribe(
            "type='signal',sender='\(uniqueName)',interface='\(Self.mockInterface.rawValue)',member='MethodCalled'")
        try addHarnessMethods()
    }

    deinit {
        // A frozen mock must not stay behind stopped.
        process.send(SIGCONT)
        process.send(SIGKILL)
        _ = try? process.waitForExit()
    }

    /// What the mock logged so far (every call and every signal it emitted).
    var log: String { server.log }

    // MARK: Watching calls

    /// Waits for a call to `method` that `predicate` accepts and that no earlier wait returned.
    @discardableResult
    func waitForCall(
        _ method: String, seconds: Double = 30, _ what: String? = nil, where predicate: (Call) -> Bool = { _ in true }
    ) throws -> Call {
        let seconds = SanitizerBuild.patience(seconds)
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            for index in calls.indices where !taken.contains(index) {
                let call = calls[index]
                if call.method == method && predicate(call) {
                    taken.insert(index)
                    return call
                }
            }
            guard Date() < deadline else { break }
            receive(milliseconds: Int32(max(1, min(200, deadline.timeIntervalSinceNow * 1000))))
        }
        throw HarnessError(
            "timed out after \(seconds) s waiting for \(what ?? method) at the mock notification server; "
                + "it was asked:\n\(calls.map(\.description).joined(separator: "\n"))\nits log:\n\(log)\n\(diagnostics?() ?? "")")
    }

    /// Waits for a Notify that `predicate` accepts.
    func waitForNotify(
        seconds: Double = 30, _ what: String = "a Notify", where predicate: (Notification) -> Bool = { _ in true }
    ) throws -> Notification {
        let call = try waitForCall("Notify", seconds: seconds, what) { call in call.notification.map(predicate) ?? false }
        guard let notification = call.notification else { throw HarnessError("Notify without a notification") }
        return notification
    }

    /// Waits for a Notify whose summary is `summary` (the session's title).
    func waitForNotify(
        summary: String, seconds: Double = 30, where predicate: (Notification) -> Bool = { _ in true }
    ) throws -> Notification {
        try waitForNotify(seconds: seconds, "a Notify with summary \(summary.debugDescription)") {
            $0.summary == summary && predicate($0)
        }
    }

    /// Waits for CloseNotification(id).
    func waitForCloseNotification(_ id: UInt32, seconds: Double = 30) throws {
        try waitForCall("CloseNotification", seconds: seconds, "CloseNotification(\(id))") { $0.closedID == id }
    }

    /// The calls seen so far, after reading whatever has arrived.
    func receivedCalls() -> [Call] {
        receive(milliseconds: 0)
        return calls
    }

    /// Every method the mock was asked, in order, from its own record (GetCalls): complete even
    /// where the MethodCalled signals are still on their way. Asked of this mock's unique name, so
    /// that it is its own record even after another server took the name over.
    func recordedMethods() throws -> [String] {
        let reply = try control.call(
            "GetCalls", path: Self.path, interface: Self.mockInterface, destination: BusName(uniqueName) ?? Self.busName, seconds: 30)
        guard case .array(_, let rows)? = reply.first else { throw HarnessError("GetCalls returned \(reply)") }
        return rows.compactMap { row in
            guard case .structure(let fields) = row, fields.count == 3, case .string(let name) = fields[1] else { return nil }
            return name
        }
    }

    /// Reads the MethodCalled signals that have arrived, waiting up to `milliseconds` for the first.
    private func receive(milliseconds: Int32) {
        var wait = milliseconds
        while let message = observer.connection.nextMessage(timeoutMilliseconds: wait) {
            wait = 0
            guard message.kind == .signal, message.member == "MethodCalled",
                  case .string(let method)? = try? message.arguments().first,
                  case .array(_, let wrapped)? = try? message.arguments().dropFirst().first
            else { continue }
            let arguments = wrapped.map { value in if case .variant(let inner) = value { inner } else { value } }
            var notification: Notification?
            if method == "Notify" { notification = decodeNotify(arguments) }
            calls.append(Call(method: method, arguments: arguments, notification: notification))
        }
    }

    /// Notify(s app_name, u replaces_id, s app_icon, s summary, s body, as actions, a{sv} hints, i expire_timeout).
    private func decodeNotify(_ arguments: [DBusValue]) -> Notification? {
        guard arguments.count == 8,
              case .string(let appName) = arguments[0],
              case .uint32(let replacesID) = arguments[1],
              case .string(let appIcon) = arguments[2],
              case .string(let summary) = arguments[3],
              case .string(let body) = arguments[4],
              case .array(_, let actionValues) = arguments[5],
              case .int32(let expireTimeout) = arguments[7]
        else { return nil }
        let strings = actionValues.compactMap { if case .string(let text) = $0 { text } else { nil } }
        var actions: [(key: String, label: String)] = []
        var index = 0
        while index + 1 < strings.count {
            actions.append((strings[index], strings[index + 1]))
            index += 2
        }
        var hints: [String: DBusValue] = [:]
        for (key, value) in arguments[6].stringKeyedEntries ?? [] {
            if case .variant(let inner) = value { hints[key] = inner } else { hints[key] = value }
        }
        let id: UInt32
        if replacesID != 0 {
            id = replacesID
        } else {
            id = nextFreshID
            nextFreshID += 1
        }
        return Notification(
            id: id, appName: appName, replacesID: replacesID, appIcon: appIcon, summary: summary, body: body, actions: actions,
            hints: hints, expireTimeout: expireTimeout)
    }

    // MARK: Playing the person and the server

    /// Methods this harness adds to the mock, so that what the test has it emit shows up in the
    /// same ordered stream of MethodCalled signals as what the daemon asks of it, and so that
    /// signals meant to go out together leave in one go.
    static let harnessInterface: InterfaceName = "io.github.timepickerd.Tests.MockServer"
    private static let harnessMethods: [(name: String, signature: String, code: String)] = [
        ("Invoke", "us", "self.EmitSignal('org.freedesktop.Notifications', 'ActionInvoked', 'us', [args[0], args[1]])"),
        ("Close", "uu", "self.EmitSignal('org.freedesktop.Notifications', 'NotificationClosed', 'uu', [args[0], args[1]])"),
        // KDE's reply field: what the person typed, as Plasma sends it.
        ("Reply", "us", "self.EmitSignal('org.freedesktop.Notifications', 'NotificationReplied', 'us', [args[0], args[1]])"),
        // Specification 1.2 (GNOME Shell, Plasma): the token for the window the action may open,
        // then the action, in one go.
        ("InvokeWithToken", "uss", """
            self.EmitSignal('org.freedesktop.Notifications', 'ActivationToken', 'us', [args[0], args[2]])
            self.EmitSignal('org.freedesktop.Notifications', 'ActionInvoked', 'us', [args[0], args[1]])
            """),
        // GNOME's notification-daemon: the action, then at once the close as dismissed, in one
        // go, so nothing the daemon sends can come between them.
        ("InvokeThenClose", "us", """
            self.EmitSignal('org.freedesktop.Notifications', 'ActionInvoked', 'us', [args[0], args[1]])
            self.EmitSignal('org.freedesktop.Notifications', 'NotificationClosed', 'uu', [args[0], dbus.UInt32(2)])
            """),
    ]

    private func addHarnessMethods() throws {
        for method in Self.harnessMethods {
            _ = try control.call(
                "AddMethod", path: Self.path, interface: Self.mockInterface, destination: Self.busName,
                [.string(Self.harnessInterface.rawValue), .string(method.name), .string(method.signature), .string(""),
                 .string(method.code)],
                seconds: 30)
        }
    }

    private func callHarness(_ method: MemberName, _ arguments: [DBusValue]) throws {
        _ = try control.call(
            method, path: Self.path, interface: Self.harnessInterface, destination: BusName(uniqueName) ?? Self.busName, arguments,
            seconds: 30)
    }

    /// The person invokes the action `key` on notification `id`.
    func invokeAction(_ key: String, on id: UInt32) throws {
        try callHarness("Invoke", [.uint32(id), .string(key)])
    }

    /// The person invokes the action `key` on notification `id`, the server giving `token` for
    /// the window it may open (ActivationToken, just before ActionInvoked).
    func invokeAction(_ key: String, on id: UInt32, activationToken token: String) throws {
        try callHarness("InvokeWithToken", [.uint32(id), .string(key), .string(token)])
    }

    /// The person types `text` into notification `id`'s reply field and sends it.
    func reply(_ text: String, on id: UInt32) throws {
        try callHarness("Reply", [.uint32(id), .string(text)])
    }

    /// The notification `id` closes with `reason` (1 expired, 2 dismissed, 3 closed by call, 4 undefined).
    func closeNotification(_ id: UInt32, reason: UInt32) throws {
        try callHarness("Close", [.uint32(id), .uint32(reason)])
    }

    /// The person invokes `key`, and the server at once closes the notification as dismissed, as
    /// GNOME's notification-daemon does: both signals leave the server before it reads anything else.
    func invokeActionThenClose(_ key: String, on id: UInt32) throws {
        try callHarness("InvokeThenClose", [.uint32(id), .string(key)])
    }

    /// Has the mock answer GetServerInformation only once it no longer owns its name (another
    /// server took it over; at most 20 s), so that the answer reaches the daemon after the
    /// bus told it of the takeover.
    func answerServerInformationOnceReplaced() throws {
        let code = """
            import time
            me = self.connection.get_unique_name()
            deadline = time.time() + 20
            while time.time() < deadline and self.connection.get_name_owner('org.freedesktop.Notifications') == me:
                time.sleep(0.02)
            ret = ('mock-notify', 'test vendor', '1.0', '1.1')
            """
        _ = try control.call(
            "AddMethod", path: Self.path, interface: Self.mockInterface, destination: Self.busName,
            [.string(Self.interface), .string("GetServerInformation"), .string(""), .string("ssss"), .string(code)],
            seconds: 30)
    }

    /// Has the mock answer every Notify with `id`, whatever it replaces: a server that gives
    /// every notification the same id. (The ids `waitForNotify` returns are then not the
    /// server's.)
    func answerEveryNotify(withID id: UInt32) throws {
        _ = try control.call(
            "AddMethod", path: Self.path, interface: Self.mockInterface, destination: Self.busName,
            [.string(Self.interface), .string("Notify"), .string("susssasa{sv}i"), .string("u"), .string("ret = dbus.UInt32(\(id))")],
            seconds: 30)
    }

    /// Has the mock answer GetServerInformation as the server `name` (GNOME Shell gives
    /// "gnome-shell", xfce4-notifyd "Xfce Notify Daemon"), before the daemon first asks.
    func pretend(toBe name: String) throws {
        _ = try control.call(
            "AddMethod", path: Self.path, interface: Self.mockInterface, destination: Self.busName,
            [.string(Self.interface), .string("GetServerInformation"), .string(""), .string("ssss"),
             .string("ret = ('\(name)', 'test vendor', '1.0', '1.2')")],
            seconds: 30)
    }

    /// The notifications the server shows now, as far as the calls seen so far tell: a Notify
    /// opens (or reopens) one, CloseNotification and a close the test had the server make end it.
    var openNotifications: Set<UInt32> {
        receive(milliseconds: 0)
        var open: Set<UInt32> = []
        for call in calls {
            switch call.method {
            case "Notify": if let id = call.notification?.id { open.insert(id) }
            case "CloseNotification": if let id = call.closedID { open.remove(id) }
            case "Close", "InvokeThenClose": if let id = call.closedID { open.remove(id) }
            default: break
            }
        }
        return open
    }

    // MARK: Its process

    /// Kills the server outright (SIGKILL) and waits for it to be gone.
    func kill() throws {
        process.send(SIGCONT)
        process.send(SIGKILL)
        try process.waitForExit(seconds: 10)
    }

    /// Stops the server's process (SIGSTOP): it holds every later call without answering.
    ///
    /// A call of the test's own first: the mock answers calls one at a time, in order, so once it
    /// has answered this one it has also answered every call it received before (the daemon's
    /// Notify whose MethodCalled the test just saw, say). Frozen between saying it was called
    /// and answering, it would leave that earlier call hanging instead of the one the test means.
    func freeze() throws {
        _ = try recordedMethods()
        process.send(SIGSTOP)
    }

    /// Lets a frozen server go on (SIGCONT).
    func thaw() { process.send(SIGCONT) }
}
