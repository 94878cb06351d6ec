import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// The families of calls the fuzz test draws from: the cases it tries. Each call is one of
/// these, with random content; the summary the test prints counts the answers per family.
///
/// Not tried: calls with the NO_REPLY flag (DBusKit cannot set it), and messages that break
/// the D-Bus wire format, nest deeper than 64 containers or carry more than 16 descriptors
/// (the bus disconnects their sender, so the daemon never sees them).
enum FuzzCase: String, CaseIterable {
    case validShow = "ShowTimePicker with valid random options (steps, grids, min_duration, titles with control and bidi text, timeouts, tokens, clock, a terminal)"
    case validPick = "PickTimeRange with valid random options (answered when the test cancels the session)"
    case badValue = "one out-of-range option: step 0/7/1441/UInt32.max, times 99:99 24:01 -1:00 and others, last before first, start off the grid, end before start, min_duration too long, 201-character or 2001-code-point title, bad handle_token or clock, 100 KiB values"
    case wrongType = "a known option with a value of another type, nested variants included"
    case unknownKey = "unknown option keys: empty, case-changed, control, bidi, combining, 100 KiB"
    case duplicateKey = "the same option key twice"
    case tooManyValues = "options holding more than 256 values"
    case deepValue = "option values nested up to 57 containers deep (variants, arrays, structures)"
    case wrongSignature = "ShowTimePicker and PickTimeRange with an empty body, extra arguments, other types"
    case descriptors = "descriptors (pipe, socket, /dev/null, a directory, a /proc file, terminals, a terminal open only for reading, pty controllers) in the terminal option, in other options, in extra arguments, 16 in one call"
    case sessionCall = "Cancel, Get, GetAll, Set, Introspect on open and ended sessions, from the owner and other connections, with wrong arguments and interfaces"
    case managerProperties = "Get, GetAll, Set on the manager and its ancestors: known and unknown interfaces and names, wrong signatures, unknown Properties members"
    case introspect = "Introspect on the manager, its ancestors, session nodes and unknown paths, with and without arguments"
    case peer = "Peer.Ping and GetMachineId on any path, with arguments, unknown Peer members"
    case unknownMember = "unknown members and interfaces, no interface, methods on the wrong object, unknown and 4 KiB paths"
    case leavingCaller = "a connection that sends ten calls of the families above (no descriptors) and a Cancel() of another connection's session, then leaves the bus without reading an answer"

    /// How often the family is drawn, relative to the others.
    var weight: Int {
        switch self {
        case .validShow, .badValue, .sessionCall: 12
        case .wrongType, .wrongSignature, .managerProperties: 8
        case .validPick, .unknownKey, .descriptors: 6
        case .introspect, .unknownMember, .deepValue: 5
        case .duplicateKey, .peer: 3
        case .tooManyValues: 2
        // Once a round, not drawn among the others.
        case .leavingCaller: 0
        }
    }
}

@Suite("Fuzz")
struct FuzzTests {
    /// Fixed, so every run makes the same calls; `FUZZ_SEED=<hex>` tries another,
    /// `FUZZ_ROUNDS=<n>` runs longer (each round is 200 calls), `FUZZ_DUMP_LOG=<file>` keeps
    /// the daemon's log.
    static let seed: UInt64 = ProcessInfo.processInfo.environment["FUZZ_SEED"].flatMap { UInt64($0, radix: 16) } ?? 0x71AE_5EED
    static let connections = 4
    static let callsPerRound = 50
    static let rounds = ProcessInfo.processInfo.environment["FUZZ_ROUNDS"].flatMap { Int($0) } ?? 25

    @Test("Thousands of random and malformed calls get documented answers; afterwards no sessions, and descriptors and memory are back")
    func fuzz() throws {
        let fixture = try Fixture()
        let clientScreen = try PseudoTerminal()
        let daemonScreen = try fixture.screen
        let terminals = [clientScreen.terminal, daemonScreen.terminal]
        let descriptors = try FuzzDescriptors(terminals: terminals, borrowed: [clientScreen.controller])
        defer {
            descriptors.close()
            clientScreen.close()
        }
        let pid = fixture.daemon.process.pid
        let seed = Self.seed
        let peers = try (0..<Self.connections).map { _ in FuzzPeer(client: try BusClient(bus: fixture.bus)) }
        try warmUp(fixture, peers: peers, terminal: clientScreen.terminal)
        let descriptorsBefore = try openDescriptorCount(of: pid)
        let residentBefore = try FuzzRun.residentKiB(of: pid)

        let started = Date()
        let run = try FuzzRun(
            peers: peers, seed: seed, input: FuzzInput(seed: seed, descriptors: descriptors.all, terminals: terminals),
            connect: { try BusClient(bus: fixture.bus) })
        for round in 0..<Self.rounds {
            do {
                try run.round(calls: Self.callsPerRound, final: round == Self.rounds - 1)
            } catch {
                run.problem("round \(round) stopped: \(error)")
                break
            }
            guard fixture.daemon.process.isRunning else {
                run.problem("the daemon is gone after round \(round); its log ends:\n\(fixture.daemon.log.suffix(3000))")
                break
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        print(run.summary(seconds: elapsed))

        let context = "fuzz seed \(String(seed, radix: 16)) (FUZZ_SEED=\(String(seed, radix: 16)) replays it)"
        #expect(run.problems.isEmpty, "\(context): \(run.problems.count) problems, the first:\n\(run.problems.prefix(25).joined(separator: "\n"))")
        #expect(fixture.daemon.process.isRunning, "\(context): the daemon is not running")
        // Sessions of callers that left unidentified end by their one-second timeout.
        var sessionsLeft: [ObjectPath] = []
        _ = try? waitUntil("every session to end", seconds: 10) {
            // A session that ends during the walk makes its node vanish under it: walk again.
            guard let paths = try? FuzzRun.allSessionPaths(fixture.client) else { return false }
            sessionsLeft = paths
            return sessionsLeft.isEmpty
        }
        #expect(sessionsLeft.isEmpty, "\(context): sessions left after every one made was cancelled: \(sessionsLeft.prefix(10))")
        _ = try fixture.client.call("Ping", interface: "org.freedesktop.DBus.Peer")

        var descriptorsAfter = -1
        let descriptorsBack = (try? waitUntil("the daemon's descriptors back to \(descriptorsBefore)", seconds: 5) {
            descriptorsAfter = try openDescriptorCount(of: pid)
            return descriptorsAfter == descriptorsBefore
        }) != nil
        #expect(descriptorsBack, "\(context): the daemon has \(descriptorsAfter) descriptors open, \(descriptorsBefore) before")
        let residentAfter = try FuzzRun.residentKiB(of: pid)
        // malloc keeps some freed memory, and tables keep the capacity they grew to.
        #expect(residentAfter - residentBefore <= 1536, "\(context): resident memory grew from \(residentBefore) KiB to \(residentAfter) KiB")

        let log = fixture.daemon.log
        if let dump = ProcessInfo.processInfo.environment["FUZZ_DUMP_LOG"] { try? log.write(toFile: dump, atomically: true, encoding: .utf8) }
        for crash in ["Fatal error", "Current stack trace", "Program crashed", "Backtrace", "Assertion failed"] {
            #expect(!log.contains(crash), "\(context): the daemon's log says '\(crash)':\n\(log.suffix(3000))")
        }
        // Both terminals had pickers on them, the daemon's own one from two front ends at once.
        for (name, screen) in [("the daemon's", daemonScreen), ("the client's", clientScreen)] {
            let restored = (try? waitUntil("\(name) terminal back in line mode", seconds: 5) { screen.isCooked }) != nil
            #expect(restored, "\(context): \(name) terminal was left in raw mode")
        }
        fixture.daemon.send(SIGTERM)
        #expect(try fixture.daemon.waitForExit(seconds: 30) == 0, "\(context): the daemon did not stop cleanly on SIGTERM")
        print("  daemon after the fuzz: \(descriptorsBefore) → \(descriptorsAfter) descriptors, VmRSS \(residentBefore) → \(residentAfter) KiB")
    }

    /// A few sessions of every kind, so that what the daemon allocates on first use exists
    /// before the descriptors and memory are counted.
    private func warmUp(_ fixture: Fixture, peers: [FuzzPeer], terminal: Int32) throws {
        for options: [String: DBusValue] in [[:], ["terminal": .unixFD(terminal)], ["handle_token": .string("warm"), "timeout": .uint32(3600)]] {
            let handle = try fixture.client.showTimePicker(options)
            _ = try fixture.client.call("Get", path: handle, interface: "org.freedesktop.DBus.Properties", [.string(""), .string("Start")])
            _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
        }
        let pick = try fixture.client.startCall("PickTimeRange", [.vardict(["handle_token": .string("warm_pick")])])
        _ = try fixture.client.call(
            "Cancel", path: FuzzCallMaker.sessionPath(sender: fixture.client.senderElement, token: "warm_pick"), interface: BusClient.sessionInterface)
        _ = try fixture.client.waitForReply(to: pick)
        for peer in peers {
            let handle = try peer.client.showTimePicker()
            _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
            _ = dbusError { _ = try peer.client.showTimePicker(["step": .uint32(7)]) }
            _ = try peer.client.call("GetAll", interface: "org.freedesktop.DBus.Properties", [.string("")])
            _ = try peer.client.call("Introspect", interface: "org.freedesktop.DBus.Introspectable")
        }
        try waitUntil("the warm-up sessions to end") { try FuzzRun.allSessionPaths(fixture.client).isEmpty }
    }
}

// MARK: - Calls and what a correct daemon answers

/// Error names the interface documents; anything else is a bug.
enum FuzzErrorNames {
    static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
    static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
    static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
    static let propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
    static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
    static let limitsExceeded = "io.github.timepickerd.TimePicker1.Error.LimitsExceeded"
    static let cancelled = "io.github.timepickerd.TimePicker1.Error.Cancelled"

    static let documented: Set<String> = [
        invalidArgs, unknownMethod, unknownObject, unknownInterface, unknownProperty, propertyReadOnly, accessDenied, limitsExceeded,
    ]

    static func isDocumented(_ name: String) -> Bool {
        documented.contains(name) || name.hasPrefix("io.github.timepickerd.TimePicker1.Error.")
    }

    /// The last part of a name, for the summary.
    static func short(_ name: String) -> String { String(name.split(separator: ".").last ?? "") }
}

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

    // MARK: Sessions, properties, introspection, the rest

    private mutating func sessionCall(senders: [String], sessions: [ObjectPath]) -> FuzzCall {
        let useOpen = input.chance(0.6)
        let index = input.int(0...1_000_000)
        let aimed = Self.sessionPath(sender: input.pick(senders), token: input.pick(Self.tokens + ["t\(input.int(1...400))"]))
        let path = useOpen && !sessions.isEmpty ? sessions[index % sessions.count] : aimed
        let session = Self.sessionInterface.rawValue
        func make(_ interface: InterfaceName?, _ member: String, _ arguments: [DBusValue], _ expected: FuzzExpectation) -> FuzzCall {
            FuzzCall(family: .sessionCall, path: path, interface: interface, member: member, arguments: arguments, expected: expected.orGone)
        }
        switch input.int(0...9) {
        case 0, 1: return make(input.chance(0.8) ? Self.sessionInterface : nil, "Cancel", [], .success)
        case 2:
            return make(Self.sessionInterface, "Cancel", (0..<input.int(1...3)).map { _ in input.value() },
                        .error(FuzzErrorNames.invalidArgs, mentioning: ["Cancel takes"]))
        case 3: return make(Self.managerInterface, "Cancel", [], .error(FuzzErrorNames.unknownMethod))
        case 4: return make(Self.properties, "Get", [.string(input.pick(["", session])), .string(input.pick(["Title", "Start", "End"]))], .success)
        case 5:
            if input.chance(0.5) {
                return make(Self.properties, "Get", [.string(Self.managerInterface.rawValue), .string("Version")], .error(FuzzErrorNames.unknownInterface))
            }
            var name = input.text()
            if ["Title", "Start", "End"].contains(name) { name += "?" }
            return make(Self.properties, "Get", [.string(input.pick(["", session])), .string(name)], .error(FuzzErrorNames.unknownProperty))
        case 6:
            let interface = input.pick(["", session, input.text()])
            return make(Self.properties, "GetAll", [.string(interface)],
                        interface.isEmpty || interface == session ? .success : .error(FuzzErrorNames.unknownInterface))
        case 7:
            return make(Self.properties, "Set", [.string(session), .string(input.pick(["Title", "Start", "End"])), .variant(input.value())],
                        .error(FuzzErrorNames.propertyReadOnly))
        case 8: return make(Self.introspectable, "Introspect", [], .success)
        default:
            return make(Self.managerInterface, showOrPick(), [.vardict([:])], .error(FuzzErrorNames.unknownMethod))
        }
    }

    private mutating func managerProperties() -> FuzzCall {
        let onManager = input.chance(0.8)
        let path = onManager ? Self.manager : input.pick(Self.ancestors)
        let interface = input.pick(["", Self.managerInterface.rawValue, Self.sessionInterface.rawValue, input.text()])
        let name = input.pick(["Version", "UserInterface", "Title", "Start", input.text()])
        let ownInterface = onManager && (interface.isEmpty || interface == Self.managerInterface.rawValue)
        let known = ["Version", "UserInterface"].contains(name)
        func make(_ member: String, _ arguments: [DBusValue], _ expected: FuzzExpectation) -> FuzzCall {
            FuzzCall(family: .managerProperties, path: path, interface: Self.properties, member: member, arguments: arguments, expected: expected)
        }
        switch input.int(0...4) {
        case 0:
            return make("Get", [.string(interface), .string(name)],
                        !ownInterface ? .error(FuzzErrorNames.unknownInterface) : known ? .success : .error(FuzzErrorNames.unknownProperty))
        case 1:
            return make("GetAll", [.string(interface)], ownInterface ? .success : .error(FuzzErrorNames.unknownInterface))
        case 2:
            return make("Set", [.string(interface), .string(name), .variant(input.value())],
                        !ownInterface ? .error(FuzzErrorNames.unknownInterface)
                            : known ? .error(FuzzErrorNames.propertyReadOnly) : .error(FuzzErrorNames.unknownProperty))
        case 3:
            let member = input.pick(["Get", "GetAll", "Set"])
            let wanted = ["Get": "ss", "GetAll": "s", "Set": "ssv"][member] ?? ""
            var arguments = (0..<input.int(0...4)).map { _ in input.value() }
            if arguments.map(\.signature).joined() == wanted { arguments.append(.string("extra")) }
            return make(member, arguments, .error(FuzzErrorNames.invalidArgs, mentioning: ["takes arguments of type '\(wanted)'"]))
        default:
            return make(input.pick(["GetAlll", "get", "Del", input.word(length: 1...255)]), [.string("")], .error(FuzzErrorNames.unknownMethod))
        }
    }

    private mutating func introspect(senders: [String]) -> FuzzCall {
        let sender = input.pick(senders)
        // nil: the node exists only while some session does.
        let (path, exists): (ObjectPath, Bool?) = input.pick([
            (Self.manager, true), (input.pick(Self.ancestors), true), ("/io/github/timepickerd/TimePicker1/session", nil),
            (Self.sessionPath(sender: sender, token: nil), nil), (Self.sessionPath(sender: sender, token: input.pick(Self.tokens)), nil),
            (unknownPath(), false),
        ])
        let arguments = input.chance(0.2) ? (0..<input.int(1...3)).map { _ in input.value() } : []
        let expected: FuzzExpectation = !arguments.isEmpty ? .error(FuzzErrorNames.invalidArgs, mentioning: ["takes arguments of type ''"])
            : exists == true ? .success : exists == false ? .error(FuzzErrorNames.unknownObject) : FuzzExpectation.success.orGone
        return FuzzCall(family: .introspect, path: path, interface: Self.introspectable, member: "Introspect", arguments: arguments, expected: expected)
    }

    private mutating func peer() -> FuzzCall {
        let member = input.pick(["Ping", "GetMachineId", "Ping", "Pong", input.word()])
        let path = input.pick([Self.manager, "/", unknownPath()])
        let arguments = input.chance(0.3) ? [input.value()] : []
        let expected: FuzzExpectation = ["Ping", "GetMachineId"].contains(member) ? .success : .error(FuzzErrorNames.unknownMethod)
        return FuzzCall(family: .peer, path: path, interface: "org.freedesktop.DBus.Peer", member: member, arguments: arguments, expected: expected)
    }

    private mutating func unknownMember() -> FuzzCall {
        var member = input.word(length: 1...255)
        if ["ShowTimePicker", "PickTimeRange", "Cancel", "Introspect", "Get", "GetAll", "Set", "Ping", "GetMachineId"].contains(member) {
            member += "X"
        }
        let arguments = (0..<input.int(0...2)).map { _ in input.value() }
        let randomInterface = InterfaceName("\(input.word()).\(input.word())") ?? "org.example.Fuzz"
        let unknownMethod = FuzzExpectation.error(FuzzErrorNames.unknownMethod)
        func make(_ path: ObjectPath, _ interface: InterfaceName?, _ member: String, _ expected: FuzzExpectation) -> FuzzCall {
            FuzzCall(family: .unknownMember, path: path, interface: interface, member: member, arguments: arguments, expected: expected)
        }
        switch input.int(0...6) {
        case 0: return make(Self.manager, Self.managerInterface, member, unknownMethod)
        case 1: return make(Self.manager, randomInterface, input.pick([member, "ShowTimePicker"]), unknownMethod.or(FuzzErrorNames.unknownInterface))
        case 2: return make(Self.manager, nil, member, unknownMethod)
        case 3:
            return make(unknownPath(), input.pick([nil, Self.managerInterface, randomInterface]), input.pick([member, "ShowTimePicker", "Cancel"]),
                        .error(FuzzErrorNames.unknownObject))
        case 4: return make(input.pick([Self.manager] + Self.ancestors), input.pick([nil, Self.sessionInterface]), "Cancel", unknownMethod)
        case 5: return make(input.pick([Self.manager] + Self.ancestors), Self.sessionInterface, showOrPick(), unknownMethod)
        default: return make(Self.manager, input.pick([nil, Self.managerInterface]), input.pick(["Get", "GetAll", "Introspect", "Set"]), unknownMethod)
        }
    }

    // MARK: Helpers

    private mutating func showOrPick() -> String { input.pick(["ShowTimePicker", "PickTimeRange"]) }

    /// The manager's interface, or none (which the service resolves by member).
    private mutating func managerInterfaceOrNone() -> InterfaceName? { input.chance(0.9) ? Self.managerInterface : nil }

    /// A path where nothing is: made up, below a session node of nobody, or 4 KiB long.
    private mutating func unknownPath() -> ObjectPath {
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
