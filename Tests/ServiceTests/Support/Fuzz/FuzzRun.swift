import DBusKit
import Foundation
import TestHarness

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
    var answers: [FuzzCase: [String: Int]] = [:]
    private var callCount = 0
    private var roundCount = 0
    /// Rounds whose leaving caller's Cancel() was refused: the caller left before the bus could
    /// say which user it was, and the daemon serves no caller it cannot name.
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
    /// left to answer); the ShowTimePicker sessions it made outlive it, as documented. Its calls
    /// are served, its Cancel() ending the bystander's session, only if the bus could still say
    /// which user sent them: an identity the bus cannot give is never assumed, so a refused
    /// Cancel() (and no session at all) is right too.
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
            // Any connection of the daemon's user may cancel a session of that user's.
            let error = dbusError { _ = try bystander.call("Cancel", path: path, interface: BusClient.sessionInterface, seconds: 5) }
            if let error, error.name.rawValue != FuzzErrorNames.unknownObject {
                problem("Cancel of \(path), made by a caller that left, failed: \(error)")
            }
        }
    }

    /// `call` with a one-second timeout when it is one that makes a session, so that sessions of a caller
    /// that leaves end on their own.
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
        guard let member = MemberName(call.member) else {
            problem("the test could not build \(call.summary): '\(call.member)' is no member name")
            return nil
        }
        do {
            let message = try DBusMessage.methodCall(destination: BusClient.service, path: call.path, interface: call.interface, member: member)
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
            if let error, error.name.rawValue != FuzzErrorNames.unknownObject {
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
            + (droppedCancels.isEmpty ? "" : ", refused (caller unknown) in rounds \(droppedCancels.map(String.init).joined(separator: " "))"))
        for family in FuzzCase.allCases {
            let counts = answers[family] ?? [:]
            let total = counts.values.reduce(0, +)
            let detail = counts.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
            lines.append("  \(family) [\(total)]: \(detail)")
        }
        return lines.joined(separator: "\n")
    }
}
