/// The bus's NameOwnerChanged signal, read: `name` passed from `oldOwner` to `newOwner` (nil
/// for nobody), as `MatchRule.nameOwnerChanged` subscribes to it.
public struct NameOwnerChange: Sendable, Equatable {
    public let name: BusName
    public let oldOwner: BusName?
    public let newOwner: BusName?

    /// The change `signal` announces; nil when it is not the bus's NameOwnerChanged.
    public init?(_ signal: DBusMessage) {
        guard signal.isSignal(interface: .messageBus, member: .nameOwnerChanged), signal.sender == .messageBus,
              signal.signature == "sss", let values = try? signal.arguments(maximumValues: 3, maximumStringBytes: 3 * 255),
              case .string(let nameText) = values[0], let name = BusName(nameText),
              case .string(let oldOwner) = values[1], case .string(let newOwner) = values[2]
        else { return nil }
        self.name = name
        // The bus sends "" for nobody, and otherwise a unique name.
        self.oldOwner = BusName(oldOwner)
        self.newOwner = BusName(newOwner)
    }
}
