import DBusKit
import Glibc
import Testing

/// A signal copied from the one made before says what a signal made anew says, from its own
/// object, and a kept signal holds no descriptor open.
@Suite("Signal templates")
struct SignalTemplatesTests {
    static let interface: InterfaceName = "org.example.Session"
    static let response: [DBusValue] = [
        .uint32(2), .vardict(["start": .string("01:00"), "end": .string("02:00"), "next_day": .boolean(false), "reason": .string("caller")]),
    ]

    /// What a receiver reads of a signal: its kind, names, flags, signature and body.
    private func reading(_ message: DBusMessage) throws -> String {
        "\(message.kind) \(message.path?.rawValue ?? "-") \(message.interface?.rawValue ?? "-") \(message.member?.rawValue ?? "-") "
            + "\(message.destination?.rawValue ?? "-") \(message.expectsReply) \(message.signature) \(try message.arguments())"
    }

    @Test("Each signal reads as one made anew, from its own path, the second time and later too")
    func sameAsMadeAnew() throws {
        let templates = SignalTemplates()
        for number in 1...3 {
            let path = try #require(ObjectPath("/org/example/session/t\(number)"))
            for (member, values) in [(MemberName("Response"), Self.response), ("Cancelled", [.string("caller")])] {
                let made = try DBusMessage.signal(path: path, interface: Self.interface, member: member)
                try made.append(contentsOf: values)
                let copied = try templates.signal(member, of: Self.interface, on: path, values)
                #expect(try reading(copied) == reading(made))
                #expect(!copied.expectsReply)
            }
        }
    }

    @Test("Other values, another member or a destination make another signal")
    func differences() throws {
        let templates = SignalTemplates(capacity: 2)
        let path: ObjectPath = "/org/example/a"
        let caller = try templates.signal("Cancelled", of: Self.interface, on: path, [.string("caller")])
        let user = try templates.signal("Cancelled", of: Self.interface, on: path, [.string("user")])
        let selected = try templates.signal("Selected", of: Self.interface, on: path, [.string("caller")])
        let unicast = try templates.signal("Cancelled", of: Self.interface, on: path, [.string("caller")], to: ":1.7")
        #expect(try caller.arguments() == [.string("caller")])
        #expect(try user.arguments() == [.string("user")])
        #expect(selected.member == "Selected")
        #expect(caller.destination == nil)
        #expect(unicast.destination == ":1.7")
        #expect(try unicast.arguments() == [.string("caller")])
    }

    @Test("A signal with a descriptor is not kept: once it is gone, so is the descriptor's copy")
    func descriptorsNotKept() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        #expect(fcntl(ends[0], F_SETFL, O_NONBLOCK) == 0)
        defer { close(ends[0]) }
        let templates = SignalTemplates()
        do {
            let signal = try templates.signal("Handed", of: Self.interface, on: "/org/example/a", [.unixFD(ends[1])])
            #expect(signal.signature == "h")
        }
        close(ends[1])
        // Every write end closed: a read sees the end of the pipe, not EAGAIN.
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0)
    }
}
