/// The caller's option dictionary after the checks that need no context:
/// every key is known and every value has the type its key wants.
struct RawOptions {
    /// The D-Bus type an option key wants.
    enum Kind {
        /// A descriptor is I/O, so the core only checks its type; the service keeps it.
        case string, uint32, boolean, descriptor

        var signature: String {
            switch self {
            case .string: "s"
            case .uint32: "u"
            case .boolean: "b"
            case .descriptor: "h"
            }
        }

        var typeName: String {
            switch self {
            case .string: "string"
            case .uint32: "uint32"
            case .boolean: "boolean"
            case .descriptor: "unix file descriptor"
            }
        }
    }

    /// The wanted type of every known key.
    static let kinds: [String: Kind] = [
        "title": .string, "step": .uint32, "first": .string, "last": .string,
        "start": .string, "end": .string, "min_duration": .uint32, "timeout": .uint32, "timeout_extensions": .uint32,
        "handle_token": .string, "clock": .string, "terminal": .descriptor,
        "ui": .string, "parent_window": .string, "activation_token": .string, "locale": .string,
        "overnight": .boolean, "date": .string, "time_zone": .string,
    ]

    private var strings: [String: String] = [:]
    private var numbers: [String: UInt32] = [:]
    private var booleans: [String: Bool] = [:]

    /// Checks unknown keys first (in sorted order), then types in `PickerOptions.knownKeys`
    /// order, so the same input always reports the same error.
    init(_ raw: [String: OptionValue]) throws(OptionError) {
        for key in raw.keys.sorted() where Self.kinds[key] == nil {
            throw OptionError(
                key: key,
                reason: "unknown option; known options are "
                    + PickerOptions.knownKeys.joined(separator: ", "))
        }
        for key in PickerOptions.knownKeys {
            guard let value = raw[key], let kind = Self.kinds[key] else { continue }
            switch (kind, value) {
            case (.string, .string(let text)):
                strings[key] = text
            case (.uint32, .uint32(let number)):
                numbers[key] = number
            case (.boolean, .boolean(let value)):
                booleans[key] = value
            case (.descriptor, .other(signature: "h")):
                break
            default:
                throw OptionError(
                    key: key,
                    reason: "must be of type '\(kind.signature)' (\(kind.typeName)), "
                        + "got \(quotedForMessage(value.signature))")
            }
        }
    }

    /// The string value of `key`, or nil when the caller did not send it.
    func string(_ key: String) -> String? { strings[key] }

    /// The uint32 value of `key`, or nil when the caller did not send it.
    func uint32(_ key: String) -> UInt32? { numbers[key] }

    /// The boolean value of `key`, or nil when the caller did not send it.
    func boolean(_ key: String) -> Bool? { booleans[key] }
}
