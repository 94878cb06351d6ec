/// One value of a D-Bus message body, as a Swift tree.
///
/// Only the cases that hold a value directly are boxed (`indirect`): a string, a number or an
/// array (whose elements are on the heap already) is made without an allocation of its own,
/// and every message of every session is made of them.
public enum DBusValue: Equatable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(ObjectPath)
    case signature(String)
    /// A Unix file descriptor. A value decoded from a message holds a fresh descriptor that its
    /// receiver owns and must close; a value made to be sent only borrows one (libdbus sends a
    /// duplicate), so its maker keeps and closes its own.
    case unixFD(Int32)
    case array(elementSignature: String, elements: [DBusValue])
    indirect case dictEntry(key: DBusValue, value: DBusValue)
    case structure([DBusValue])
    indirect case variant(DBusValue)

    /// The value's D-Bus type signature, such as `a{sv}`.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFD: "h"
        case .array(let element, _): "a" + element
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    /// An `a{sv}` dictionary, keys sorted so that messages are reproducible.
    public static func vardict(_ entries: [String: DBusValue]) -> DBusValue {
        .array(
            elementSignature: "{sv}",
            elements: entries.sorted { $0.key < $1.key }.map { .dictEntry(key: .string($0.key), value: .variant($0.value)) })
    }

    /// The entries of an `a{s…}` dictionary, or nil when the value is not one.
    public var stringKeyedEntries: [(key: String, value: DBusValue)]? {
        guard case .array(let element, let elements) = self, element.hasPrefix("{s") else { return nil }
        return elements.compactMap { entry in
            guard case .dictEntry(.string(let key), let value) = entry else { return nil }
            return (key, value)
        }
    }

    /// Every descriptor in the tree, so a receiver can close the ones it does not keep.
    public var unixFDs: [Int32] {
        switch self {
        case .unixFD(let descriptor): [descriptor]
        case .array(_, let elements), .structure(let elements): elements.flatMap(\.unixFDs)
        case .dictEntry(let key, let value): key.unixFDs + value.unixFDs
        case .variant(let inner): inner.unixFDs
        default: []
        }
    }
}
