import DBusKit
import Foundation

/// Reading the answers as they come, checking each against what its call may get, and counting them.
extension FuzzRun {
    /// Reads answers until every call that must be answered at once is (and the waiting
    /// PickTimeRange calls too, with `includingPicks`); 5 s at most.
    func collect(includingPicks: Bool) {
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
                problem("Ping after a batch answered \(message.errorName?.rawValue ?? "?"): \(message.errorMessage ?? "")")
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
        let name = answer.errorName?.rawValue ?? ""
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

    func count(_ family: FuzzCase, _ member: String, _ outcome: String) {
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
}
