internal import DBusKit

/// A connection of its own to the session bus, or to the bus at `address` (tests on private
/// buses, which run side by side in one process and cannot each set the environment).
func connectToBus(address: String?) throws(DBusFailure) -> DBusConnection {
    if let address { return try DBusConnection.connect(address: address) }
    return try DBusConnection.sessionBus()
}
