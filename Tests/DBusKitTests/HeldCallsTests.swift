import DBusKit
import Testing

/// What calls waiting for the bus's word on their callers may hold, per caller and in all.
@Suite("HeldCalls")
struct HeldCallsTests {
    static let large = HeldCalls<String>.Weight(arguments: [.vardict(["title": .string(String(repeating: "x", count: 1000))])])

    @Test("A call's weight is its strings, a few bytes a value, and its descriptors")
    func weight() {
        #expect(Self.large.bytes > 1000 && Self.large.bytes < 1000 + 1024)
        #expect(Self.large.descriptors == 0)
        let terminal = HeldCalls<String>.Weight(arguments: [.vardict(["terminal": .unixFD(-1)])])
        #expect(terminal.descriptors == 1)
    }

    @Test("One caller is held to its share, all callers to the whole, and what is released can be held again")
    func bounds() {
        var held = HeldCalls<String>(perCaller: (3 * Self.large.bytes, 1), inAll: (5 * Self.large.bytes, 2))
        let taken = (0..<4).map { _ in held.hold(Self.large, for: "a") }
        #expect(taken == [true, true, true, false], "a's fourth call is past its share")
        let others = [held.hold(Self.large, for: "b"), held.hold(Self.large, for: "b"), held.hold(Self.large, for: "c")]
        #expect(others == [true, true, false], "c's call is past the whole")
        held.release(Self.large, for: "a")
        let afterRelease = held.hold(Self.large, for: "c")
        #expect(afterRelease)
        let terminal = HeldCalls<String>.Weight(arguments: [.unixFD(-1)])
        var descriptors = HeldCalls<String>(perCaller: (1 << 20, 1), inAll: (1 << 20, 2))
        let withDescriptors = [
            descriptors.hold(terminal, for: "a"), descriptors.hold(terminal, for: "a"),
            descriptors.hold(terminal, for: "b"), descriptors.hold(terminal, for: "c"),
        ]
        #expect(withDescriptors == [true, false, true, false])
        descriptors.release(terminal, for: "a")
        descriptors.release(terminal, for: "b")
        #expect(descriptors.holding.bytes == 0 && descriptors.holding.descriptors == 0)
    }
}
