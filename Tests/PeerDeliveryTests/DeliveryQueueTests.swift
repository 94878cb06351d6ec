import PeerDelivery
import Testing

/// A queue of sessions named by numbers, wishing for strings, sent to recipients named by letters.
private typealias Queue = DeliveryQueue<Int, String, String>

extension DeliveryQueue {
    /// Takes every send that may go to `recipient` now.
    fileprivate mutating func drain(to recipient: Recipient) -> [Send] {
        var sends: [Send] = []
        while let send = next(to: recipient) { sends.append(send) }
        return sends
    }

    /// Takes every send that may go to `recipient` now, requiring there to be `count`.
    fileprivate mutating func drain(_ count: Int, to recipient: Recipient) throws -> [Send] {
        let sends = drain(to: recipient)
        try #require(sends.count == count, "\(sends.count) sends, not \(count)")
        return sends
    }
}

@Suite("Delivery queue: in order, a few at a time, the newest wish")
struct DeliveryQueueTests {
    @Test("At most the limit is out to a recipient; the others follow in order as sends settle")
    func limitThenInOrder() throws {
        var queue = Queue(maximumInFlight: 2)
        for session in 1...5 { queue.want("show \(session)", for: session) }
        let first = try queue.drain(2, to: "a")
        #expect(first.map(\.session) == [1, 2])
        #expect(first.map(\.wish) == ["show 1", "show 2"])
        #expect(queue.drain(to: "a").isEmpty)
        #expect(queue.hasWaiting)

        queue.settle(first[1].ticket)
        #expect(queue.drain(to: "a").map(\.session) == [3])
        queue.settle(first[0].ticket)
        #expect(queue.drain(to: "a").map(\.session) == [4])
    }

    @Test("The limit is per recipient: a new one starts with none out")
    func perRecipient() throws {
        var queue = Queue(maximumInFlight: 2)
        for session in 1...5 { queue.want("show", for: session) }
        #expect(queue.drain(to: "a").map(\.session) == [1, 2])
        #expect(queue.drain(to: "b").map(\.session) == [3, 4])
        #expect(queue.drain(to: "a").isEmpty)
    }

    @Test("A newer wish replaces the one waiting, which keeps its place in line")
    func newestWishKeepsPlace() throws {
        var queue = Queue(maximumInFlight: 4)
        queue.want("first state", for: 1)
        queue.want("state", for: 2)
        queue.want("second state", for: 1)
        let sends = queue.drain(to: "a")
        #expect(sends.map(\.session) == [1, 2])
        #expect(sends.map(\.wish) == ["second state", "state"])
    }

    @Test("A session withdrawn while it waits is never sent; the ones behind it move up")
    func withdrawnIsNeverSent() throws {
        var queue = Queue(maximumInFlight: 1)
        queue.want("busy", for: 1)
        let busy = try queue.drain(1, to: "a")
        queue.want("gone", for: 2)
        queue.want("next", for: 3)
        #expect(queue.withdraw(2) == "gone")
        #expect(queue.withdraw(2) == nil)
        queue.settle(busy[0].ticket)
        #expect(queue.drain(to: "a").map(\.session) == [3])
        #expect(!queue.hasWaiting)
    }

    @Test("A send still counts after its session is withdrawn, until it settles")
    func withdrawnSendStillCounts() throws {
        var queue = Queue(maximumInFlight: 1)
        queue.want("shown", for: 1)
        let out = try queue.drain(1, to: "a")
        queue.withdraw(1)
        queue.want("waiting", for: 2)
        #expect(queue.drain(to: "a").isEmpty)
        queue.settle(out[0].ticket)
        #expect(queue.drain(to: "a").map(\.session) == [2])
    }

    @Test("One send per session: a wish made while its send is out waits for it, then joins at the back")
    func oneSendPerSession() throws {
        var queue = Queue(maximumInFlight: 4)
        queue.want("one", for: 1)
        let out = try queue.drain(1, to: "a")
        queue.want("two", for: 1)
        queue.want("three", for: 1)
        queue.want("other", for: 2)
        #expect(queue.drain(to: "a").map(\.session) == [2])
        queue.settle(out[0].ticket)
        let sends = queue.drain(to: "a")
        #expect(sends.map(\.session) == [1])
        #expect(sends.map(\.wish) == ["three"])
    }

    @Test("A wish waiting for its session's send is withdrawn with the session")
    func heldWishWithdrawn() throws {
        var queue = Queue(maximumInFlight: 4)
        queue.want("one", for: 1)
        let out = try queue.drain(1, to: "a")
        queue.want("two", for: 1)
        #expect(queue.withdraw(1) == "two")
        queue.settle(out[0].ticket)
        #expect(queue.drain(to: "a").isEmpty)
    }

    @Test("wantFirst goes ahead of the line, even when it was waiting further back")
    func wantFirstGoesAhead() throws {
        var queue = Queue(maximumInFlight: 4)
        queue.want("a", for: 1)
        queue.want("b", for: 2)
        queue.want("c", for: 3)
        queue.wantFirst("again", for: 3)
        let sends = queue.drain(to: "x")
        #expect(sends.map(\.session) == [3, 1, 2])
        #expect(sends.first?.wish == "again")
    }

    @Test("A send tried again after it settled goes first, before sessions that waited meanwhile")
    func retryAfterSettleGoesFirst() throws {
        var queue = Queue(maximumInFlight: 1)
        queue.want("try", for: 1)
        let out = try queue.drain(1, to: "a")
        queue.want("later", for: 2)
        queue.settle(out[0].ticket)
        queue.wantFirst("retry", for: 1)
        #expect(queue.drain(to: "b").map(\.wish) == ["retry"])
    }

    @Test("Settling counts once: a second settle of the same send frees no second place")
    func settleOnce() throws {
        var queue = Queue(maximumInFlight: 1)
        queue.want("a", for: 1)
        queue.want("b", for: 2)
        queue.want("c", for: 3)
        let first = try queue.drain(1, to: "a")
        let settledFirst = queue.settle(first[0].ticket)
        #expect(settledFirst)
        let second = queue.drain(to: "a")
        #expect(second.map(\.session) == [2])
        let settledAgain = queue.settle(first[0].ticket)
        #expect(!settledAgain)
        #expect(queue.drain(to: "a").isEmpty, "the first send's second settle freed the second's place")
    }

    @Test("removeAllWaiting empties the line in order; a wish waiting for its own send stays")
    func removeAllWaiting() throws {
        var queue = Queue(maximumInFlight: 1)
        queue.want("out", for: 1)
        let out = try queue.drain(1, to: "a")
        queue.want("newer", for: 1)
        queue.want("b", for: 2)
        queue.want("c", for: 3)
        let removed = queue.removeAllWaiting()
        #expect(removed.map(\.session) == [2, 3])
        #expect(removed.map(\.wish) == ["b", "c"])
        #expect(!queue.hasWaiting)
        queue.settle(out[0].ticket)
        #expect(queue.drain(to: "a").map(\.wish) == ["newer"])
    }
}
