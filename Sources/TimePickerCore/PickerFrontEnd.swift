/// Identifies one picker session to a front end.
public struct PickerSessionID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "#\(rawValue)" }
}

/// What a front end tells the service about the sessions it shows.
public protocol PickerFrontEndDelegate: AnyObject {
    /// The person moved the selection of `session`; `model` is its new state.
    func frontEnd(session: PickerSessionID, didChange model: PickerModel)
    /// `session` ended in the front end: the person chose or cancelled, or it cannot be shown
    /// (`.cancelled(.unavailable)`).
    func frontEnd(session: PickerSessionID, didFinish outcome: PickerOutcome)
}

/// A user interface that shows picker sessions to a person: it turns input into `PickerEvent`s
/// for the session's `PickerModel`, and the model's state into output.
///
/// What an implementation must guarantee:
/// - After `show`, it reports exactly one `didFinish` for that session, unless `withdraw` came
///   first; after `didFinish` or `withdraw` it reports nothing more about it.
/// - It may report `didFinish` from inside `show` (a front end that cannot show anything).
/// - It never blocks the caller's thread: everything it waits for goes through the event loop.
/// - After `shutdown`, whatever it borrowed (a terminal's mode, a screen) is as it found it.
public protocol PickerFrontEnd: AnyObject {
    /// The name the service publishes in its `UserInterface` property.
    var kind: String { get }
    /// Receives the front end's reports; held weakly.
    var delegate: (any PickerFrontEndDelegate)? { get set }
    /// Shows `session`, or queues it behind the sessions already shown.
    func show(session: PickerSessionID, model: PickerModel)
    /// Takes `session` down because it ended elsewhere (timeout, caller, shutdown).
    func withdraw(session: PickerSessionID)
    /// Gives back everything borrowed; called once when the daemon stops.
    func shutdown()
}
