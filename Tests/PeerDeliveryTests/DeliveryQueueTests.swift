import PeerDelivery
import Testing

/// A queue of sessions named by numbers, of callers named by words, wishing for strings, sent to
/// recipients named by letters.
private typealias Queue = DeliveryQueue<Int, String, String, String>

extension DeliveryQueue {
    /// Takes every send that may go to `recipient` now.
    fileprivate mutating func drain(to recipient: Recipient) -> [Send] {
        var sends: [Send] = []
        while let send = next(to: recipient) { sends.append(send) }
        return sends
    }

    /// The sessions sent to `recipient`, one send out at a time, each settled before the next.
    fileprivate mutating func sendOneByOne(to recipient: Recipient) -> [Session] {
        var sessions: [Session] = []
        while let send = next(to: recipient) {
            sessions.append(send.session)
            settle(send.ticket)
        }
        return sessions
    }

    /// Takes every send that may go to `recipient` now, requiring there to be `count`.
    fileprivate mutating func drain(_ count: Int, to recipient: Recipient) throws -> [Send] {
        let sends = drain(to: recipient)
        try #require(sends.count == count, "\(sends.count) sends, not \(count)")
        return sends
    }
}

@Suite("Delivery queue: a few at a time, the newest wish, callers in turn")
struct DeliveryQueueTests {
    @Test("At most the limit is out to a recipient; the others follow in order as sends settle")
    func limitThenInOrder() throws {
        var queue = Queue(maximumInFlight: 2)
        for session in 1...5 { queue.want("show \(session)", for: session, of: "app") }
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
        for session in 1...5 { queue.want("show", for: session, of: "app") }
        #expect(queue.drain(to: "a").map(\.session) == [1, 2])
        #expect(queue.drain(to: "b").map(\.session) == [3, 4])
        #expect(queue.drain(to: "a").isEmpty)
    }

    @Test("A newer wish replaces the one waiting, which keeps its place in line")
    func newestWishKeepsPlace() throws {
        var queue = Queue(maximumInFlight: 4)
        queue.want("first state", for: 1, of: "app")
        queue.want("state", for: 2, of: "app")
        queue.want("second state", for: 1, of: "app")
        let sends = queue.drain(to: "a")
        #expect(sends.map(\.session) == [1, 2])
        #expect(sends.map(\.wish) == ["second state", "state"])
    }

    @Test("A session withdrawn while it waits is never sent; the ones behind it move up")
    func withdrawnIsNeverSent() throws {
        var queue = Queue(maximumInFlight: 1)
        queue.want("busy", for: 1, of: "app")
        let busy = try queue.drain(1, to: "a")
        queue.want("gone", for: 2, of: "app")
        queue.want("next", for: 3, of: "app")
        #expect(queue.withdraw(2) == "gone")
        #expect(queue.withdraw(2) == nil)
        queue.settle(busy[0].ticket)
        #expect(queue.drain(to: "a").map(\.session) == [3])
        #expect(!queue.hasWaiting)
    }

    @Test("A send still counts after its session is withdrawn, until it settles")
    func withdrawnSendStillCounts() throws {
        var queue = Queue(maximumInFlight: 1)
        queue.want("shown", for: 1, of: "app")
        let out = try queue.drain(1, to: "a")
        queue.withdraw(1)
        queue.want("waiting", for: 2, of: "app")
        #expect(queue.drain(to: "a").isEmpty)
        queue.settle(out[0].ticket)
        #expect(queue.drain(to: "a").map(\.session) == [2])
    }

    @Test("One send per session: a wish made while its send is out waits for it, then joins at the back")
    func oneSendPerSession() throws {
        var queue = Queue(maximumInFlight: 4)
        queue.want("one", for: 1, of: "app")
        let out = try queue.drain(1, to: "a")
        queue.want("two", for: 1, of: "app")
        queue.want("three", for: 1, of: "app")
        queue.want("other", for: 2, of: "app")
        #expect(queue.drain(to: "a").map(\.session) == [2])
        queue.settle(out[0].ticket)
        let sends = queue.drain(to: "a")
        #expect(sends.map(\.session) == [1])
        #expect(sends.map(\.wish) == ["three"])
    }

    @Test("A wish waiting for its session's send is withdrawn with the session")
    func heldWishWithdrawn() throws {
        var queue = Queue(maximumInFlight: 4)
        queue.want("one", for: 1, of: "app")
        let out = try queue.drain(1, to: "a")
        queue.want("two", for: 1, of: "app")
        #expect(queue.withdraw(1) == "two")
        queue.settle(out[0].ticket)
        #expect(queue.drain(to: "a").isEmpty)
    }

    @Test("wantFirst goes ahead of the line, even when it was waiting further back")
    func wantFirstGoesAhead() throws {
        var queue = Queue(maximumInFlight: 4)
        queue.want("a", for: 1, of: "app")
        queue.want("b", for: 2, of: "app")
        queue.want("c", for: 3, of: "app")
        queue.wantFirst("again", for: 3, of: "app")
        let sends = queue.drain(to: "x")
        #expect(sends.map(\.session) == [3, 1, 2])
        #expect(sends.first?.wish == "again")
    }

    @Test("A send tried again after it settled goes first, before sessions that waited meanwhile")
    func retryAfterSettleGoesFirst() throws {
        var queue = Queue(maximumInFlight: 1)
        queue.want("try", for: 1, of: "app")
        let out = try queue.drain(1, to: "a")
        queue.want("later", for: 2, of: "app")
        queue.settle(out[0].ticket)
        queue.wantFirst("retry", for: 1, of: "app")
        #expect(queue.drain(to: "b").map(\.wish) == ["retry"])
    }

    @Test("Settling counts once: a second settle of the same send frees no second place")
    func settleOnce() throws {
        var queue = Queue(maximumInFlight: 1)
        queue.want("a", for: 1, of: "app")
        queue.want("b", for: 2, of: "app")
        queue.want("c", for: 3, of: "app")
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
        queue.want("out", for: 1, of: "app")
        let out = try queue.drain(1, to: "a")
        queue.want("newer", for: 1, of: "app")
        queue.want("b", for: 2, of: "app")
        queue.want("c", for: 3, of: "app")
        let removed = queue.removeAllWaiting()
        #expect(removed.map(\.session) == [2, 3])
        #expect(removed.map(\.wish) == ["b", "c"])
        #expect(!queue.hasWaiting)
        queue.settle(out[0].ticket)
        #expect(queue.drain(to: "a").map(\.wish) == ["newer"])
    }

    @Test("Callers with as much sent take turns, each its sessions in the order they asked")
    func callersTakeTurns() {
        var queue = Queue(maximumInFlight: 1)
        for session in 1...3 { queue.want("show", for: session, of: "a") }
        for session in 4...5 { queue.want("show", for: session, of: "b") }
        queue.want("show", for: 6, of: "c")
        #expect(queue.sendOneByOne(to: "x") == [1, 4, 6, 2, 5, 3])
    }

    @Test("A caller's first session goes next, before another caller's backlog spread over 15 connections")
    func firstPickerBeforeBacklog() throws {
        var queue = Queue(maximumInFlight: 4)
        // As in issue 30: 240 sessions over 15 callers, the first of them sent and shown.
        for session in 0..<240 { queue.want("flood", for: session, of: "flood\(session % 15)") }
        var out = try queue.drain(4, to: "server")
        for _ in 0..<16 {
            queue.settle(out.removeFirst().ticket)
            out += try queue.drain(1, to: "server")
        }
        queue.want("mine", for: 1000, of: "honest")
        queue.settle(out.removeFirst().ticket)
        let next = try queue.drain(1, to: "server")
        #expect(next.map(\.session) == [1000], "the honest caller's first picker waited behind \(next.map(\.session))")
    }

    @Test("Sessions sent count for their caller until withdrawn: a caller with fewer shown goes first")
    func fewerShownGoesFirst() throws {
        var queue = Queue(maximumInFlight: 4)
        queue.want("a1", for: 1, of: "a")
        queue.want("a2", for: 2, of: "a")
        queue.want("b1", for: 3, of: "b")
        #expect(queue.sendOneByOne(to: "x") == [1, 3, 2])
        // a has two on screen, b one: b's update goes before a's, though a asked first.
        queue.want("a1 again", for: 1, of: "a")
        queue.want("b1 again", for: 3, of: "b")
        #expect(queue.sendOneByOne(to: "x") == [3, 1])
        // a's sessions end: its next one goes before b's update.
        queue.withdraw(1)
        queue.withdraw(2)
        queue.want("b1 once more", for: 3, of: "b")
        queue.want("a3", for: 4, of: "a")
        #expect(queue.sendOneByOne(to: "x") == [4, 3])
    }

    @Test("A send tried again goes before every caller's turn")
    func retryBeforeEveryCaller() {
        var queue = Queue(maximumInFlight: 1)
        queue.want("first", for: 1, of: "a")
        #expect(queue.sendOneByOne(to: "x") == [1])
        queue.want("b", for: 2, of: "b")
        queue.wantFirst("retry", for: 1, of: "a")
        #expect(queue.sendOneByOne(to: "x") == [1, 2])
    }

    @Test("Withdrawn sessions, and those removeAllWaiting hands back, are forgotten with their callers")
    func forgetsWhatEnded() throws {
        var queue = Queue(maximumInFlight: 1)
        queue.want("a", for: 1, of: "a")
        queue.want("b", for: 2, of: "b")
        queue.want("c", for: 3, of: "c")
        let out = try queue.drain(1, to: "x")
        _ = queue.removeAllWaiting()
        #expect(!queue.isEmpty, "session 1 is still open")
        queue.settle(out[0].ticket)
        queue.withdraw(1)
        #expect(queue.isEmpty)
    }
}
