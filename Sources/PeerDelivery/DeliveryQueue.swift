/// What a front end wants sent to another process (a notification server, a dialog backend) for
/// each of its sessions, let out a few at a time and shared fairly among the callers whose
/// sessions they are: at most `maximumInFlight` sends to one recipient are out and not yet
/// taken, each session has its newest wish sent (one not yet sent is replaced, never queued
/// behind), and a session that ends while it waits is never sent at all. So a flood of
/// sessions shown and ended faster than the other process takes them leaves no backlog there,
/// and what waits here is bounded by the open sessions.
///
/// Whose send goes next: the caller with the fewest sessions the recipient has been sent, and
/// among those the one whose turn came longest ago (round robin), its sessions in the order
/// they asked. So one caller's backlog never holds another's first picker back by more than
/// the sends already out: a caller with nothing shown goes before every caller with something
/// shown, however many sessions they wait with, and callers with as much shown take turns. A
/// send tried again (`wantFirst`) goes before all of them: it was asked for first. Who counts
/// as one caller is the front end's key: the daemon's front ends tell callers apart by
/// application, not by connection (`CallerApps.CallerKey`), or one program would have a turn for
/// each connection it opened.
///
/// The queue sends nothing itself: the front end takes the next send (`next(to:)`), makes the
/// call, and says when the send stops counting (`settle`): the recipient took it, answered it,
/// or can no longer. A session has one send out at a time: a wish made while its send is out
/// waits for it to settle, then joins the line. Counting is per recipient (the unique name of
/// the process the send went to): a process that took over the name starts with none out,
/// since sends still out to the one that left hold nothing back there. A session is known
/// from its first wish until `withdraw` (or `removeAllWaiting`) forgets it.
///
/// What it holds is small (the open sessions, 256 at most, and four sends per recipient), so
/// plain arrays and scans serve; a deque or a heap would only add code.
///
/// It lives in a module of its own, below both remote front ends (`NotificationUI`, `DialogUI`)
/// and beside the other plumbing: it needs no loop and no bus, so it is tested alone, and it is
/// neither the poll loop (`EventLoop`) nor the picker (`TimePickerCore`).
public struct DeliveryQueue<Session: Hashable, Caller: Hashable, Wish, Recipient: Hashable> {
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
        /// Tried again (`wantFirst`): it goes before every caller's turn.
        var first: Bool
    }

    /// A wish of a session whose send is out: it joins the line when that send settles.
    private struct Held {
        var wish: Wish
        /// It goes ahead of the line rather than behind it (`wantFirst`).
        var first: Bool
    }

    /// What the queue knows of one caller: how much of the recipients' attention it has.
    private struct Share {
        /// Its sessions the queue knows.
        var sessions = 0
        /// Those of them that have been sent at least once: what the recipient shows of it.
        var reached = 0
        /// The number of the ticket of its latest send (0: none yet): the longest ago goes first.
        var lastTurn: UInt64 = 0
    }

    /// How many sends to one recipient may be out and not yet settled.
    public let maximumInFlight: Int
    /// Sessions waiting for their turn, in the order they asked (those tried again in front).
    private var line: [Waiting] = []
    private var held: [Session: Held] = [:]
    /// The sends out, with the session and the recipient of each.
    private var inFlight: [Ticket: (session: Session, recipient: Recipient)] = [:]
    /// The caller of every session the queue knows.
    private var callers: [Session: Caller] = [:]
    /// The sessions that have been sent at least once.
    private var reached: Set<Session> = []
    private var shares: [Caller: Share] = [:]
    private var lastTicket: UInt64 = 0

    /// A queue letting `maximumInFlight` sends to one recipient out at once: four by default,
    /// the remote front ends' rule, enough to keep a server or backend busy without a backlog.
    public init(maximumInFlight: Int = 4) {
        self.maximumInFlight = maximumInFlight
    }

    /// Whether a session waits in line.
    public var hasWaiting: Bool { !line.isEmpty }

    /// Whether the queue holds nothing: no session known, no send out.
    public var isEmpty: Bool { callers.isEmpty && line.isEmpty && held.isEmpty && inFlight.isEmpty }

    /// `wish` is the newest for `session`, of `caller`: it replaces the one waiting, which
    /// keeps its place, or joins the line at the back (once the send out for `session`, if
    /// any, settles).
    public mutating func want(_ wish: Wish, for session: Session, of caller: Caller) {
        enqueue(wish, for: session, of: caller, first: false)
    }

    /// `wish` is the newest for `session`, of `caller`, which goes ahead of every other: it was
    /// asked for before them (a send tried again).
    public mutating func wantFirst(_ wish: Wish, for session: Session, of caller: Caller) {
        enqueue(wish, for: session, of: caller, first: true)
    }

    /// `session` wants nothing more: what waits for it is never sent, and it is forgotten. Its
    /// send that is out still counts until it settles. Returns the wish that was waiting, if
    /// one was.
    @discardableResult
    public mutating func withdraw(_ session: Session) -> Wish? {
        forget(session)
        if let index = line.firstIndex(where: { $0.session == session }) {
            return line.remove(at: index).wish
        }
        return held.removeValue(forKey: session)?.wish
    }

    /// Withdraws every session waiting in line and returns them, in order, with their wishes
    /// (the sends could not be made). Wishes waiting for a send that is out stay: that send
    /// settles first.
    public mutating func removeAllWaiting() -> [(session: Session, wish: Wish)] {
        defer { line.removeAll() }
        for waiting in line { forget(waiting.session) }
        return line.map { ($0.session, $0.wish) }
    }

    /// The next send that may go to `recipient` now, taken out of the line and counted as in
    /// flight until `settle`; nil when nobody waits or `recipient` has as many out as allowed.
    public mutating func next(to recipient: Recipient) -> Send? {
        guard inFlight.values.count(where: { $0.recipient == recipient }) < maximumInFlight,
              let index = nextInLine()
        else { return nil }
        let waiting = line.remove(at: index)
        lastTicket += 1
        let ticket = Ticket(number: lastTicket)
        inFlight[ticket] = (waiting.session, recipient)
        if let caller = callers[waiting.session] {
            shares[caller]?.lastTurn = lastTicket
            if reached.insert(waiting.session).inserted { shares[caller]?.reached += 1 }
        }
        return Send(session: waiting.session, wish: waiting.wish, ticket: ticket)
    }

    /// The send under `ticket` no longer counts: its recipient took it, answered it, or can no
    /// longer. A wish its session made meanwhile joins the line. True the first time.
    @discardableResult
    public mutating func settle(_ ticket: Ticket) -> Bool {
        guard let send = inFlight.removeValue(forKey: ticket) else { return false }
        if let wish = held.removeValue(forKey: send.session), let caller = callers[send.session] {
            enqueue(wish.wish, for: send.session, of: caller, first: wish.first)
        }
        return true
    }

    /// Where in the line the next send is: the first one tried again, else the earliest session
    /// of the caller with the fewest sessions reached and, among equals, the oldest turn.
    private func nextInLine() -> Int? {
        if line.first?.first == true { return 0 }
        var best: (index: Int, reached: Int, lastTurn: UInt64)?
        for (index, waiting) in line.enumerated() {
            let share = callers[waiting.session].flatMap { shares[$0] } ?? Share()
            if let chosen = best, (chosen.reached, chosen.lastTurn) <= (share.reached, share.lastTurn) { continue }
            best = (index, share.reached, share.lastTurn)
        }
        return best?.index
    }

    /// Puts `wish` in line for `session` (at the front when `first`), or beside it while a send
    /// for `session` is out.
    private mutating func enqueue(_ wish: Wish, for session: Session, of caller: Caller, first: Bool) {
        if callers[session] == nil {
            callers[session] = caller
            shares[caller, default: Share()].sessions += 1
        }
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
        let waiting = Waiting(session: session, wish: wish, first: first)
        if first { line.insert(waiting, at: 0) } else { line.append(waiting) }
    }

    /// Forgets `session`'s caller and whether it was reached; the caller with it once it has
    /// no session left.
    private mutating func forget(_ session: Session) {
        guard let caller = callers.removeValue(forKey: session) else { return }
        let wasReached = reached.remove(session) != nil
        var share = shares[caller] ?? Share()
        share.sessions -= 1
        if wasReached { share.reached -= 1 }
        shares[caller] = share.sessions > 0 ? share : nil
    }
}
