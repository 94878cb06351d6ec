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

/// The members of the bus's interface and of the standard interfaces that the project calls,
/// answers or listens to.
extension MemberName {
    // org.freedesktop.DBus: the bus's methods and its signal.
    public static let getNameOwner: MemberName = "GetNameOwner"
    public static let nameHasOwner: MemberName = "NameHasOwner"
    public static let requestName: MemberName = "RequestName"
    public static let listActivatableNames: MemberName = "ListActivatableNames"
    public static let startServiceByName: MemberName = "StartServiceByName"
    public static let getConnectionUnixUser: MemberName = "GetConnectionUnixUser"
    public static let getConnectionUnixProcessID: MemberName = "GetConnectionUnixProcessID"
    public static let getConnectionCredentials: MemberName = "GetConnectionCredentials"
    public static let listQueuedOwners: MemberName = "ListQueuedOwners"
    public static let addMatch: MemberName = "AddMatch"
    public static let nameOwnerChanged: MemberName = "NameOwnerChanged"
    // org.freedesktop.DBus.Properties and Introspectable.
    public static let get: MemberName = "Get"
    public static let getAll: MemberName = "GetAll"
    public static let set: MemberName = "Set"
    public static let propertiesChanged: MemberName = "PropertiesChanged"
    public static let introspect: MemberName = "Introspect"
    // org.freedesktop.DBus.Peer.
    public static let ping: MemberName = "Ping"
    /// org.freedesktop.DBus.Local: libdbus's own signal that the connection is gone.
    public static let disconnected: MemberName = "Disconnected"
}

/// The standard `org.freedesktop.DBus.Error.*` names, as D-Bus defines them.
extension ErrorName {
    public static let failed: ErrorName = "org.freedesktop.DBus.Error.Failed"
    public static let noMemory: ErrorName = "org.freedesktop.DBus.Error.NoMemory"
    public static let invalidArgs: ErrorName = "org.freedesktop.DBus.Error.InvalidArgs"
    public static let accessDenied: ErrorName = "org.freedesktop.DBus.Error.AccessDenied"
    public static let limitsExceeded: ErrorName = "org.freedesktop.DBus.Error.LimitsExceeded"
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
