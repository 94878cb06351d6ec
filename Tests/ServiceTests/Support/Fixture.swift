import DBusKit
import Foundation
import Glibc
import TestHarness

/// The daemon on a private bus, on a pseudo-terminal unless asked otherwise, and a client
/// already subscribed to the signals of its sessions.
final class Fixture {
    let bus: PrivateBus
    let terminal: PseudoTerminal?
    let daemon: DaemonProcess
    let client: BusClient

    init(
        arguments: [String] = ["--ui", "terminal", "--verbose"], withTerminal: Bool = true, environment: [String: String] = [:],
        launcher: [String] = []
    ) throws {
        bus = try PrivateBus()
        terminal = withTerminal ? try PseudoTerminal() : nil
        daemon = try DaemonProcess.serving(on: bus, arguments: arguments, terminal: terminal, environment: environment, launcher: launcher)
        client = try BusClient(bus: bus)
        try client.subscribeToSessions()
    }

    /// The pseudo-terminal; the fixture was made with one.
    var screen: PseudoTerminal {
        get throws {
            guard let terminal else { throw HarnessError("this fixture has no terminal") }
            return terminal
        }
    }

    /// Another client on the same bus, subscribed to the sessions' signals.
    func newClient() throws -> BusClient {
        let other = try BusClient(bus: bus)
        try other.subscribeToSessions()
        return other
    }

    deinit {
        daemon.send(SIGKILL)
        _ = try? daemon.process.waitForExit()
        terminal?.close()
    }
}

/// Key sequences as a terminal sends them.
enum Keys {
    static let up = "\u{1B}[A"
    static let down = "\u{1B}[B"
    static let right = "\u{1B}[C"
    static let left = "\u{1B}[D"
    static let pageDown = "\u{1B}[6~"
    static let pageUp = "\u{1B}[5~"
    static let home = "\u{1B}[H"
    static let end = "\u{1B}[F"
    static let tab = "\t"
    static let enter = "\r"
    static let escape = "\u{1B}"
}
