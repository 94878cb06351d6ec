internal import DBusKit
internal import Logging
public import CallerApps
public import SystemKit

/// Serves the daemon's own Unix user only, as xdg-desktop-portal serves only its session's
/// user: a call from a connection of another user (on a bus that admits one) is refused with
/// AccessDenied before anything of it is read, so it never shows a picker on the person's
/// screen, where the person's answer would go to that user. Only `org.freedesktop.DBus.Peer`,
/// which libdbus answers itself, answers anyone.
///
/// The bus is asked once per caller, without waiting (`CredentialsLookup`); a caller's calls
/// that arrive meanwhile wait, in order, and go on once it has answered (a call may wait only
/// when it is no larger than any call is let be: see `TimePickerService.handle`).
/// Finds the application of process `processID` without blocking the loop, answering on it:
/// of the process `descriptor` names when the bus gave one (nil for a process gone, or whose
/// id passed to another while it was read).
public typealias ApplicationLookup = (
    _ processID: UInt32, _ descriptor: ProcessDescriptor?, _ completion: @escaping (CallerApplication?) -> Void
) -> Void

final class CallerAdmission {
    /// Whether a call may go on: with who its caller is, or why not.
    enum Verdict {
        case allowed(PeerCredentials)
        case refused(String)
    }

    private let credentials: CredentialsLookup
    private let ownUser: UInt32

    /// `applications` finds which application a caller's process is part of (nil: none is
    /// looked for); asked only about the daemon's own user's callers, once per connection,
    /// before its first call goes on.
    init(bus: any MessageBus, ownUser: UInt32, log: Logger, applications: ApplicationLookup? = nil) {
        self.ownUser = ownUser
        credentials = CredentialsLookup(bus: bus, log: log)
        if let applications {
            credentials.identifyApplication = { found, descriptor, done in
                guard found.userID == ownUser, let processID = found.processID else { return done(nil) }
                applications(processID, descriptor, done)
            }
        }
        // Told once per other user (a few dozen at most kept), not per connection: another
        // user's connections, opened without end, would otherwise write the log full and hide
        // what matters in it.
        var usersTold = Set<UInt32>()
        credentials.onIdentified = { caller, credentials in
            guard credentials.userID != ownUser, !usersTold.contains(credentials.userID) else { return }
            if usersTold.count >= 64 { usersTold.removeAll() }
            usersTold.insert(credentials.userID)
            log.notice("refusing every call from \(caller): it runs as uid \(credentials.userID), and the daemon serves its own user (uid \(ownUser)) only (said once for each user)")
        }
    }

    /// Runs `proceed` with the verdict on `caller`'s call: at once when the bus has said who it
    /// is, else once it has.
    func admit(_ caller: BusName?, then proceed: @escaping (Verdict) -> Void) {
        // The bus stamps a sender on every call it routes.
        guard let caller else { return proceed(.refused("the daemon serves only callers the bus can name")) }
        let ownUser = ownUser
        credentials.lookUp(caller) { found in
            guard let found else { return proceed(.refused("the bus cannot say which user \(caller) is")) }
            guard found.userID == ownUser else {
                return proceed(.refused("timepickerd serves its own user (uid \(ownUser)) only; \(caller) is uid \(found.userID)"))
            }
            proceed(.allowed(found))
        }
    }

    /// Whether a call of `caller` would wait for the bus's answer about it.
    func mustWait(for caller: BusName?) -> Bool {
        caller.map { !credentials.isKnown($0) } ?? false
    }

    /// Asks the bus about `caller` now, for a call that does not wait for the answer: the
    /// caller's next calls will not have to.
    func askAhead(about caller: BusName?) {
        guard let caller else { return }
        credentials.lookUp(caller) { _ in }
    }

    /// Takes the bus's NameOwnerChanged signal: callers leaving are forgotten.
    func handle(_ signal: DBusMessage) {
        credentials.handle(signal)
    }
}
