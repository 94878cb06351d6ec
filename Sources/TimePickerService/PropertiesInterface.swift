internal import DBusKit
internal import TimePickerCore

/// org.freedesktop.DBus.Properties for the manager and the session objects; all read-only.
extension TimePickerService {
    func handleProperties(member: String, path: ObjectPath, arguments: [DBusValue], call: DBusMessage) throws(ServiceError) -> [DBusValue] {
        switch member {
        case "Get":
            try expect(arguments, signature: "ss", for: call)
            guard case .string(let interface) = arguments[0], case .string(let name) = arguments[1] else { return [] }
            let properties = try self.properties(of: path, interface: interface)
            guard let value = properties[name] else {
                throw .unknownProperty("no property '\(name)' on interface '\(interface)' at '\(path)'")
            }
            return [.variant(value)]
        case "GetAll":
            try expect(arguments, signature: "s", for: call)
            guard case .string(let interface) = arguments[0] else { return [] }
            return [.vardict(try properties(of: path, interface: interface))]
        case "Set":
            try expect(arguments, signature: "ssv", for: call)
            guard case .string(let interface) = arguments[0], case .string(let name) = arguments[1] else { return [] }
            let properties = try self.properties(of: path, interface: interface)
            guard properties[name] != nil else {
                throw .unknownProperty("no property '\(name)' on interface '\(interface)' at '\(path)'")
            }
            throw .propertyReadOnly("property '\(name)' is read-only")
        default:
            throw .unknownMethod("no method '\(member)' on interface 'org.freedesktop.DBus.Properties'")
        }
    }

    /// The properties of the object at `path` on `interface` ("" means every interface it has).
    private func properties(of path: ObjectPath, interface: String) throws(ServiceError) -> [String: DBusValue] {
        let (ownInterface, values): (InterfaceName, [String: DBusValue])
        if path == BusNames.managerPath {
            ownInterface = BusNames.managerInterface
            values = ["Version": .uint32(1), "UserInterface": .string(frontEnd.kind)]
        } else if let session = sessions[path] {
            ownInterface = BusNames.sessionInterface
            values = [
                "Title": .string(session.model.options.title),
                "Start": .string(session.model.start.busText),
                "End": .string(session.model.end.busText),
            ]
        } else {
            throw exists(path) ? .unknownInterface("the node '\(path)' has no properties") : .unknownObject("no object at path '\(path)'")
        }
        guard interface.isEmpty || interface == ownInterface.rawValue else {
            throw .unknownInterface("the object at '\(path)' has no interface '\(interface)' with properties")
        }
        return values
    }
}
