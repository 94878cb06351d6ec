import DBusKit
import Glibc
import TestHarness
import Testing

/// Messages sent together reach a peer through a real dbus-daemon whole, in order, and the
/// connection goes on as before after them; what cannot go in one write goes one by one.
@Suite("Messages sent together")
struct SendTogetherTests {
    static let interface: InterfaceName = "org.example.Together"

    /// A bus with a sender and a receiver that hears the sender's signals.
    private struct Peers {
        let bus: PrivateBus
        let sender: DBusConnection
        let receiver: DBusConnection

        init() throws {
            bus = try PrivateBus()
            sender = try DBusConnection.connect(address: bus.address)
            receiver = try DBusConnection.connect(address: bus.address)
            // A call answered after the rule is in place: the bus has it by then.
            receiver.addMatch("type='signal',sender='\(sender.uniqueName)'")
            _ = try receiver.nameHasOwner(sender.uniqueName)
        }

        /// The next `count` messages the receiver gets from the sender.
        func received(_ count: Int) -> [DBusMessage] {
            var messages: [DBusMessage] = []
            for _ in 0..<(count * 20) where messages.count < count {
                if let message = receiver.nextMessage(timeoutMilliseconds: 100), message.sender == sender.uniqueName {
                    messages.append(message)
                }
            }
            return messages
        }
    }

    private func signal(_ member: MemberName, _ values: [DBusValue], to destination: BusName? = nil) throws -> DBusMessage {
        let message = try DBusMessage.signal(path: "/org/example/a", interface: Self.interface, member: member)
        if let destination { message.setDestination(destination) }
        try message.append(contentsOf: values)
        return message
    }

    @Test("Signals and a reply sent together arrive in order and whole, and a message sent after them too")
    func inOrder() throws {
        let peers = try Peers()
        // A call from the receiver for the sender to answer, with the signals before the answer.
        let call = try DBusMessage.methodCall(destination: peers.sender.uniqueName, path: "/org/example/a", interface: Self.interface, member: "Ask")
        #expect(peers.receiver.send(call))
        peers.receiver.flush()
        var asked: DBusMessage?
        for _ in 0..<50 where asked == nil {
            asked = peers.sender.nextMessage(timeoutMilliseconds: 100).flatMap { $0.member == "Ask" ? $0 : nil }
        }
        let question = try #require(asked)
        let answer = try question.makeReturn()
        try answer.append(.string("answered"))
        let together = [
            try signal("First", [.uint32(2), .vardict(["start": .string("01:00"), "next_day": .boolean(false)])]),
            try signal("Second", [.string("caller")]),
            try signal("Third", [.string("to you")], to: peers.receiver.uniqueName),
            answer,
        ]
        #expect(peers.sender.send(together: together))
        #expect(peers.sender.send(try signal("After", [.int32(-1)])))
        peers.sender.flush()

        let messages = peers.received(5)
        #expect(messages.map { $0.member?.rawValue ?? "reply" } == ["First", "Second", "Third", "reply", "After"])
        #expect(try messages.map { try $0.arguments() } == [
            [.uint32(2), .vardict(["start": .string("01:00"), "next_day": .boolean(false)])], [.string("caller")], [.string("to you")],
            [.string("answered")], [.int32(-1)],
        ])
        #expect(messages.count == 5 && messages[3].replySerial == call.serial)
        let serials = messages.map(\.serial)
        #expect(Set(serials).count == 5 && !serials.contains(0))
        // Written at once, the four took serials of their own, the one after them libdbus's.
        #expect(serials.prefix(4).allSatisfy { $0 >= 1 << 31 } && serials.last.map { $0 < 1 << 31 } == true)
    }

    @Test("With a call among them, or a descriptor, they go one by one and still arrive in order")
    func oneByOne() throws {
        let peers = try Peers()
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let withDescriptor = try signal("Handed", [.unixFD(ends[1])])
        let call = try DBusMessage.methodCall(destination: peers.receiver.uniqueName, path: "/org/example/a", interface: Self.interface, member: "Told")
        call.setNoReplyExpected()
        #expect(peers.sender.send(together: [try signal("Before", []), withDescriptor]))
        #expect(peers.sender.send(together: [try signal("Then", []), call]))
        peers.sender.flush()
        let messages = peers.received(4)
        #expect(messages.map { $0.member?.rawValue ?? "-" } == ["Before", "Handed", "Then", "Told"])
        #expect(messages.allSatisfy { $0.serial < 1 << 31 }, "libdbus's serials: sent one by one")
        // The descriptor came along: a copy of the pipe's writing end.
        let handed = try messages.count == 4 ? messages[1].arguments() : []
        guard case .unixFD(let copy)? = handed.first else {
            Issue.record("no descriptor in \(handed)")
            return
        }
        defer { close(copy) }
        var byte: UInt8 = 7
        #expect(write(copy, &byte, 1) == 1)
        #expect(read(ends[0], &byte, 1) == 1 && byte == 7)
    }
}
