package import DBusKit
internal import TimePickerContract
package import TimePickerCore

/// A method call the backend answers, read from a message: its header first (object, interface,
/// member, signature), then its body, counted as it is read and refused past the bounds below
/// before anything else is done with it.
package enum BackendCall: Equatable {
    case showPicker(handle: ObjectPath, parentWindow: String, options: [String: OptionValue])
    case update(handle: ObjectPath, state: [String: OptionValue])
    case close(handle: ObjectPath)
    /// Introspectable.Introspect on the backend's object or one of its ancestors.
    case introspect(ObjectPath)
    /// Properties.Get of `name` on `interface`.
    case getProperty(interface: String, name: String)
    case getAllProperties(interface: String)
    case setProperty(interface: String, name: String)

    /// The most values a call's body may hold, counting those inside containers: the daemon's
    /// own bound. The largest valid ShowPicker has a dozen options, four values each.
    static let maximumValues = 256
    /// How many bytes its strings may hold in all. The daemon sends titles it has bounded to
    /// 2,000 code points (8 KB) and short strings otherwise, so this is far above a valid call,
    /// and small enough that calls waiting for their caller's verdict cost little.
    static let maximumStringBytes = 64 * 1024

    /// Reads `message`, a method call to the backend; throws the error to answer with for a
    /// call the backend does not have or whose arguments it refuses. Descriptors in the body
    /// are closed: the backend keeps none.
    package init(_ message: DBusMessage) throws(DBusFailure) {
        let path = message.path ?? "/"
        guard let member = message.member else { throw DBusFailure(name: .unknownMethod, message: "a method call without a member") }
        let interface = message.interface
        let signature: String
        switch (interface, member) {
        case (InterfaceName.introspectable?, .introspect):
            guard path == DialogBackendBus.path || DialogBackendBus.path.isDescendant(of: path) else { throw Self.noObject(path) }
            self = .introspect(path)
            return
        case (_, _) where path != DialogBackendBus.path:
            throw Self.noObject(path)
        case (InterfaceName.properties?, .get): signature = "ss"
        case (InterfaceName.properties?, .getAll): signature = "s"
        case (InterfaceName.properties?, .set): signature = "ssv"
        case (nil, DialogBackendBus.Member.showPicker), (DialogBackendBus.interface?, DialogBackendBus.Member.showPicker): signature = "osa{sv}"
        case (nil, DialogBackendBus.Member.update), (DialogBackendBus.interface?, DialogBackendBus.Member.update): signature = "oa{sv}"
        case (nil, DialogBackendBus.Member.close), (DialogBackendBus.interface?, DialogBackendBus.Member.close): signature = "o"
        default:
            throw DBusFailure(
                name: .unknownMethod,
                message: "no method \(quotedForMessage(member.rawValue, maxCharacters: 255)) on interface \(quotedForMessage(interface?.rawValue ?? "(none)", maxCharacters: 255))")
        }
        // The header's signature is checked before the body is read: a wrong call costs nothing.
        guard message.signature == signature else {
            throw DBusFailure(name: .invalidArgs, message: "\(member) takes arguments of type '\(signature)', got \(quotedForMessage(message.signature))")
        }
        let values: [DBusValue]
        do {
            values = try message.arguments(maximumValues: Self.maximumValues, maximumStringBytes: Self.maximumStringBytes)
        } catch {
            throw DBusFailure(name: .invalidArgs, message: "cannot read the arguments: \(error.message)")
        }
        defer { values.closeReceivedDescriptors() }
        self = try Self.read(member, values)
    }

    private static func read(_ member: MemberName, _ values: [DBusValue]) throws(DBusFailure) -> BackendCall {
        let first = values.first
        let second = values.dropFirst().first
        let third = values.dropFirst(2).first
        switch (member, first, second, third) {
        case (DialogBackendBus.Member.showPicker, .objectPath(let handle)?, .string(let parent)?, let options?):
            return .showPicker(handle: handle, parentWindow: parent, options: try Self.options(options))
        case (DialogBackendBus.Member.update, .objectPath(let handle)?, let state?, nil):
            return .update(handle: handle, state: try Self.options(state))
        case (DialogBackendBus.Member.close, .objectPath(let handle)?, nil, nil):
            return .close(handle: handle)
        case (.get, .string(let interface)?, .string(let name)?, nil):
            return .getProperty(interface: interface, name: name)
        case (.getAll, .string(let interface)?, nil, nil):
            return .getAllProperties(interface: interface)
        case (.set, .string(let interface)?, .string(let name)?, _?):
            return .setProperty(interface: interface, name: name)
        default:
            // The signature was checked: only a body libdbus and the header disagree on.
            throw DBusFailure(name: .invalidArgs, message: "\(member): arguments that do not match their signature")
        }
    }

    /// An `a{sv}` as option values: strings, uint32s and booleans as such, any other type by
    /// its signature. A key given twice is refused, as the daemon refuses it.
    private static func options(_ value: DBusValue) throws(DBusFailure) -> [String: OptionValue] {
        var options: [String: OptionValue] = [:]
        for (key, boxed) in value.stringKeyedEntries ?? [] {
            guard options[key] == nil else {
                throw DBusFailure(name: .invalidArgs, message: "option \(quotedForMessage(key)) is given more than once")
            }
            options[key] =
                switch boxed {
                case .variant(.string(let text)): .string(text)
                case .variant(.uint32(let number)): .uint32(number)
                case .variant(.boolean(let value)): .boolean(value)
                case .variant(let inner): .other(signature: inner.signature)
                default: .other(signature: boxed.signature)
                }
        }
        return options
    }

    private static func noObject(_ path: ObjectPath) -> DBusFailure {
        DBusFailure(name: .unknownObject, message: "no object at path \(quotedForMessage(path.rawValue, maxCharacters: 255))")
    }
}
