package import DBusKit
internal import Glibc
internal import TimePickerContract

/// The process that answers for the time picker service: the unique name that owns the
/// service's name, which the bus vouches runs as this program's own Unix user.
///
/// On a bus that admits other users, anyone may own any name the service does not hold (before
/// it is started, or after it stopped). The program lends its terminal to, and believes answers
/// from, such an owner only after the bus said whose it is; and it sends every call to that
/// unique name, never to the well-known one, so the name changing hands after the check cannot
/// redirect them (unique names are never reused on a bus).
package struct ServiceOwner {
    package let uniqueName: BusName

    /// The owner now; with `starting`, the bus first starts the service by D-Bus activation
    /// when nobody owns its name. Blocking, for `timepickerctl status`: a pick asks the same
    /// without waiting (`ask`), so that a cancel stops it.
    package static func find(on connection: DBusConnection, starting: Bool) throws(TimePickerError) -> ServiceOwner {
        var owner = try currentOwner(on: connection)
        if owner == nil, starting {
            // Only when nobody owns it: the bus refuses StartServiceByName for a name without
            // an activation file even while a process owns it.
            do {
                try connection.startService(TimePickerBus.name)
            } catch where error.name == .serviceUnknown {
                // No activation file names it: nobody provides the service, as documented.
                throw TimePickerError(.serviceNotRunning)
            } catch {
                throw TimePickerError(error.name.isSpawnFailure
                    ? .cannotStartService(name: error.name.rawValue, message: error.message)
                    : .cannotReachService(name: error.name.rawValue, message: error.message))
            }
            owner = try currentOwner(on: connection)
        }
        guard let owner else {
            throw TimePickerError(.serviceNotRunning)
        }
        guard owner.isUnique else {
            throw TimePickerError(.unknownOwner(owner: owner.rawValue, message: "the bus named an owner that is not a unique name"))
        }
        let user: UInt32
        do {
            user = try connection.unixUser(of: owner)
        } catch {
            throw TimePickerError(.unknownOwner(owner: owner.rawValue, message: error.message))
        }
        guard user == getuid() else {
            throw TimePickerError(.ownedByAnotherUser(uid: user, owner: owner.rawValue))
        }
        return ServiceOwner(uniqueName: owner)
    }

    /// The unique name owning the service's name now; nil when nobody does.
    private static func currentOwner(on connection: DBusConnection) throws(TimePickerError) -> BusName? {
        do {
            return try connection.nameOwner(of: TimePickerBus.name)
        } catch where error.name == .nameHasNoOwner {
            return nil
        } catch {
            throw TimePickerError(.cannotReachService(name: error.name.rawValue, message: error.message))
        }
    }
}
