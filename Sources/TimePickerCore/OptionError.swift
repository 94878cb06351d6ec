/// Why an option was rejected; `message` names the key and why, for org.freedesktop.DBus.Error.InvalidArgs.
public struct OptionError: Error, Sendable, Equatable {
    /// The option key as the caller sent it.
    public let key: String
    /// Why the value was rejected, in plain words.
    public let reason: String

    public init(key: String, reason: String) {
        self.key = key
        self.reason = reason
    }

    /// "option 'step': must divide 1440 (got 7)".
    public var message: String {
        "option \(quotedForMessage(key)): \(reason)"
    }
}
