internal import DBusKit
internal import TimePickerContract

/// One method the service answers, as systemd's timedated declares its interface: on which
/// objects, its interface and member, the argument signature it takes, and the function that
/// answers it. `TimePickerService.methods` is the whole table; routing only looks it up.
struct ServiceMethod: Sendable {
    /// The objects a method is on.
    enum Objects: Sendable {
        /// The manager object, `TimePickerBus.managerPath`.
        case manager
        /// Every open session's object.
        case session
        /// Every node of the object tree, the nodes above the objects included: the method
        /// itself says what a node without it answers.
        case everyNode
    }

    let objects: Objects
    let interface: InterfaceName
    let member: MemberName
    /// The body's signature the method takes, checked from the header before the body is read.
    let signature: String
    /// The service's method that answers it (an unapplied method: `TimePickerService.cancel`).
    let handler: @Sendable (TimePickerService) -> (MethodCall) throws(ServiceError) -> MethodResult

    init(
        _ objects: Objects, _ interface: InterfaceName, _ member: MemberName, _ signature: String,
        _ handler: @escaping @Sendable (TimePickerService) -> (MethodCall) throws(ServiceError) -> MethodResult
    ) {
        self.objects = objects
        self.interface = interface
        self.member = member
        self.signature = signature
        self.handler = handler
    }
}

/// A method call the table matched: the message, its caller, its object and its arguments read
/// (with the limits the service puts on every call).
struct MethodCall {
    let message: DBusMessage
    let member: MemberName
    /// The caller's unique name, which the bus stamps on every call it routes; nil only on a
    /// connection without a bus, where a method that needs to know its caller refuses.
    let sender: BusName?
    /// Who the caller is, as the bus vouched before the call was let through (`CallerAdmission`).
    let caller: PeerCredentials
    let path: ObjectPath
    /// The session at `path`, for a method on sessions.
    let session: PickerSession?
    let arguments: [DBusValue]
}

/// What a method gives back: the values to reply with now, or `later` when it answers the call
/// itself (with the session's outcome). Errors are
/// thrown as `ServiceError`s, which the router sends.
enum MethodResult {
    case reply([DBusValue])
    case later
}

extension TimePickerService {
    /// Every method the service answers. Peer's Ping and GetMachineId are libdbus's own.
    static let methods: [ServiceMethod] = [
        ServiceMethod(.manager, TimePickerBus.managerInterface, TimePickerBus.Member.showTimePicker, "a{sv}", TimePickerService.showTimePicker),
        ServiceMethod(.manager, TimePickerBus.managerInterface, TimePickerBus.Member.pickTimeRange, "a{sv}", TimePickerService.pickTimeRange),
        ServiceMethod(.session, TimePickerBus.sessionInterface, TimePickerBus.Member.cancel, "", TimePickerService.cancel),
        ServiceMethod(.everyNode, .introspectable, .introspect, "", TimePickerService.introspect),
        ServiceMethod(.everyNode, .properties, .get, "ss", TimePickerService.getProperty),
        ServiceMethod(.everyNode, .properties, .getAll, "s", TimePickerService.getAllProperties),
        ServiceMethod(.everyNode, .properties, .set, "ssv", TimePickerService.setProperty),
    ]

    /// The entry of `methods` that answers `member` of `interface` at `path`. A call without an
    /// interface finds the service's own methods by member, as the specification allows.
    func method(_ member: MemberName, of interface: InterfaceName?, at path: ObjectPath) -> ServiceMethod? {
        Self.methods.first { method in
            guard method.member == member else { return false }
            if let interface {
                guard method.interface == interface else { return false }
            } else if method.interface != TimePickerBus.managerInterface, method.interface != TimePickerBus.sessionInterface {
                return false
            }
            switch method.objects {
            case .manager: return path == TimePickerBus.managerPath
            case .session: return sessions[path] != nil
            case .everyNode: return true
            }
        }
    }
}
