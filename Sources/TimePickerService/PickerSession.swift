internal import DBusKit
internal import EventLoop
internal import TimePickerCore

/// One picker session: its object, its picker's state (the one `PickerModel`: front ends only
/// draw it), and who waits for its outcome.
final class PickerSession {
    let id: PickerSessionID
    let path: ObjectPath
    /// The unique bus name of the connection that created it.
    let creator: BusName
    /// Who created it, as the bus vouched before the call was let through.
    let creatorCredentials: PeerCredentials
    var model: PickerModel
    /// The PickTimeRange call still waiting for its late reply; nil for ShowTimePicker.
    var pendingCall: DBusMessage?
    /// Ends the session with Cancelled("timeout") when the `timeout` option runs out.
    var timeoutTimer: Timer?
    /// Ends what the person is typing after a pause (`PickerEvent.finishTyping`).
    var typingPause: Timer?
    /// The caller's terminal the session is shown on (the `terminal` option), if any.
    var callerTerminal: CallerTerminals.Terminal?
    /// The front end the session was handed to; nil until it is presented.
    var frontEnd: (any PickerFrontEnd)?
    /// Why its front end could not show it, for a PickTimeRange caller's NoUserInterface.
    var unavailableBecause: String?
    /// The front end that handed it over to `frontEnd` (a notification, to a dialog): where it
    /// goes back if that one could not show it.
    var handedOverFrom: (any PickerFrontEnd)?
    /// A hand-over was asked for and the other interface could not show it: not offered again.
    var handOverFailed = false

    init(id: PickerSessionID, path: ObjectPath, creator: BusName, creatorCredentials: PeerCredentials, model: PickerModel) {
        self.id = id
        self.path = path
        self.creator = creator
        self.creatorCredentials = creatorCredentials
        self.model = model
    }
}
