import DBusKit
import TestHarness
import TimePickerContract

/// A PickTimeRange on a connection of its own, which leaves the bus once answered, as
/// `busctl call` does; its session is named by `handle_token`, so it can be found.
final class PendingPick {
    private let caller: ServiceCaller
    private let serial: UInt32
    /// The session the call made.
    let path: ObjectPath

    init(bus: PrivateBus, title: String, token: String) throws {
        caller = try ServiceCaller(address: bus.address, timeoutMilliseconds: callTimeoutMilliseconds)
        guard let path = TimePickerBus.sessionPath(sender: caller.connection.uniqueName, token: token) else {
            throw HarnessError("no session path for \(caller.connection.uniqueName) and \(token)")
        }
        self.path = path
        serial = try caller.startPickTimeRange(["title": .string(title), "handle_token": .string(token)])
    }

    /// Waits until the daemon has made the session, as seen by `other`.
    func waitForSession(seen other: ServiceCaller) throws {
        try waitUntil("the session of PickTimeRange \(path.rawValue)", seconds: 60) { try !other.hasEnded(path) }
    }

    /// Waits for the answer; true when it was a return (the person chose), false for an error.
    func waitForAnswer() throws -> Bool {
        guard let answer = caller.reply(to: serial, seconds: 120) else {
            throw HarnessError("PickTimeRange \(path.rawValue) got no answer")
        }
        return answer.kind == .methodReturn
    }
}
