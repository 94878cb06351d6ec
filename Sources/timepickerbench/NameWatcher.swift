import DBusKit

/// Watches the service's bus name change owner (NameOwnerChanged with arg0), on a connection
/// subscribed before anything is started, so no change is missed.
final class NameWatcher {
    private let client: ServiceClient

    init(address: String) throws {
        client = try ServiceClient(address: address)
        try client.subscribe(
            "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(ServiceClient.service)'")
    }

    /// Waits for the name to gain an owner (`owned`) or lose it; returns the monotonic time
    /// the signal arrived, or nil after `seconds`.
    func waitForChange(toOwned owned: Bool, seconds: Double = 10) -> UInt64? {
        let start = monotonicNanoseconds()
        while secondsSince(start) < seconds {
            guard let message = client.connection.nextMessage(timeoutMilliseconds: 100) else { continue }
            guard message.kind == .signal, message.member == "NameOwnerChanged",
                  case .string(let newOwner)? = try? message.arguments().last
            else { continue }
            if newOwner.isEmpty != owned { return monotonicNanoseconds() }
        }
        return nil
    }
}
