/// Identifies one picker session to a front end.
public struct PickerSessionID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "#\(rawValue)" }
}

/// What a front end tells the service, which owns every session's state.
public protocol PickerFrontEndDelegate: AnyObject {
    /// The person did `event` to the picker of `session`. The service applies it to the
    /// session's model and answers with `update`, or ends the session with `withdraw`.
    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, didReport event: PickerEvent)
    /// `frontEnd` cannot show `session` any more (its terminal hung up, the notification server
    /// left or let the notification expire): the session ends with `Cancelled(reason)`;
    /// `message` says why, for the log and the caller.
    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, cannotShow reason: CancelReason, because message: String)
    /// `frontEnd` could not put `session` in front of anyone (no dialog backend, no display),
    /// so no person has seen it yet: the service may show it in another front end, or else
    /// ends it with `Cancelled("unavailable")`. The session is no longer this front end's:
    /// it is not withdrawn from it.
    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, couldNotShow message: String)
    /// Whether `frontEnd` may offer the person to go on with `session` in another user
    /// interface (a notification's "Choose in a window…"), asked each time it draws the
    /// session: cheap, and never waiting for anything.
    func frontEnd(_ frontEnd: any PickerFrontEnd, handOverFor session: PickerSessionID) -> HandOverOffer
    /// The person asked `frontEnd` to go on with `session` in `kind`, which it offered: the
    /// service withdraws the session from `frontEnd` (before this returns) and shows it in
    /// `kind`, the same session with its state and timeout. `activationToken` is what the
    /// desktop gave for the person's click (a notification server's ActivationToken), for
    /// the new window to get the focus. A service that declines leaves the session where it is.
    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, handsOverTo kind: UserInterfaceKind, activationToken: String?)
}

/// Delegates that hand nothing over: nothing is offered, and a hand-over asked for is declined.
extension PickerFrontEndDelegate {
    public func frontEnd(_ frontEnd: any PickerFrontEnd, handOverFor session: PickerSessionID) -> HandOverOffer { .none }
    public func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, handsOverTo kind: UserInterfaceKind, activationToken: String?) {}
}

/// What a front end may offer for a session besides its own moves: going on in another user
/// interface, which can do every move at once (a dialog, from a notification).
public enum HandOverOffer: Sendable, Equatable {
    /// Nothing: no other interface can show the session now, or the session must stay here.
    case none
    /// The person may go on in `kind`.
    case to(UserInterfaceKind)
    /// The person asked for another interface and it could not show the session, which came
    /// back here: nothing is offered, and the front end tells the person when it shows it again.
    case failed
}

/// A front end that can say, without waiting, whether it could show a session now (a dialog:
/// its backend runs or the bus can start it), so that others offer to hand sessions over to it
/// only then.
public protocol HandOverTarget: PickerFrontEnd {
    /// Whether a session handed over now would likely be shown; a cautious guess, never a wait.
    var acceptsHandOver: Bool { get }
}

/// A user interface that shows picker sessions to a person: it turns the person's input into
/// `PickerEvent`s for the service, and draws the `PickerState` the service gives it. It holds no
/// `PickerModel`: the service owns each session's state and decides how a session ends.
///
/// What an implementation must guarantee, and may rely on:
/// - Every call comes on the event loop's thread, and no call blocks it: whatever a front end
///   waits for (a terminal, a server, another process) goes through the loop or a thread of its own.
/// - For each session the service calls `show` once, then `update` any number of times, then
///   `withdraw` exactly once, however the session ended: by an event this front end reported,
///   by `cannotShow`, or elsewhere (Cancel(), a timeout, the caller leaving, shutdown). After
///   `couldNotShow` the session is no longer this front end's, and `withdraw` does not come.
///   A hand-over the front end asked for (`handsOverTo`) withdraws the session from it; if the
///   other interface could not show it, it comes back with `show` again (the offer `.failed`).
/// - After every reported event that does not end the session, `update` follows with the
///   session's state, changed or not; an event that ends it is followed by `withdraw` instead,
///   before the report returns. So a front end that reports several events in a row checks,
///   after each, that the session is still shown.
/// - A front end may show sessions one at a time and queue the rest; it reports events only
///   for a session a person could see.
/// - It may report `cannotShow` or `couldNotShow` from inside `show` (when it cannot show
///   anything); after `cannotShow`, `couldNotShow` or `withdraw` it reports nothing more about
///   that session.
/// - `shutdown` is called once, when the daemon stops, after which nothing is reported and
///   nothing shown; it calls `done` (now or later, on the loop's thread) once whatever it
///   borrowed — a terminal's modes, a screen, notifications on a server — is given back.
///
/// `FrontEndTesting.PickerFrontEndConformance` checks all of this: an implementation gives it a
/// `PickerFrontEndHarness` (how the person acts, what they see, how its peer leaves or stalls,
/// how its loop turns) and runs every check from its own tests, as
/// `Tests/FrontEndConformanceTests` does for the front ends here.
public protocol PickerFrontEnd: AnyObject {
    /// Which user interface this is, as the `ui` option names it: for what the service says
    /// about the sessions it shows ("the dialog user interface is unavailable").
    var kind: UserInterfaceKind { get }
    /// Receives the front end's reports; held weakly.
    var delegate: (any PickerFrontEndDelegate)? { get set }
    /// Shows `session` in `state`, or queues it behind the sessions already shown.
    func show(_ session: PickerSessionID, _ state: PickerState)
    /// The session's state after an event or a change the service made.
    func update(_ session: PickerSessionID, _ state: PickerState)
    /// Takes `session` down: it has ended.
    func withdraw(_ session: PickerSessionID)
    /// Gives back everything borrowed, then calls `done`.
    func shutdown(then done: @escaping () -> Void)
}

/// A front end on a terminal a caller lent (the `terminal` option): a session is shown only
/// while a condition holds, such as the caller's job holding the terminal's foreground.
public protocol CallerTerminalFrontEnd: PickerFrontEnd {
    /// Shows `session` whenever `isInForeground` holds, and takes it down while it does not.
    func show(_ session: PickerSessionID, _ state: PickerState, whileInForeground isInForeground: @escaping () -> Bool)
    /// Whether no session is shown or waiting, so the terminal can be given back.
    var isIdle: Bool { get }
}
