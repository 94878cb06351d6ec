/// Match rules for the bus's own signals.
public enum MatchRule {
    /// The bus's NameOwnerChanged for `name`: it gaining, changing or losing its owner.
    public static func nameOwnerChanged(of name: BusName) -> String {
        "type='signal',sender='\(BusName.messageBus)',interface='\(InterfaceName.messageBus)',member='\(MemberName.nameOwnerChanged)',arg0='\(name)'"
    }
}
