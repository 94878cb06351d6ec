internal import DBusKit

/// A dialog of one caller: its unique name and the handle it passed.
struct DialogKey: Hashable, CustomStringConvertible {
    let caller: BusName
    let handle: ObjectPath
    var description: String { "\(handle) of \(caller)" }
}
