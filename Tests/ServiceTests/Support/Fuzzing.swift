import DBusKit
import Foundation
import Glibc
import TestHarness

/// SplitMix64: a small, fast generator whose sequence depends only on its seed, so a failing
/// fuzz run can be replayed with the seed it printed.
struct FuzzGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Random D-Bus input for the fuzz test: text, numbers, times, value trees of any type, and
/// picker options that are valid or wrong in exactly one place.
///
/// Every tree it makes is one libdbus accepts for sending (a tree libdbus rejects aborts the
/// sender; one the bus rejects disconnects it): signatures stay short, dictionary keys basic,
/// and containers nest at most `maximumDepth` deep inside the options.
struct FuzzInput {
    var rng: FuzzGenerator
    /// Descriptors to send: pipes, /dev/null, a directory, a socket, terminals.
    let descriptors: [Int32]
    /// Terminals a valid `terminal` option may name.
    let terminals: [Int32]

    /// D-Bus allows 64 levels of containers in a message, variants included; an a{sv} option
    /// takes three (array, entry, variant).
    static let maximumDepth = 60

    /// Text of 100 KiB, made once.
    static let hugeText = String(repeating: "0123456789abcdef", count: 6400)

    init(seed: UInt64, descriptors: [Int32], terminals: [Int32]) {
        rng = FuzzGenerator(seed: seed)
        self.descriptors = descriptors
        self.terminals = terminals
    }

    // MARK: Choices

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < probability }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &rng)] }

    // MARK: Text and numbers

    /// Text of every awkward kind: empty, huge, control characters and escape sequences,
    /// bidirectional overrides, piles of combining marks, emoji sequences, plain words.
    mutating func text() -> String {
        switch int(0...11) {
        case 0: return ""
        case 1: return Self.hugeText
        case 2: return String(repeating: "\u{1B}[2J\u{1B}]0;owned\u{07}\r\n\u{08}\u{7F}\u{9B}31m", count: int(1...50))
        case 3: return "\u{202E}evil\u{202C}\u{2066}\u{200F}txt\u{2069}\u{061C}"
        case 4: return "e" + String(repeating: "\u{0301}", count: int(1...3000))
        case 5: return String(repeating: "👨‍👩‍👧‍👦", count: int(1...300))
        case 6: return String((0..<int(1...64)).map { _ in Character(Unicode.Scalar(UInt8(int(1...31)))) })
        case 7: return "\u{FEFF}\u{FFFD}\u{FFFF}\u{10FFFF}\u{E000}"
        case 8: return String(repeating: "x", count: int(190...260))
        case 9: return "09:00"
        case 10: return pick(FuzzOptionKeys.knownKeys)
        default: return word()
        }
    }

    /// Letters, digits and '_'; a valid member name or path element.
    mutating func word(length: ClosedRange<Int> = 1...12) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
        let tail = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789")
        let count = int(length)
        return String([pick(letters)] + (1..<max(count, 1)).map { _ in pick(tail) })
    }

    /// The edges of uint32, and values around the ones the options care about.
    mutating func number() -> UInt32 {
        pick([0, 1, 2, 7, 59, 60, 61, 1439, 1440, 1441, 2880, 65535, UInt32(Int32.max), UInt32(Int32.max) + 1, UInt32.max - 1, UInt32.max])
    }

    /// Strings that look like times and are not: out of range, badly written, other digits.
    mutating func badTime() -> String {
        pick([
            "99:99", "24:01", "-1:00", "25:00", "23:60", "9:00", "09:0", "0900", "09:00:00", " 09:00", "09:00 ",
            "09.00", "０９:００", "٠٩:٠٠", "+9:00", "", ":", "24:00\u{0301}", "ab:cd", "99999999999:00", Self.hugeText,
        ])
    }

    // MARK: Values

    /// A value of a random type, at most `depth` containers deep and with few nodes.
    mutating func value(depth: Int = 4) -> DBusValue {
        var nodes = 8
        return value(of: type(depth: depth, nodes: &nodes), depth: depth)
    }

    /// A value whose type is not `signature`.
    mutating func value(notOfType signature: String) -> DBusValue {
        while true {
            let candidate = chance(0.2) ? .variant(value()) : value()
            if candidate.signature != signature { return candidate }
        }
    }

    /// A chain of `depth` containers: variants in variants, arrays of arrays, structures in
    /// structures, or a mix.
    mutating func deepValue(depth: Int) -> DBusValue {
        var result: DBusValue = .string("bottom")
        var arrays = 0
        var structures = 0
        for _ in 0..<depth {
            switch int(0...2) {
            case 0 where arrays < 30:
                arrays += 1
                result = .array(elementSignature: result.signature, elements: [result])
            case 1 where structures < 30:
                structures += 1
                result = .structure([result])
            default:
                result = .variant(result)
            }
        }
        return result
    }

    private indirect enum ValueType {
        case basic(Character)
        case array(ValueType)
        case dictionary(key: Character, value: ValueType)
        case structure([ValueType])
        case variant
    }

    private static let basicCodes: [Character] = Array("ybnqiuxtdsogh")

    private mutating func type(depth: Int, nodes: inout Int) -> ValueType {
        nodes -= 1
        guard depth > 0, nodes > 0, chance(0.5) else { return .basic(pick(Self.basicCodes)) }
        switch int(0...3) {
        case 0: return .array(type(depth: depth - 1, nodes: &nodes))
        case 1: return .dictionary(key: pick(Self.basicCodes), value: type(depth: depth - 2, nodes: &nodes))
        case 2: return .structure((0..<int(1...3)).map { _ in type(depth: depth - 1, nodes: &nodes) })
        default: return .variant
        }
    }

    private static func signature(of type: ValueType) -> String {
        switch type {
        case .basic(let code): String(code)
        case .array(let element): "a" + signature(of: element)
        case .dictionary(let key, let value): "a{" + String(key) + signature(of: value) + "}"
        case .structure(let fields): "(" + fields.map { signature(of: $0) }.joined() + ")"
        case .variant: "v"
        }
    }

    private mutating func value(of type: ValueType, depth: Int) -> DBusValue {
        switch type {
        case .basic(let code): return basic(code)
        case .array(let element):
            return .array(elementSignature: Self.signature(of: element), elements: (0..<int(0...3)).map { _ in value(of: element, depth: depth - 1) })
        case .dictionary(let key, let valueType):
            let entries = (0..<int(0...3)).map { _ in DBusValue.dictEntry(key: basic(key), value: value(of: valueType, depth: depth - 2)) }
            return .array(elementSignature: "{" + String(key) + Self.signature(of: valueType) + "}", elements: entries)
        case .structure(let fields): return .structure(fields.map { value(of: $0, depth: depth - 1) })
        case .variant: return .variant(depth > 1 ? value(depth: depth - 1) : basic(pick(Self.basicCodes)))
        }
    }

    private mutating func basic(_ code: Character) -> DBusValue {
        switch code {
        case "y": return .byte(UInt8.random(in: 0...255, using: &rng))
        case "b": return .boolean(chance(0.5))
        case "n": return .int16(pick([0, -1, Int16.min, Int16.max]))
        case "q": return .uint16(pick([0, 1, UInt16.max]))
        case "i": return .int32(pick([0, -1, 60, Int32.min, Int32.max]))
        case "u": return .uint32(number())
        case "x": return .int64(pick([0, -1, Int64.min, Int64.max]))
        case "t": return .uint64(pick([0, 60, UInt64.max]))
        case "d": return .double(pick([0, -0.0, 60.5, .nan, .infinity, -.infinity, .greatestFiniteMagnitude]))
        case "o": return .objectPath(pick(["/", "/io/github/timepickerd/TimePicker1", "/a/b_c/d0"]))
        case "g": return .signature(pick(["", "s", "a{sv}", "(ii)", "v", "aav"]))
        case "h": return .unixFD(pick(descriptors))
        default: return .string(text())
        }
    }

    // MARK: Picker options

    /// Options the service must accept: every key valid alone and together. Each key is
    /// present or not at random; `tokens` are the handle_token values to draw from.
    mutating func validOptions(tokens: [String]) -> [String: DBusValue] {
        var options: [String: DBusValue] = [:]
        let steps: [UInt32] = [1, 2, 3, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1440]
        let step = chance(0.6) ? pick(steps) : 60
        if step != 60 || chance(0.3) { options["step"] = .uint32(step) }
        let firstMinutes = chance(0.5) ? 60 : int(0...1440)
        if firstMinutes != 60 || chance(0.3) { options["first"] = .string(Self.clock(firstMinutes)) }
        var lastMinutes = firstMinutes + (1440 - firstMinutes) / Int(step) * Int(step)
        if chance(0.5) {
            lastMinutes = firstMinutes + int(0...(lastMinutes - firstMinutes) / Int(step)) * Int(step)
            options["last"] = .string(Self.clock(lastMinutes))
        }
        let span = lastMinutes - firstMinutes
        var minDuration = 0
        if chance(0.4) {
            minDuration = pick([0, span, int(0...span)])
            options["min_duration"] = .uint32(UInt32(minDuration))
        }
        let startSlots = (span - minDuration) / Int(step)
        let startMinutes = firstMinutes + int(0...startSlots) * Int(step)
        if chance(0.5) { options["start"] = .string(Self.clock(startMinutes)) }
        if chance(0.5), options["start"] != nil {
            let earliest = startMinutes + minDuration
            let firstEndSlot = (earliest - firstMinutes + Int(step) - 1) / Int(step)
            let endSlot = int(firstEndSlot...span / Int(step))
            options["end"] = .string(Self.clock(firstMinutes + endSlot * Int(step)))
        }
        if chance(0.5) { options["title"] = .string(validTitle()) }
        if chance(0.3) { options["timeout"] = .uint32(pick([0, 1, 3600, UInt32.max])) }
        if chance(0.5) { options["handle_token"] = .string(pick(tokens)) }
        if chance(0.3) { options["clock"] = .string(pick(["12h", "24h"])) }
        if chance(0.1) { options["terminal"] = .unixFD(pick(terminals)) }
        return options
    }

    /// A title within the limits (200 characters, 2000 code points), awkward all the same.
    private mutating func validTitle() -> String {
        pick([
            "", "Meeting", String(repeating: "x", count: 200), "\u{202E}evil\u{202C} \u{1B}[2J\u{07}\r\nnext",
            "e" + String(repeating: "\u{0301}", count: 1998), String(repeating: "👨‍👩‍👧‍👦", count: 200),
            String(repeating: "\u{1B}", count: 200), "日本語のタイトル", "a\tb\u{0}c",
        ])
    }

    /// Valid options with exactly one key made wrong in value (not in type); returns them and
    /// the keys an error may blame.
    mutating func optionsWithBadValue(tokens: [String]) -> (options: [String: DBusValue], blamed: Set<String>) {
        var options = validOptions(tokens: tokens)
        switch int(0...7) {
        case 0:
            options["step"] = .uint32(pick([0, 7, 11, 1000, 1441, 2880, UInt32.max]))
            return (options, ["step"])
        case 1:
            let key = pick(["first", "last", "start", "end"])
            options[key] = .string(badTime())
            // A bad first is found before last, start and end are looked at; a bad last
            // before start and end; and so on.
            return (options, [key])
        case 2:
            options = ["first": .string("10:00"), "last": .string(pick(["09:00", "00:00", "09:59"]))]
            return (options, ["last"])
        case 3:
            options = ["step": .uint32(60), "start": .string(pick(["01:30", "00:00", "00:59"])), "end": .string("02:00")]
            return (options, ["start"])
        case 4:
            options = ["start": .string("10:00"), "end": .string(pick(["09:00", "01:00"]))]
            return (options, ["end"])
        case 5:
            options = ["min_duration": .uint32(pick([1381, 1441, UInt32.max])), "first": .string("01:00")]
            if chance(0.5) { options["start"] = .string("12:00") }
            return (options, ["min_duration", "start"])
        case 6:
            options["title"] = .string(pick([
                String(repeating: "x", count: 201), Self.hugeText, "e" + String(repeating: "\u{0301}", count: 2000),
                String(repeating: "\u{1B}", count: 201),
            ]))
            return (options, ["title"])
        default:
            let key = pick(["handle_token", "clock"])
            options[key] = .string(key == "clock"
                ? pick(["13h", "", "12H", "24", " 12h", Self.hugeText])
                : pick(["", "a-b", "a/b", "ä", "..", " ", String(repeating: "a", count: 256), Self.hugeText]))
            return (options, [key])
        }
    }

    /// "HH:MM" for minutes since midnight, 0...1440.
    static func clock(_ minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}

/// What the fuzz test knows of the options, mirrored from the documentation.
enum FuzzOptionKeys {
    static let knownKeys = [
        "title", "step", "first", "last", "start", "end", "min_duration", "timeout", "handle_token", "clock", "terminal",
    ]
    /// The type each known key wants.
    static let types: [String: String] = [
        "title": "s", "step": "u", "first": "s", "last": "s", "start": "s", "end": "s", "min_duration": "u",
        "timeout": "u", "handle_token": "s", "clock": "s", "terminal": "h",
    ]
}

/// Descriptors of every kind a peer might send, kept open for the whole test.
final class FuzzDescriptors {
    private(set) var all: [Int32] = []

    /// `terminals` are terminal sides a session may use; `borrowed` other descriptors of the
    /// test's own (a pty's controlling side), sent but not closed here.
    init(terminals: [Int32], borrowed: [Int32]) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw HarnessError("pipe failed") }
        all += ends
        var sockets: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0 else { throw HarnessError("socketpair failed") }
        all += sockets
        // A terminal open only for reading, and a new pseudo-terminal's controlling side:
        // terminals the daemon must refuse.
        let readOnlyTerminal = terminals.first.flatMap { ttyname($0) }.map { String(cString: $0) } ?? "/dev/null"
        for (path, flags) in [("/dev/null", O_RDONLY), ("/", O_RDONLY), ("/proc/self/status", O_RDONLY),
                              (readOnlyTerminal, O_RDONLY | O_NOCTTY), ("/dev/ptmx", O_RDWR | O_NOCTTY)] {
            let descriptor = open(path, flags | O_CLOEXEC)
            guard descriptor >= 0 else { throw HarnessError("cannot open \(path)") }
            all.append(descriptor)
        }
        for descriptor in all { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        kept = terminals + borrowed
        all += kept
    }

    private var kept: [Int32] = []

    /// Closes the descriptors this pool opened (not the ones it was given).
    func close() {
        for descriptor in all where !kept.contains(descriptor) { Glibc.close(descriptor) }
        all = []
    }
}

// MARK: - Running calls

/// One fuzzing connection and what it has in flight.
final class FuzzPeer {
    let client: BusClient
    /// Calls sent and not yet answered, by serial.
    var waiting: [UInt32: FuzzCall] = [:]
    /// The Ping sent after each batch: its answer comes after every immediate answer.
    var barrier: UInt32?
    /// Handles of sessions ShowTimePicker made for this connection that may still be open.
    var shows: Set<ObjectPath> = []

    init(client: BusClient) { self.client = client }

    var senderElement: String { client.senderElement }
    var node: ObjectPath { FuzzCallMaker.sessionPath(sender: senderElement, token: nil) }
    /// The sessions of the PickTimeRange calls still waiting for their answer.
    var waitingPicks: Set<ObjectPath> { Set(waiting.values.compactMap(\.sessionPath)) }
}

/// Sends rounds of pipelined calls on every connection, checks every answer, and keeps count.
final class FuzzRun {
    let peers: [FuzzPeer]
    /// Opens a new connection to the bus, for callers that leave.
    let connect: () throws -> BusClient
    /// Owns the sessions that leaving callers cancel; takes no part in the fuzzing.
    let bystander: BusClient
    var maker: FuzzCallMaker
    /// Which open sessions the clean-up ends: a generator of its own, so that the calls made
    /// do not depend on how many sessions were open.
    var cleanupRandom: FuzzGenerator
    private(set) var problems: [String] = []
    /// Answers counted per family, then per "member → answer".
    private var answers: [FuzzCase: [String: Int]] = [:]
    private var callCount = 0
    private var roundCount = 0
    /// Rounds whose leaving caller's Cancel() was dropped: the caller left before the bus could
    /// say which user it was, and an unknown user may cancel nothing.
    private var droppedCancels: [Int] = []
    let seed: UInt64

    init(peers: [FuzzPeer], seed: UInt64, input: FuzzInput, connect: @escaping () throws -> BusClient) throws {
        self.peers = peers
        self.connect = connect
        bystander = try connect()
        self.seed = seed
        maker = FuzzCallMaker(input: input)
        cleanupRandom = FuzzGenerator(seed: seed ^ 0xC1EA_0000)
    }

    func problem(_ text: String) {
        problems.append(text)
    }

    /// Sends `calls` calls on every connection, collects the answers, then ends waiting picks
    /// and some open sessions (all of them when `final`) and collects the picks' answers.
    func round(calls: Int, final: Bool) throws {
        roundCount += 1
        let senders = peers.map(\.senderElement)
        let open = Set(peers.flatMap { $0.shows.union($0.waitingPicks) }).sorted { $0.rawValue < $1.rawValue }
        for peer in peers {
            for _ in 0..<calls { send(maker.next(caller: peer.senderElement, senders: senders, sessions: open), on: peer) }
            let ping = try DBusMessage.methodCall(
                destination: BusClient.service, path: FuzzCallMaker.manager, interface: "org.freedesktop.DBus.Peer", member: "Ping")
            peer.client.connection.send(ping)
            peer.barrier = ping.serial
            peer.client.connection.flush()
        }
        collect(includingPicks: false)
        try leavingCaller(senders: senders, sessions: open)
        for peer in peers { try cleanUp(peer, final: final) }
        collect(includingPicks: true)
    }

    /// A connection that sends a few calls, a Cancel() of the bystander's session last, and
    /// leaves the bus without reading an answer. Its PickTimeRange sessions must end (nobody is
    /// left to answer); the ShowTimePicker sessions it made outlive it, as documented. Its
    /// Cancel() ends the bystander's session only if the bus could still say which user sent it:
    /// an identity the bus cannot give is never assumed, so a dropped Cancel() is right too.
    private func leavingCaller(senders: [String], sessions: [ObjectPath]) throws {
        let target = try bystander.showTimePicker(["handle_token": .string("leave\(roundCount)")])
        // The connection is closed when this closure returns, its last reference gone.
        let (node, calls) = try { () throws -> (ObjectPath, [FuzzCall]) in
            let caller = try connect()
            // Without descriptors: while the daemon has not read 64 of them yet, the bus refuses
            // further calls to it, and the Cancel() must not be one of those.
            var calls: [FuzzCall] = []
            while calls.count < 10 {
                let call = maker.next(caller: caller.senderElement, senders: senders, sessions: sessions)
                if call.arguments.flatMap(\.unixFDs).isEmpty { calls.append(Self.endingSoon(call)) }
            }
            // The Cancel() last, right before the connection closes, as `dbus-send` without
            // --print-reply or `busctl call --expect-reply=no` do.
            calls.append(FuzzCall(
                family: .leavingCaller, path: target, interface: FuzzCallMaker.sessionInterface, member: "Cancel", arguments: [],
                expected: .success))
            for call in calls {
                guard let message = message(for: call) else { continue }
                caller.connection.send(message)
                count(.leavingCaller, call.member, "sent, then left")
            }
            // dbus-daemon can drop what a client wrote just before it hung up, unread; once the
            // bus answers this, it has routed every call before it.
            _ = try caller.call("GetId", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", destination: "org.freedesktop.DBus")
            return (FuzzCallMaker.sessionPath(sender: caller.senderElement, token: nil), calls)
        }()

        // The daemon has handled the Cancel() once it answers this call from the bystander's side.
        _ = try bystander.call("Ping", interface: "org.freedesktop.DBus.Peer")
        let stillOpen = try Self.sessionPaths(under: FuzzCallMaker.sessionPath(sender: bystander.senderElement, token: nil), client: bystander)
            .contains(target)
        if stillOpen {
            droppedCancels.append(roundCount)
            _ = dbusError { _ = try bystander.call("Cancel", path: target, interface: BusClient.sessionInterface, seconds: 5) }
        }
        let picks = Set(calls.compactMap(\.sessionPath))
        var left: Set<ObjectPath> = []
        let picksGone = (try? waitUntil("the PickTimeRange sessions of a caller that left to end", seconds: 5) {
            left = try Self.sessionPaths(under: node, client: bystander)
            return left.isDisjoint(with: picks)
        }) != nil
        if !picksGone { problem("round \(roundCount): PickTimeRange sessions of a caller that left stayed open: \(left.intersection(picks))") }
        let shows = calls.filter { $0.expected.mayReturn && $0.member == "ShowTimePicker" && $0.path == FuzzCallMaker.manager }.count
        if left.subtracting(picks).count > shows {
            problem("round \(roundCount): a caller that left has \(left.count) sessions, more than its \(shows) ShowTimePicker calls could make")
        }
        for path in left {
            let error = dbusError { _ = try bystander.call("Cancel", path: path, interface: BusClient.sessionInterface, seconds: 5) }
            // A creator that left before the bus could say who it was leaves a session nobody
            // else may cancel: its timeout ends it.
            let refusedAsUnknown = error?.name == FuzzErrorNames.accessDenied && error?.message.contains("creator's connection") == true
            if let error, error.name != FuzzErrorNames.unknownObject, !refusedAsUnknown {
                problem("Cancel of \(path), made by a caller that left, failed: \(error)")
            }
        }
    }

    /// `call` with a one-second timeout when it is one that makes a session, so that sessions of a caller
    /// that leaves end on their own even when nobody else may cancel them.
    private static func endingSoon(_ call: FuzzCall) -> FuzzCall {
        guard [.validShow, .validPick].contains(call.family), call.arguments.count == 1,
              case .array(elementSignature: "{sv}", _)? = call.arguments.first,
              var options = call.arguments.first?.stringKeyedEntries
        else { return call }
        options.removeAll { $0.key == "timeout" }
        var changed = call
        let entries = options.map { DBusValue.dictEntry(key: .string($0.key), value: $0.value) }
            + [.dictEntry(key: .string("timeout"), value: .variant(.uint32(1)))]
        changed.arguments = [.array(elementSignature: "{sv}", elements: entries)]
        return changed
    }

    /// The call as a message, or nil (a problem recorded) when it cannot be built.
    private func message(for call: FuzzCall) -> DBusMessage? {
        do {
            let message = try DBusMessage.methodCall(destination: BusClient.service, path: call.path, interface: call.interface, member: call.member)
            try message.append(contentsOf: call.arguments)
            return message
        } catch {
            problem("the test could not build \(call.summary): \(error)")
            return nil
        }
    }

    private func send(_ call: FuzzCall, on peer: FuzzPeer) {
        guard let message = message(for: call) else { return }
        guard peer.client.connection.send(message) else {
            problem("the test could not send \(call.summary)")
            return
        }
        peer.waiting[message.serial] = call
        callCount += 1
    }

    /// Reads answers until every call that must be answered at once is (and the waiting
    /// PickTimeRange calls too, with `includingPicks`); 5 s at most.
    private func collect(includingPicks: Bool) {
        let deadline = Date().addingTimeInterval(5)
        for peer in peers {
            func outstanding() -> Bool {
                peer.barrier != nil || peer.waiting.values.contains { includingPicks || !$0.expected.mayWait }
            }
            while outstanding() {
                guard Date() < deadline else {
                    for call in peer.waiting.values where includingPicks || !call.expected.mayWait {
                        problem("no answer within 5 s: \(call.summary)")
                    }
                    peer.waiting = peer.waiting.filter { !includingPicks && $0.value.expected.mayWait }
                    peer.barrier = nil
                    break
                }
                guard let message = peer.client.connection.nextMessage(timeoutMilliseconds: 20) else {
                    guard peer.client.connection.isConnected else {
                        let first = peer.waiting.min { $0.key < $1.key }?.value.summary ?? "none"
                        problem("the bus closed connection \(peer.client.uniqueName); the first call unanswered: \(first)")
                        peer.waiting = [:]
                        peer.barrier = nil
                        break
                    }
                    continue
                }
                take(message, on: peer)
            }
        }
    }

    private func take(_ message: DBusMessage, on peer: FuzzPeer) {
        guard message.kind == .methodReturn || message.kind == .error else { return }
        if message.replySerial == peer.barrier {
            peer.barrier = nil
            if message.kind != .methodReturn, !isRefusalByTheBus(message) {
                problem("Ping after a batch answered \(message.errorName ?? "?"): \(message.errorMessage ?? "")")
            }
            return
        }
        guard let call = peer.waiting.removeValue(forKey: message.replySerial) else { return }
        check(message, answering: call, on: peer)
    }

    private func check(_ answer: DBusMessage, answering call: FuzzCall, on peer: FuzzPeer) {
        guard answer.kind == .error else {
            count(call, "returned")
            if !call.expected.mayReturn { problem("succeeded, but should have been refused: \(call.summary)") }
            if call.member == "ShowTimePicker", case .objectPath(let handle)? = try? answer.arguments().first {
                peer.shows.insert(handle)
            }
            return
        }
        let name = answer.errorName ?? ""
        let text = answer.errorMessage ?? ""
        if isRefusalByTheBus(answer) {
            count(call, "refused by the bus")
            return
        }
        count(call, FuzzErrorNames.short(name))
        guard FuzzErrorNames.isDocumented(name) else {
            problem("undocumented error \(name) '\(text)' for \(call.summary)")
            return
        }
        if text.isEmpty { problem("\(name) with an empty message for \(call.summary)") }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            problem("\(name) message with raw control characters \(text.debugDescription.prefix(200)) for \(call.summary)")
        }
        guard let mentions = call.expected.errors[name] else {
            problem("wrong error \(name) '\(text.prefix(300))' for \(call.summary); expected \(describe(call.expected))")
            return
        }
        if !mentions.isEmpty, !mentions.contains(where: { text.contains($0) }) {
            problem("\(name) message '\(text.prefix(300))' names none of \(mentions) for \(call.summary)")
        }
    }

    /// The bus itself refuses a call when the daemon's queue of unread messages is full
    /// (dbus-daemon's default allows 64 descriptors in it): a slow daemon, not a wrong answer.
    private func isRefusalByTheBus(_ answer: DBusMessage) -> Bool {
        answer.sender == "org.freedesktop.DBus" && answer.errorName == "org.freedesktop.DBus.Error.LimitsExceeded"
    }

    private func count(_ call: FuzzCall, _ outcome: String) {
        count(call.family, call.member, outcome)
    }

    private func count(_ family: FuzzCase, _ member: String, _ outcome: String) {
        let name = Self.members.contains(member) ? member : "(made-up)"
        answers[family, default: [:]]["\(name)→\(outcome)", default: 0] += 1
    }

    /// Members counted by name in the summary; made-up ones are counted together.
    private static let members: Set<String> = [
        "ShowTimePicker", "PickTimeRange", "Cancel", "Get", "GetAll", "Set", "Introspect", "Ping", "GetMachineId",
    ]

    private func describe(_ expected: FuzzExpectation) -> String {
        ((expected.mayReturn ? ["a return"] : []) + expected.errors.keys.sorted().map(FuzzErrorNames.short)).joined(separator: " or ")
    }

    /// Checks that every session under the connection's node is one the test knows of, then
    /// cancels the waiting picks' sessions and some shown ones (all when `final`).
    private func cleanUp(_ peer: FuzzPeer, final: Bool) throws {
        let found = try Self.sessionPaths(under: peer.node, client: peer.client)
        let picks = peer.waitingPicks
        for path in found.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard peer.shows.contains(path) || picks.contains(path) else {
                problem("round \(roundCount): the daemon holds \(path), which no accepted call of this connection made")
                continue
            }
            guard picks.contains(path) || final || cleanupRandom.next() % 2 == 0 else { continue }
            let error = dbusError { _ = try peer.client.call("Cancel", path: path, interface: BusClient.sessionInterface, seconds: 5) }
            if let error, error.name != FuzzErrorNames.unknownObject {
                problem("round \(roundCount): Cancel of \(path) by its owner failed: \(error)")
            }
            peer.shows.remove(path)
        }
        // Handles not found have ended (a timeout, another connection's Cancel).
        peer.shows.formIntersection(found)
    }

    /// The summary the test prints: the seed, the counts, and the answers per family.
    func summary(seconds: Double) -> String {
        let pairs = Set(answers.values.flatMap(\.keys)).count
        var lines = [
            "Fuzz: seed \(String(seed, radix: 16)), \(callCount) calls on \(peers.count) connections in \(roundCount) rounds, "
                + "\(String(format: "%.1f", seconds)) s, \(pairs) distinct (member, answer) pairs, \(problems.count) problems",
        ]
        lines.append("  cancels by callers that left: \(roundCount - droppedCancels.count) of \(roundCount) honoured"
            + (droppedCancels.isEmpty ? "" : ", dropped (caller unknown) in rounds \(droppedCancels.map(String.init).joined(separator: " "))"))
        for family in FuzzCase.allCases {
            let counts = answers[family] ?? [:]
            let total = counts.values.reduce(0, +)
            let detail = counts.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
            lines.append("  \(family) [\(total)]: \(detail)")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Looking at the daemon

    /// The session objects below `node`: its child nodes, from Introspect (none when the node is gone).
    static func sessionPaths(under node: ObjectPath, client: BusClient) throws -> Set<ObjectPath> {
        let reply: [DBusValue]
        do {
            reply = try client.call("Introspect", path: node, interface: "org.freedesktop.DBus.Introspectable", seconds: 5)
        } catch let failure as DBusFailure where failure.name == FuzzErrorNames.unknownObject {
            return []
        }
        guard case .string(let xml)? = reply.first else { throw HarnessError("Introspect of \(node) returned no string") }
        return Set(Self.childNodes(in: xml).compactMap { node.appending($0) })
    }

    /// Every session object the daemon exports, found by walking its introspection data.
    static func allSessionPaths(_ client: BusClient) throws -> [ObjectPath] {
        var sessions: [ObjectPath] = []
        var pending: [ObjectPath] = ["/io/github/timepickerd/TimePicker1"]
        while let path = pending.popLast() {
            guard case .string(let xml)? = try client.call("Introspect", path: path, interface: "org.freedesktop.DBus.Introspectable").first else {
                throw HarnessError("Introspect of \(path) returned no string")
            }
            if xml.contains("<interface name=\"io.github.timepickerd.TimePicker1.Session\">") { sessions.append(path) }
            pending += Self.childNodes(in: xml).compactMap { path.appending($0) }
        }
        return sessions
    }

    /// The names of the `<node name="…"/>` children in introspection data.
    private static func childNodes(in xml: String) -> [String] {
        xml.components(separatedBy: "<node name=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    /// The resident memory of process `pid` (VmRSS), in KiB.
    static func residentKiB(of pid: pid_t) throws -> Int {
        try statusField("VmRSS", ofProcess: pid)
    }
}
