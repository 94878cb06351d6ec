/// The message bus's own names, and the standard interfaces every peer may speak.
extension BusName {
    /// The bus itself (`org.freedesktop.DBus`).
    public static let messageBus: BusName = "org.freedesktop.DBus"
}

extension ObjectPath {
    /// The bus's object (`/org/freedesktop/DBus`).
    public static let messageBus: ObjectPath = "/org/freedesktop/DBus"
}

extension InterfaceName {
    /// The bus's interface: names, matches, credentials.
    public static let messageBus: InterfaceName = "org.freedesktop.DBus"
    public static let properties: InterfaceName = "org.freedesktop.DBus.Properties"
    public static let introspectable: InterfaceName = "org.freedesktop.DBus.Introspectable"
    public static let peer: InterfaceName = "org.freedesktop.DBus.Peer"
    /// Signals libdbus makes up itself, such as Disconnected when the bus goes away.
    public static let local: InterfaceName = "org.freedesktop.DBus.Local"
}

/// The standard `org.freedesktop.DBus.Error.*` names, as D-Bus defines them.
extension ErrorName {
    public static let failed: ErrorName = "org.freedesktop.DBus.Error.Failed"
    public static let noMemory: ErrorName = "org.freedesktop.DBus.Error.NoMemory"
    public static let invalidArgs: ErrorName = "org.freedesktop.DBus.Error.InvalidArgs"
    public static let accessDenied: ErrorName = "org.freedesktop.DBus.Error.AccessDenied"
    public static let unknownMethod: ErrorName = "org.freedesktop.DBus.Error.UnknownMethod"
    public static let unknownObject: ErrorName = "org.freedesktop.DBus.Error.UnknownObject"
    public static let unknownInterface: ErrorName = "org.freedesktop.DBus.Error.UnknownInterface"
    public static let unknownProperty: ErrorName = "org.freedesktop.DBus.Error.UnknownProperty"
    public static let propertyReadOnly: ErrorName = "org.freedesktop.DBus.Error.PropertyReadOnly"
    public static let serviceUnknown: ErrorName = "org.freedesktop.DBus.Error.ServiceUnknown"
    public static let nameHasNoOwner: ErrorName = "org.freedesktop.DBus.Error.NameHasNoOwner"
    public static let noReply: ErrorName = "org.freedesktop.DBus.Error.NoReply"
    public static let timeout: ErrorName = "org.freedesktop.DBus.Error.Timeout"
    public static let disconnected: ErrorName = "org.freedesktop.DBus.Error.Disconnected"
    public static let noServer: ErrorName = "org.freedesktop.DBus.Error.NoServer"

    /// Whether this is one of the bus's errors about starting a service (`…Error.Spawn.*`).
    public var isSpawnFailure: Bool { rawValue.hasPrefix("org.freedesktop.DBus.Error.Spawn.") }
}

/// Match rules for the bus's own signals.
public enum MatchRule {
    /// The bus's NameOwnerChanged for `name`: it gaining, changing or losing its owner.
    public static func nameOwnerChanged(of name: String) -> String {
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(name)'"
    }
}

/// The bus's NameOwnerChanged signal, read: `name` passed from `oldOwner` to `newOwner`
/// ("" for nobody), as `MatchRule.nameOwnerChanged` subscribes to it.
public struct NameOwnerChange: Sendable, Equatable {
    public let name: String
    public let oldOwner: String
    public let newOwner: String

    /// The change `signal` announces; nil when it is not the bus's NameOwnerChanged.
    public init?(_ signal: DBusMessage) {
        guard signal.isSignal(interface: .messageBus, member: "NameOwnerChanged"), signal.sender == .messageBus,
              let values = try? signal.arguments(), values.count == 3,
              case .string(let name) = values[0], case .string(let oldOwner) = values[1], case .string(let newOwner) = values[2]
        else { return nil }
        self.name = name
        self.oldOwner = oldOwner
        self.newOwner = newOwner
    }
}
