import DBusKit
import Foundation
import Glibc
import TestHarness

/// The daemon on a private bus with the notification user interface and no terminal, a mock
/// notification server started before it (or none), and a client subscribed to the sessions.
final class NotificationFixture {
    let bus: PrivateBus
    private(set) var server: MockNotificationServer?
    /// Servers killed during the test, kept for their logs.
    private var retired: [MockNotificationServer] = []
    let daemon: DaemonProcess
    let client: BusClient

    /// With `capabilities` nil, no notification server runs at all; `environment` is added to
    /// the daemon's; `prepare` runs on the bus before the daemon starts.
    init(
        capabilities: String? = MockNotificationServer.fullCapabilities, layout: String? = nil,
        environment: [String: String] = [:], prepare: (PrivateBus) throws -> Void = { _ in }
    ) throws {
        let bus = try PrivateBus()
        try prepare(bus)
        self.bus = bus
        server = try capabilities.map { try MockNotificationServer(bus: bus, capabilities: $0) }
        var arguments = ["--ui", "notification", "--verbose"]
        if let layout { arguments += ["--notification-layout", layout] }
        let daemon = try DaemonProcess.serving(on: bus, arguments: arguments, environment: environment)
        self.daemon = daemon
        client = try BusClient(bus: bus)
        try client.subscribeToSessions()
        server?.diagnostics = { [weak daemon] in "daemon log:\n\(daemon?.log ?? "")" }
    }

    deinit {
        daemon.send(SIGKILL)
        _ = try? daemon.process.waitForExit()
    }

    /// Another client on the same bus, subscribed to the sessions' signals.
    func newClient() throws -> BusClient {
        let other = try BusClient(bus: bus)
        try other.subscribeToSessions()
        return other
    }

    /// The running mock server.
    var mock: MockNotificationServer {
        get throws {
            guard let server else { throw HarnessError("this fixture has no notification server") }
            return server
        }
    }

    /// Kills the server and forgets it.
    func killServer() throws {
        guard let server else { return }
        try server.kill()
        retired.append(server)
        self.server = nil
    }

    /// Starts a new mock server in place of the old one, after `launcher` when there is one.
    @discardableResult
    func startServer(capabilities: String = MockNotificationServer.fullCapabilities, launcher: [String] = []) throws -> MockNotificationServer {
        let started = try MockNotificationServer(bus: bus, capabilities: capabilities, launcher: launcher)
        started.diagnostics = { [weak daemon] in "daemon log:\n\(daemon?.log ?? "")" }
        server = started
        return started
    }

    /// The path of the session this fixture's client makes with `handle_token` `token`.
    func sessionPath(_ token: String, of caller: BusClient? = nil) throws -> ObjectPath {
        let owner = caller ?? client
        guard let path = ObjectPath("\(BusClient.managerPath.rawValue)/session/\(owner.senderElement)/\(token)") else {
            throw HarnessError("bad token \(token)")
        }
        return path
    }

    /// Waits for the signal `member` on `path`; a timeout says what the daemon and the server logged.
    func waitForSignal(_ member: String, on path: ObjectPath, seconds: Double = 30) throws -> DBusMessage {
        do {
            return try client.waitForSignal(member, path: path, seconds: seconds)
        } catch {
            throw HarnessError("\(error)\n\(logs)")
        }
    }

    /// The daemon's and the server's logs, for failure messages.
    var logs: String {
        let servers = (retired + (server.map { [$0] } ?? [])).map(\.log)
        return "daemon log:\n\(daemon.log)\nmock server logs:\n" + (servers.isEmpty ? "(no server)" : servers.joined(separator: "\n--\n"))
    }
}
