internal import CDBus

/// An error reported by libdbus or by a peer: a D-Bus error name and its message.
public struct DBusFailure: Error, Sendable, CustomStringConvertible {
    public let name: ErrorName
    public let message: String
    /// Who answered with the error: a peer, the bus itself (`BusName.messageBus`: the call
    /// could not be delivered, or its recipient left without answering), or nil when libdbus
    /// made it up here (a timeout, a closed connection).
    public let sender: BusName?

    public init(name: ErrorName, message: String, sender: BusName? = nil) {
        self.name = name
        self.message = message
        self.sender = sender
    }

    public var description: String { "\(name): \(message)" }

    /// Runs `body` with a fresh `DBusError`, frees it, and throws what it holds if it was set.
    ///
    /// Every libdbus call that reports through a `DBusError` goes through here.
    static func check<Result>(_ body: (UnsafeMutablePointer<DBusError>) -> Result) throws(DBusFailure) -> Result {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let result = body(&error)
        if dbus_error_is_set(&error) != 0 {
            throw DBusFailure(
                name: error.name.flatMap { ErrorName(String(cString: $0)) } ?? .failed,
                message: error.message.map { String(cString: $0) } ?? "")
        }
        return result
    }

    /// The failure libdbus reports for an allocation it could not make.
    static let noMemory = DBusFailure(name: .noMemory, message: "out of memory")
}
