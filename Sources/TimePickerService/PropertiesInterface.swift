internal import TimePickerContract
internal import DBusKit
internal import TimePickerCore

/// org.freedesktop.DBus.Properties for the manager and the session objects; all read-only.
extension TimePickerService {
    /// Answers Get, GetAll or Set; the router has checked the arguments' signature, so the
    /// `wrongArguments` errors cannot happen, but an answer of the wrong type must never go out.
    func handleProperties(member: String, path: ObjectPath, arguments: [DBusValue]) throws(ServiceError) -> [DBusValue] {
        let wrongArguments = ServiceError.invalidArgs("\(member) takes the interface name and property name as strings")
        switch member {
        case "Get":
            guard arguments.count == 2, case .string(let interface) = arguments[0], case .string(let name) = arguments[1] else {
                throw wrongArguments
            }
            let properties = try self.properties(of: path, interface: interface)
            guard let value = properties[name] else {
                throw .unknownProperty("no property \(quotedForMessage(name)) on interface \(quotedForMessage(interface)) at '\(path)'")
            }
            return [.variant(value)]
        case "GetAll":
            guard arguments.count == 1, case .string(let interface) = arguments[0] else { throw wrongArguments }
            return [.vardict(try properties(of: path, interface: interface))]
        case "Set":
            guard arguments.count == 3, case .string(let interface) = arguments[0], case .string(let name) = arguments[1] else {
                throw wrongArguments
            }
            let properties = try self.properties(of: path, interface: interface)
            guard properties[name] != nil else {
                throw .unknownProperty("no property \(quotedForMessage(name)) on interface \(quotedForMessage(interface)) at '\(path)'")
            }
            throw .propertyReadOnly("property \(quotedForMessage(name)) is read-only")
        default:
            throw .unknownMethod("no method \(quotedForMessage(member)) on interface 'org.freedesktop.DBus.Properties'")
        }
    }

    /// The properties of the object at `path` on `interface` ("" means every interface it has).
    private func properties(of path: ObjectPath, interface: String) throws(ServiceError) -> [String: DBusValue] {
        let (ownInterface, values): (InterfaceName, [String: DBusValue])
        if path == TimePickerBus.managerPath {
            ownInterface = TimePickerBus.managerInterface
            values = ["Version": .uint32(1), "UserInterface": .string(frontEnd.kind)]
        } else if let session = sessions[path] {
            ownInterface = TimePickerBus.sessionInterface
            values = [
                "Title": .string(session.model.options.title),
                "Start": .string(session.model.start.busText),
                "End": .string(session.model.end.busText),
            ]
        } else {
            throw exists(path) ? .unknownInterface("the node '\(path)' has no properties") : .unknownObject("no object at path '\(path)'")
        }
        guard interface.isEmpty || interface == ownInterface.rawValue else {
            throw .unknownInterface("the object at '\(path)' has no interface \(quotedForMessage(interface)) with properties")
        }
        return values
    }
}
