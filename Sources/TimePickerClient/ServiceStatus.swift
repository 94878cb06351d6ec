internal import TimePicker
internal import TimePickerContract
internal import DBusKit
internal import TimePickerCore

/// The running service as `status` shows it: who owns the name, what it is, its open sessions.
struct ServiceStatus {
    /// One open session: its path and its Title, Start and End properties.
    struct Session {
        let path: ObjectPath
        let title: String
        let start: String
        let end: String
    }

    let owner: String
    let version: UInt32?
    let userInterface: String?
    let sessions: [Session]

    /// How deep below the sessions node the walk looks (sessions are at SENDER/TOKEN).
    private static let maximumDepth = 3

    /// Asks the service that runs now; never starts it (every call goes to its unique name).
    init(on connection: DBusConnection) throws(ClientFailure) {
        let destination: BusName
        do {
            destination = try ServiceOwner.find(on: connection, starting: false).uniqueName
        } catch {
            throw ClientFailure(message: error.clientMessage)
        }
        let owner = destination.rawValue
        let reader = Reader(connection: connection, destination: destination)
        let properties: [String: DBusValue]
        do {
            properties = try reader.properties(of: TimePickerBus.managerPath, interface: TimePickerBus.managerInterface)
        } catch {
            throw ClientFailure(message: ClientText.cannotReadProperties(error.message))
        }
        self.owner = owner
        if case .uint32(let version)? = properties[TimePickerBus.Property.version] { self.version = version } else { version = nil }
        if case .string(let kind)? = properties[TimePickerBus.Property.userInterface] { userInterface = kind } else { userInterface = nil }
        do {
            sessions = try reader.sessions(below: TimePickerBus.sessionsPath, depth: Self.maximumDepth)
        } catch {
            throw ClientFailure(message: ClientText.cannotListSessions(error.message))
        }
    }

    /// The report: one fact per line, then one line per session (path, start, end, title).
    /// The labels stay English in every locale, as `systemctl show`'s do: scripts read them
    /// (`grep '^owner: '`).
    var text: String {
        var lines = [
            "service: \(TimePickerBus.name)",
            "owner: \(owner)",
            "version: \(version.map(String.init) ?? "unknown")",
            "user interface: \(userInterface.map(displaySafe) ?? "unknown")",
            "open sessions: \(sessions.count)",
        ]
        for session in sessions {
            lines.append("  \(session.path) \(displaySafe(session.start)) \(displaySafe(session.end)) \(displaySafe(session.title))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Blocking calls to one peer, for a command that only asks and prints.
private struct Reader {
    let connection: DBusConnection
    let destination: BusName

    /// A session that ends while it is being read is simply no longer open.
    private static let gone: Set<ErrorName> = [.unknownObject, .unknownMethod]

    func call(_ member: MemberName, path: ObjectPath, interface: InterfaceName, _ arguments: [DBusValue] = []) throws(DBusFailure) -> [DBusValue] {
        let message = try DBusMessage.methodCall(destination: destination, path: path, interface: interface, member: member)
        try message.append(contentsOf: arguments)
        return try connection.call(message, timeoutMilliseconds: 10_000).arguments()
    }

    func properties(of path: ObjectPath, interface: InterfaceName) throws(DBusFailure) -> [String: DBusValue] {
        let reply = try call(.getAll, path: path, interface: InterfaceName.properties, [.string(interface.rawValue)])
        var properties: [String: DBusValue] = [:]
        for (key, value) in reply.first?.stringKeyedEntries ?? [] {
            if case .variant(let inner) = value { properties[key] = inner }
        }
        return properties
    }

    /// Every session object at or below `path`, found by walking introspection's child nodes.
    func sessions(below path: ObjectPath, depth: Int) throws(DBusFailure) -> [ServiceStatus.Session] {
        let nodes: IntrospectionNodes
        do {
            guard case .string(let xml)? = try call(.introspect, path: path, interface: InterfaceName.introspectable).first else { return [] }
            nodes = IntrospectionNodes(xml: xml)
        } catch where Self.gone.contains(error.name) {
            // No sessions at all: the service has no node here.
            return []
        }
        if nodes.interfaces.contains(TimePickerBus.sessionInterface.rawValue) {
            return try session(at: path).map { [$0] } ?? []
        }
        guard depth > 0 else { return [] }
        var found: [ServiceStatus.Session] = []
        for child in nodes.children {
            guard let childPath = path.appending(child) else { continue }
            found += try sessions(below: childPath, depth: depth - 1)
        }
        return found
    }

    private func session(at path: ObjectPath) throws(DBusFailure) -> ServiceStatus.Session? {
        let properties: [String: DBusValue]
        do {
            properties = try self.properties(of: path, interface: TimePickerBus.sessionInterface)
        } catch where Self.gone.contains(error.name) {
            return nil
        }
        func text(_ key: String) -> String {
            if case .string(let value)? = properties[key] { value } else { "?" }
        }
        return ServiceStatus.Session(path: path, title: text(TimePickerBus.Property.title), start: text(TimePickerBus.Property.start), end: text(TimePickerBus.Property.end))
    }
}
