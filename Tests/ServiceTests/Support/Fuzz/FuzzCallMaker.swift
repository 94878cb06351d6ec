import DBusKit

/// Makes calls of every family, with the answers a correct daemon may give.
struct FuzzCallMaker {
    var input: FuzzInput
    private let families: [FuzzCase]
    private var pickCounter = 0

    static let manager: ObjectPath = "/io/github/timepickerd/TimePicker1"
    static let managerInterface: InterfaceName = "io.github.timepickerd.TimePicker1"
    static let sessionInterface: InterfaceName = "io.github.timepickerd.TimePicker1.Session"
    static let properties: InterfaceName = "org.freedesktop.DBus.Properties"
    static let introspectable: InterfaceName = "org.freedesktop.DBus.Introspectable"
    static let ancestors: [ObjectPath] = ["/", "/io", "/io/github", "/io/github/timepickerd"]
    /// handle_token values ShowTimePicker calls share, so that tokens collide and session
    /// paths can be aimed at before the sessions exist.
    static let tokens = ["fz0", "fz1", "fz2", "fz3", "fz4", "fz5"]

    init(input: FuzzInput) {
        self.input = input
        families = FuzzCase.allCases.flatMap { Array(repeating: $0, count: $0.weight) }
    }

    /// The next call, from the connection whose path element is `caller`; `sessions` are
    /// session paths that may be open, and `senders` every fuzzing connection's element.
    mutating func next(caller: String, senders: [String], sessions: [ObjectPath]) -> FuzzCall {
        while true {
            let call = make(caller: caller, senders: senders, sessions: sessions)
            // The bus disconnects a sender whose message carries more descriptors than that.
            if call.arguments.flatMap(\.unixFDs).count <= Self.maximumDescriptors { return call }
        }
    }

    /// The most descriptors one message may carry: dbus-daemon's default max_message_unix_fds.
    static let maximumDescriptors = 16

    private mutating func make(caller: String, senders: [String], sessions: [ObjectPath]) -> FuzzCall {
        let family = input.pick(families)
        switch family {
        case .validShow, .validPick: return creating(family, member: family == .validShow ? "ShowTimePicker" : "PickTimeRange", caller: caller)
        case .badValue: return badValue()
        case .wrongType: return wrongType()
        case .unknownKey: return unknownKey()
        case .duplicateKey: return duplicateKey()
        case .tooManyValues: return tooManyValues()
        case .deepValue: return deepValue()
        case .wrongSignature: return wrongSignature()
        case .descriptors: return descriptorCall(caller: caller)
        case .sessionCall: return sessionCall(senders: senders, sessions: sessions)
        case .managerProperties: return managerProperties()
        case .introspect: return introspect(senders: senders)
        case .peer: return peer()
        case .unknownMember, .leavingCaller: return unknownMember()
        }
    }

    // MARK: Session-making calls and their options

    private mutating func creating(_ family: FuzzCase, member: String, caller: String, options extra: [String: DBusValue] = [:]) -> FuzzCall {
        var options = input.validOptions(tokens: Self.tokens).merging(extra) { $1 }
        var expected = FuzzExpectation(mayReturn: member == "ShowTimePicker")
            .or(FuzzErrorNames.limitsExceeded, mentioning: ["at most"])
            .or(FuzzErrorNames.invalidArgs, mentioning: ["option 'handle_token'"])
        var sessionPath: ObjectPath?
        if member == "PickTimeRange" {
            // A token of its own, so the test knows the session path of every waiting pick.
            pickCounter += 1
            options["handle_token"] = .string("pk\(pickCounter)")
            sessionPath = Self.sessionPath(sender: caller, token: "pk\(pickCounter)")
            expected = expected.or(FuzzErrorNames.cancelled, mentioning: ["caller", "timeout"])
            expected.mayWait = true
        }
        var call = FuzzCall(
            family: family, path: Self.manager, interface: managerInterfaceOrNone(), member: member,
            arguments: [.vardict(options)], expected: expected)
        call.sessionPath = sessionPath
        return call
    }

    private mutating func refused(_ family: FuzzCase, _ arguments: [DBusValue], mentioning texts: [String]) -> FuzzCall {
        FuzzCall(
            family: family, path: Self.manager, interface: managerInterfaceOrNone(), member: showOrPick(),
            arguments: arguments, expected: .error(FuzzErrorNames.invalidArgs, mentioning: texts))
    }

    private mutating func badValue() -> FuzzCall {
        let (options, blamed) = input.optionsWithBadValue(tokens: Self.tokens)
        return refused(.badValue, [.vardict(options)], mentioning: blamed.sorted().map { "option '\($0)'" })
    }

    private mutating func wrongType() -> FuzzCall {
        var options = input.validOptions(tokens: Self.tokens)
        let key = input.pick(FuzzOptionKeys.knownKeys)
        options[key] = input.value(notOfType: FuzzOptionKeys.types[key] ?? "")
        return refused(.wrongType, [.vardict(options)], mentioning: ["option '\(key)'"])
    }

    private mutating func unknownKey() -> FuzzCall {
        var options = input.validOptions(tokens: Self.tokens)
        var key = input.text()
        if FuzzOptionKeys.knownKeys.contains(key) { key += "?" }
        options[key] = input.value()
        return refused(.unknownKey, [.vardict(options)], mentioning: ["unknown option"])
    }

    private mutating func duplicateKey() -> FuzzCall {
        let options = input.validOptions(tokens: Self.tokens)
        var entries = options.sorted { $0.key < $1.key }.map { DBusValue.dictEntry(key: .string($0.key), value: .variant($0.value)) }
        let repeated = entries.isEmpty ? DBusValue.dictEntry(key: .string("title"), value: .variant(.string("x"))) : input.pick(entries)
        entries.insert(repeated, at: input.int(0...entries.count))
        if entries.count == 1 { entries.append(repeated) }
        return refused(.duplicateKey, [.array(elementSignature: "{sv}", elements: entries)], mentioning: ["more than once"])
    }

    private mutating func tooManyValues() -> FuzzCall {
        var options: [String: DBusValue] = [:]
        if input.chance(0.5) {
            for index in 0..<input.int(65...3000) { options["k\(index)"] = .byte(0) }
        } else {
            options["title"] = .array(elementSignature: "y", elements: Array(repeating: .byte(1), count: input.int(260...100_000)))
        }
        return refused(.tooManyValues, [.vardict(options)], mentioning: ["more values"])
    }

    private mutating func deepValue() -> FuzzCall {
        var options = input.validOptions(tokens: Self.tokens)
        let known = input.chance(0.8)
        let key = known ? input.pick(FuzzOptionKeys.knownKeys) : "deep"
        options[key] = input.deepValue(depth: input.int(1...57))
        return refused(.deepValue, [.vardict(options)], mentioning: [known ? "option '\(key)'" : "unknown option"])
    }

    private mutating func wrongSignature() -> FuzzCall {
        let options = DBusValue.vardict(input.validOptions(tokens: Self.tokens))
        var arguments: [DBusValue]
        switch input.int(0...6) {
        case 0: arguments = []
        case 1: arguments = [options, input.value()]
        case 2: arguments = [options, options]
        case 3: arguments = [.array(elementSignature: "{ss}", elements: [.dictEntry(key: .string("title"), value: .string("x"))])]
        case 4: arguments = [.variant(options)]
        case 5: arguments = [.structure([options])]
        default: arguments = (0..<input.int(1...4)).map { _ in input.value() }
        }
        if arguments.map(\.signature).joined() == "a{sv}" { arguments = [] }
        return refused(.wrongSignature, arguments, mentioning: ["'a{sv}'"])
    }

    private mutating func descriptorCall(caller: String) -> FuzzCall {
        let descriptor = input.pick(input.descriptors)
        switch input.int(0...4) {
        case 0:
            if input.terminals.contains(descriptor) {
                return creating(.descriptors, member: showOrPick(), caller: caller, options: ["terminal": .unixFD(descriptor)])
            }
            var options = input.validOptions(tokens: Self.tokens)
            options["terminal"] = .unixFD(descriptor)
            options["handle_token"] = nil
            // The limits are checked before the descriptor is looked at.
            var call = refused(.descriptors, [.vardict(options)], mentioning: ["option 'terminal'"])
            call.expected = call.expected.or(FuzzErrorNames.limitsExceeded, mentioning: ["at most"])
            return call
        case 1:
            var options = input.validOptions(tokens: Self.tokens)
            let key = input.pick(FuzzOptionKeys.knownKeys.filter { $0 != "terminal" })
            options[key] = .unixFD(descriptor)
            return refused(.descriptors, [.vardict(options)], mentioning: ["option '\(key)'"])
        case 2:
            var many: [DBusValue] = []
            for _ in 0..<Self.maximumDescriptors - 3 { many.append(.unixFD(input.pick(input.descriptors))) }
            let options: [String: DBusValue] = [
                "terminal": .unixFD(input.pick(input.terminals)),
                "fds": .structure([.unixFD(descriptor), .variant(.unixFD(input.pick(input.descriptors))), .array(elementSignature: "h", elements: many)]),
            ]
            return refused(.descriptors, [.vardict(options)], mentioning: ["unknown option"])
        case 3:
            return refused(.descriptors, [.vardict(input.validOptions(tokens: Self.tokens)), .unixFD(descriptor)], mentioning: ["'a{sv}'"])
        default:
            return FuzzCall(
                family: .descriptors, path: Self.manager, interface: Self.properties, member: input.pick(["Get", "GetAll", "Set"]),
                arguments: [.string(Self.managerInterface.rawValue), .unixFD(descriptor)],
                expected: .error(FuzzErrorNames.invalidArgs, mentioning: ["takes arguments"]))
        }
    }

    // MARK: Helpers

    mutating func showOrPick() -> String { input.pick(["ShowTimePicker", "PickTimeRange"]) }

    /// The manager's interface, or none (which the service resolves by member).
    private mutating func managerInterfaceOrNone() -> InterfaceName? { input.chance(0.9) ? Self.managerInterface : nil }

    /// A path where nothing is: made up, below a session node of nobody, or 4 KiB long.
    mutating func unknownPath() -> ObjectPath {
        let made = ObjectPath("/" + (0..<input.int(1...8)).map { _ in input.word() }.joined(separator: "/")) ?? "/x"
        return input.pick([
            made, "/io/github/timepickerd/TimePicker1/extra", "/io/github/timepickerd/TimePicker2", "/org/freedesktop/DBus",
            "/io/github/timepickerd/TimePicker1/session/nobody_0/t1",
            ObjectPath("/" + Array(repeating: "abcdefg", count: 512).joined(separator: "/")) ?? "/y",
        ])
    }

    /// The path of `sender`'s session `token`, or of its node when `token` is nil.
    static func sessionPath(sender: String, token: String?) -> ObjectPath {
        ObjectPath("/io/github/timepickerd/TimePicker1/session/\(sender)" + (token.map { "/\($0)" } ?? "")) ?? manager
    }
}
