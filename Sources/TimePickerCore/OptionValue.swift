/// A value of one option as it arrived, before validation (the service converts D-Bus variants to this).
public enum OptionValue: Sendable, Equatable {
    /// A D-Bus string, signature "s".
    case string(String)
    /// A D-Bus uint32, signature "u".
    case uint32(UInt32)
    /// A D-Bus boolean, signature "b".
    case boolean(Bool)
    /// Any other D-Bus type, by its signature, e.g. "i", "as", "v".
    case other(signature: String)

    /// The D-Bus signature of the value, for error messages.
    public var signature: String {
        switch self {
        case .string: "s"
        case .uint32: "u"
        case .boolean: "b"
        case .other(let signature): signature
        }
    }
}
