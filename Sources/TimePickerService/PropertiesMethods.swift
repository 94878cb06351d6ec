internal import TimePickerContract
internal import DBusKit
internal import TimePickerCore

/// org.freedesktop.DBus.Properties for the manager and the session objects; all read-only.
extension TimePickerService {
    /// Get: one property's value. The table checked the signature, so the arguments are two
    /// strings; an answer of the wrong type must never go out all the same.
    func getProperty(_ call: MethodCall) throws(ServiceError) -> MethodResult {
        guard case .string(let interface) = call.arguments[0], case .string(let name) = call.arguments[1] else {
            throw Self.wrongArguments(.get)
        }
        guard let value = try properties(of: call.path, interface: interface)[name] else {
            throw .unknownProperty("no property \(quotedForMessage(name)) on interface \(quotedForMessage(interface)) at '\(call.path)'")
        }
        return .reply([.variant(value)])
    }

    /// GetAll: every property of an interface ("" for every interface the object has).
    func getAllProperties(_ call: MethodCall) throws(ServiceError) -> MethodResult {
        guard case .string(let interface) = call.arguments[0] else { throw Self.wrongArguments(.getAll) }
        return .reply([.vardict(try properties(of: call.path, interface: interface))])
    }

    /// Set: every property is read-only.
    func setProperty(_ call: MethodCall) throws(ServiceError) -> MethodResult {
        guard case .string(let interface) = call.arguments[0], case .string(let name) = call.arguments[1] else {
            throw Self.wrongArguments(.set)
        }
        guard try properties(of: call.path, interface: interface)[name] != nil else {
            throw .unknownProperty("no property \(quotedForMessage(name)) on interface \(quotedForMessage(interface)) at '\(call.path)'")
        }
        throw .propertyReadOnly("property \(quotedForMessage(name)) is read-only")
    }

    private static func wrongArguments(_ member: MemberName) -> ServiceError {
        .invalidArgs("\(member) takes the interface name and property name as strings")
    }

    /// The properties of the object at `path` on `interface` ("" means every interface it has).
    private func properties(of path: ObjectPath, interface: String) throws(ServiceError) -> [String: DBusValue] {
        let (ownInterface, values): (InterfaceName, [String: DBusValue])
        if path == TimePickerBus.managerPath {
            ownInterface = TimePickerBus.managerInterface
            values = [
                TimePickerBus.Property.version: .uint32(1),
                TimePickerBus.Property.userInterface: .string(userInterfaces.preferred.rawValue),
            ]
        } else if let session = sessions[path] {
            ownInterface = TimePickerBus.sessionInterface
            values = [
                TimePickerBus.Property.title: .string(session.model.options.title),
                TimePickerBus.Property.start: .string(session.model.start.clockText),
                TimePickerBus.Property.end: .string(session.model.end.clockText),
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
