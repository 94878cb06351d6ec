internal import TimePickerContract
internal import DBusKit
internal import Glibc

/// The path the caller's session will have, known before the call (the handle_token
/// convention), so its outcome can be subscribed to first and never missed.
struct SessionHandle {
    /// The handle_token option: letters, digits and '_' only.
    let token: String
    /// /io/github/timepickerd/TimePicker1/session/SENDER/TOKEN.
    let path: ObjectPath

    /// The handle for a connection whose unique name is `uniqueName`.
    init?(uniqueName: BusName) {
        // The process id makes tokens readable in logs; the random part makes them unique even
        // when one connection runs several picks.
        let token = "timepickerctl_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        guard let path = TimePickerBus.sessionPath(sender: uniqueName, token: token) else { return nil }
        self.token = token
        self.path = path
    }
}
