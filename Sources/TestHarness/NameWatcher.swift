public import DBusKit

/// Watches a bus name change owner (NameOwnerChanged with arg0), on a connection subscribed
/// before anything is started, so no change is missed.
public final class NameWatcher {
    public let name: BusName
    private let connection: DBusConnection

    public init(address: String, name: BusName) throws {
        self.name = name
        connection = try DBusConnection.connect(address: address)
        try connection.subscribe(to: MatchRule.nameOwnerChanged(of: name))
    }

    /// Waits for the name to gain an owner (`owned`) or lose it; returns the monotonic time the
    /// signal arrived, or nil after `seconds`, or once `keepWaiting` (asked whenever 100 ms pass
    /// without a message) says to stop.
    public func waitForChange(toOwned owned: Bool, seconds: Double = 10, while keepWaiting: () -> Bool = { true }) -> UInt64? {
        let start = monotonicNanoseconds()
        while secondsSince(start) < seconds {
            guard let message = connection.nextMessage(timeoutMilliseconds: 100) else {
                if !keepWaiting() { return nil }
                continue
            }
            guard message.isSignal(interface: .messageBus, member: .nameOwnerChanged),
                  case .string(let newOwner)? = try? message.arguments().last
            else { continue }
            if newOwner.isEmpty != owned { return monotonicNanoseconds() }
        }
        return nil
    }

    /// Waits until the name has an owner while `process` runs; `what` names the process and
    /// `log` says what it logged, for the error when it exits first or takes over `seconds`.
    public func waitUntilOwned(by process: ChildProcess, _ what: String, seconds: Double, log: () -> String) throws {
        guard waitForChange(toOwned: true, seconds: seconds, while: { process.isRunning }) == nil else { return }
        guard process.isRunning else { throw HarnessError("\(what) exited before owning \(name.rawValue): \(log())") }
        throw HarnessError("\(what) did not own \(name.rawValue) within \(seconds) s; its log:\n\(log())")
    }
}
