import DBusKit

/// The answers a correct daemon may give to one call.
struct FuzzExpectation {
    /// A method return is right.
    var mayReturn = false
    /// The error names that are right, each with texts one of which its message must contain
    /// (none: any message).
    var errors: [String: [String]] = [:]
    /// The answer may wait for the session to end (a PickTimeRange that made one).
    var mayWait = false

    static let success = FuzzExpectation(mayReturn: true)

    static func error(_ name: String, mentioning texts: [String] = []) -> FuzzExpectation {
        FuzzExpectation(errors: [name: texts])
    }

    func or(_ name: String, mentioning texts: [String] = []) -> FuzzExpectation {
        var wider = self
        wider.errors[name] = texts
        return wider
    }

    /// The same, or UnknownObject: the session it targets may have ended.
    var orGone: FuzzExpectation { or(FuzzErrorNames.unknownObject) }
}

/// One call: where it goes, what it carries, and what may come back.
struct FuzzCall {
    let family: FuzzCase
    let path: ObjectPath
    let interface: InterfaceName?
    let member: String
    var arguments: [DBusValue]
    var expected: FuzzExpectation
    /// The session a PickTimeRange makes, named by its handle_token.
    var sessionPath: ObjectPath? = nil

    /// The call in one line, for failure messages.
    var summary: String {
        let body = arguments.map { "\($0)" }.joined(separator: ", ")
        let shortBody = body.count > 300 ? String(body.prefix(300)) + "…" : body
        return "[\(family)] \(interface?.rawValue ?? "(no interface)").\(member) on \(path.rawValue.prefix(120)) "
            + "(\(arguments.map(\.signature).joined())) \(shortBody)"
    }
}
