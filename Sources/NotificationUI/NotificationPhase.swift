internal import DBusKit

/// Where one session's notification is in its life on the server, each phase carrying what is
/// true of it then: a notification moves on by becoming the next phase, never by having fields
/// reset one by one. The view still to be sent is not here: it waits in the delivery's
/// `DeliveryQueue`, the newest one per session.
enum NotificationPhase {
    /// Nothing of it is on the server: its first view waits to be sent, or the server took
    /// what it showed down as part of an action's step and the step's view is on its way.
    case queued
    /// A Notify for it is out, offering the action keys `sending`; `showing` is what the
    /// server shows meanwhile, if anything.
    case inFlight(sending: Set<String>, showing: ShownNotification?)
    /// The server shows it.
    case shown(ShownNotification)
    /// It ended while its Notify was out: what that Notify shows is closed once it is answered,
    /// and `showing` with it. Nothing more is reported about it.
    case closing(showing: ShownNotification?)

    /// What the server shows for it now, if anything.
    var showing: ShownNotification? {
        switch self {
        case .queued: nil
        case .inFlight(_, let showing), .closing(let showing): showing
        case .shown(let shown): shown
        }
    }

    /// Whether `key` is an action of what the server shows or of what is on its way: a key the
    /// notification never offered is no choice the person made.
    func offers(_ key: String) -> Bool {
        switch self {
        case .queued, .closing: false
        case .inFlight(let sending, let showing): sending.contains(key) || showing?.keys.contains(key) == true
        case .shown(let shown): shown.keys.contains(key)
        }
    }

    /// This phase with an action just invoked on what the server shows.
    func invokingAction() -> NotificationPhase {
        switch self {
        case .inFlight(let sending, var showing?):
            showing.actionPending = true
            return .inFlight(sending: sending, showing: showing)
        case .shown(var shown):
            shown.actionPending = true
            return .shown(shown)
        case .queued, .inFlight, .closing:
            return self
        }
    }
}

/// A notification the server shows for a session.
struct ShownNotification {
    /// The server's id for it.
    let id: UInt32
    /// The process the Notify went to: the one that shows it, and can close it.
    let server: BusName
    /// Its action keys.
    let keys: Set<String>
    /// When the server answered the Notify that showed it (monotonic milliseconds).
    let shownAt: Int
    /// An action was just invoked on it: a dismissal that follows is the server closing it as
    /// part of that step (GNOME's notification-daemon does), not the person cancelling.
    var actionPending = false
}
