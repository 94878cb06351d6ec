import DBusKit

/// The properties a PropertiesChanged signal reports.
extension DBusMessage {
    /// The changed properties of a PropertiesChanged signal, their values unwrapped.
    var changedProperties: [String: DBusValue] {
        guard let arguments = try? arguments(), arguments.count == 3 else { return [:] }
        var changed: [String: DBusValue] = [:]
        for (key, value) in arguments[1].stringKeyedEntries ?? [] {
            if case .variant(let inner) = value { changed[key] = inner } else { changed[key] = value }
        }
        return changed
    }
}

/// Reading a session's properties, and waiting for them to change.
extension BusClient {
    /// Waits for PropertiesChanged on the session at `path` that reports every one of `expected`
    /// (such as ["Start": "02:00"]); returns all it reported.
    @discardableResult
    func waitForPropertiesChanged(
        on path: ObjectPath, _ expected: [String: String], seconds: Double = 30
    ) throws -> [String: DBusValue] {
        let message = try waitForMessage(seconds: seconds, "PropertiesChanged \(expected) on \(path)") { message in
            guard message.kind == .signal, message.member == "PropertiesChanged", message.path == path else { return false }
            let changed = message.changedProperties
            return expected.allSatisfy { changed[$0.key] == .string($0.value) }
        }
        return message.changedProperties
    }

    /// A session's string property.
    func sessionProperty(_ name: String, of path: ObjectPath) throws -> DBusValue {
        try property(name, path: path, interface: BusClient.sessionInterface)
    }
}
