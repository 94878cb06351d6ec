/// What a front end wants sent to another process (a notification server, a dialog backend) for
/// each of its sessions, let out a few at a time: sessions wait in the order they asked, at most
/// `maximumInFlight` sends to one recipient are out and not yet taken, each session has its
/// newest wish sent (one not yet sent is replaced, never queued behind), and a session that
/// ends while it waits is never sent at all. So a flood of sessions shown and ended faster
/// than the other process takes them leaves no backlog there, and what waits here is bounded
/// by the open sessions.
///
/// The queue sends nothing itself: the front end takes the next send (`next(to:)`), makes the
/// call, and says when the send stops counting (`settle`): the recipient took it, answered it,
/// or can no longer. A session has one send out at a time: a wish made while its send is out
/// waits for it to settle, then joins the line. Counting is per recipient (the unique name of
/// the process the send went to): a process that took over the name starts with none out,
/// since sends still out to the one that left hold nothing back there.
///
/// What it holds is small (the open sessions, 256 at most, and four sends per recipient), so
/// plain arrays and scans serve; a deque would only add code.
///
/// It lives in a module of its own, below both remote front ends (`NotificationUI`, `DialogUI`)
/// and beside the other plumbing: it needs no loop and no bus, so it is tested alone, and it is
/// neither the poll loop (`EventLoop`) nor the picker (`TimePickerCore`).
public struct DeliveryQueue<Session: Hashable, Wish, Recipient: Hashable> {
    /// A send that counts against its recipient's limit until it is settled.
    public struct Ticket: Hashable, Sendable {
        fileprivate let number: UInt64
    }

    /// What to send now: `session`'s newest wish, counted as in flight under `ticket`.
    public struct Send {
        public let session: Session
        public let wish: Wish
        public let ticket: Ticket
    }

    /// A session in line, with what it wants sent.
    private struct Waiting {
        let session: Session
        var wish: Wish
    }

    /// A wish of a session whose send is out: it joins the line when that send settles.
    private struct Held {
        var wish: Wish
        /// It goes ahead of the line rather than behind it (`wantFirst`).
        var first: Bool
    }

    /// How many sends to one recipient may be out and not yet settled.
    public let maximumInFlight: Int
    /// Sessions waiting for their turn, first come first served.
    private var line: [Waiting] = []
    private var held: [Session: Held] = [:]
    /// The sends out, with the session and the recipient of each.
    private var inFlight: [Ticket: (session: Session, recipient: Recipient)] = [:]
    private var lastTicket: UInt64 = 0

    /// A queue letting `maximumInFlight` sends to one recipient out at once: four by default,
    /// the remote front ends' rule, enough to keep a server or backend busy without a backlog.
    public init(maximumInFlight: Int = 4) {
        self.maximumInFlight = maximumInFlight
    }

    /// Whether a session waits in line.
    public var hasWaiting: Bool { !line.isEmpty }

    /// `wish` is the newest for `session`: it replaces the one waiting, which keeps its place,
    /// or joins the line at the back (once the send out for `session`, if any, settles).
    public mutating func want(_ wish: Wish, for session: Session) {
        enqueue(wish, for: session, first: false)
    }

    /// `wish` is the newest for `session`, which goes ahead of every other: it was asked for
    /// before them (a send tried again).
    public mutating func wantFirst(_ wish: Wish, for session: Session) {
        enqueue(wish, for: session, first: true)
    }

    /// `session` wants nothing more: what waits for it is never sent. Its send that is out
    /// still counts until it settles. Returns the wish that was waiting, if one was.
    @discardableResult
    public mutating func withdraw(_ session: Session) -> Wish? {
        if let index = line.firstIndex(where: { $0.session == session }) {
            return line.remove(at: index).wish
        }
        return held.removeValue(forKey: session)?.wish
    }

    /// Empties the line and returns who waited in it, in order, with their wishes (the sends
    /// could not be made). Wishes waiting for a send that is out stay: that send settles
    /// first.
    public mutating func removeAllWaiting() -> [(session: Session, wish: Wish)] {
        defer { line.removeAll() }
        return line.map { ($0.session, $0.wish) }
    }

    /// The next send that may go to `recipient` now, taken out of the line and counted as in
    /// flight until `settle`; nil when nobody waits or `recipient` has as many out as allowed.
    public mutating func next(to recipient: Recipient) -> Send? {
        guard !line.isEmpty, inFlight.values.count(where: { $0.recipient == recipient }) < maximumInFlight else { return nil }
        let waiting = line.removeFirst()
        lastTicket += 1
        let ticket = Ticket(number: lastTicket)
        inFlight[ticket] = (waiting.session, recipient)
        return Send(session: waiting.session, wish: waiting.wish, ticket: ticket)
    }

    /// The send under `ticket` no longer counts: its recipient took it, answered it, or can no
    /// longer. A wish its session made meanwhile joins the line. True the first time.
    @discardableResult
    public mutating func settle(_ ticket: Ticket) -> Bool {
        guard let send = inFlight.removeValue(forKey: ticket) else { return false }
        if let wish = held.removeValue(forKey: send.session) {
            enqueue(wish.wish, for: send.session, first: wish.first)
        }
        return true
    }

    /// Puts `wish` in line for `session` (at the front when `first`), or beside it while a send
    /// for `session` is out.
    private mutating func enqueue(_ wish: Wish, for session: Session, first: Bool) {
        if inFlight.values.contains(where: { $0.session == session }) {
            held[session] = Held(wish: wish, first: first || held[session]?.first == true)
            return
        }
        if let index = line.firstIndex(where: { $0.session == session }) {
            guard first else {
                line[index].wish = wish
                return
            }
            line.remove(at: index)
        }
        let waiting = Waiting(session: session, wish: wish)
        if first { line.insert(waiting, at: 0) } else { line.append(waiting) }
    }
}
