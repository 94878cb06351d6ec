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
        // The program's name and process id make tokens readable in logs and `timepickerctl
        // status`; the random part makes them unique even when one connection runs several picks.
        let token = "\(Self.programPart)_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        guard let path = TimePickerBus.sessionPath(sender: uniqueName, token: token) else { return nil }
        self.token = token
        self.path = path
    }

    /// The program's own name as a token's first part, in the letters a token may have
    /// ("pick-await" → "pick_await"; at most 32 of them): every Swift program's sessions once
    /// read "timepickerctl_", whatever program made them.
    static let programPart: String = {
        let name = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? ""
        let letters = name.unicodeScalars.prefix(32).map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? Character(scalar) : "_"
        }
        return letters.isEmpty ? "timepicker" : String(letters)
    }()
}
