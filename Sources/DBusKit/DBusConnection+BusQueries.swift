internal import CDBus

/// Questions to the bus about other connections that wait for its answer: for start-up, and
/// programs without an event loop (`MessageBus.askUnixUser` asks without waiting).
extension DBusConnection {
    /// The Unix user the bus vouches that the connection owning `name` runs as.
    ///
    /// The corresponding bus method is `org.freedesktop.DBus.GetConnectionUnixUser`.
    public func unixUser(of name: BusName) throws(DBusFailure) -> UInt32 {
        try number(from: .getConnectionUnixUser, about: name)
    }

    /// The process id the bus knows for the connection owning `name` (0 when it cannot say).
    ///
    /// The corresponding bus method is `org.freedesktop.DBus.GetConnectionUnixProcessID`.
    public func processID(of name: BusName) throws(DBusFailure) -> UInt32 {
        try number(from: .getConnectionUnixProcessID, about: name)
    }

    /// The connections that own `name` and wait in its queue, the owner first, in the order the
    /// bus hands the name on; empty when nobody owns it.
    ///
    /// The corresponding bus method is `org.freedesktop.DBus.ListQueuedOwners`.
    public func queuedOwners(of name: BusName) throws(DBusFailure) -> [BusName] {
        let query = try DBusMessage.methodCall(destination: .messageBus, path: .messageBus, interface: .messageBus, member: .listQueuedOwners)
        try query.append(.string(name.rawValue))
        let reply: DBusMessage
        do {
            reply = try call(query)
        } catch {
            if error.name == .nameHasNoOwner { return [] }
            throw error
        }
        return try NameQueue.owners(in: reply)
    }

    /// Starts the service that provides `name` by D-Bus activation unless it already runs.
    ///
    /// The corresponding bus method is `org.freedesktop.DBus.StartServiceByName` (libdbus's
    /// `dbus_bus_start_service_by_name` would believe anyone's answer).
    public func startService(_ name: BusName) throws(DBusFailure) {
        let query = try DBusMessage.methodCall(destination: .messageBus, path: .messageBus, interface: .messageBus, member: .startServiceByName)
        try query.append(contentsOf: [.string(name.rawValue), .uint32(0)])
        _ = try call(query)
    }

    /// The one uint32 the bus's `member` answers about `name`.
    private func number(from member: MemberName, about name: BusName) throws(DBusFailure) -> UInt32 {
        let query = try DBusMessage.methodCall(destination: .messageBus, path: .messageBus, interface: .messageBus, member: member)
        try query.append(.string(name.rawValue))
        guard case .uint32(let number)? = try call(query).arguments().first else {
            throw DBusFailure(name: .failed, message: "\(member) gave no number")
        }
        return number
    }
}
