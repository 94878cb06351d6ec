/// Whom the remote front ends tell apart when callers take turns at a notification server or a
/// dialog backend: the widest group of a caller's connections that the system vouches for, so
/// that many connections of one application buy it no more turns than one.
///
/// What the daemon knows today gives, in this order:
/// - a sandbox's app id the system vouches for (`CallerApplication.isVouched`: a Flatpak's, a
///   Snap's from its AppArmor profile): every process and connection of the app, which it
///   cannot leave;
/// - else the process the bus names: a host program's connections, whatever systemd scope or
///   executable name it gives itself. Those names are its own claim: keyed by them, a program
///   could claim another's and share, and use up, that one's turns;
/// - else the connection, when the bus named no process.
///
/// The key is made here alone, so that knowing callers better (the systemd unit the system put
/// a process in) changes only this type.
public struct CallerKey: Hashable, Sendable {
    private enum Kind: Hashable, Sendable {
        case sandbox(userID: UInt32, source: CallerApplication.Source, appID: String)
        case process(userID: UInt32, processID: UInt32)
        case connection(String)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// The key of the caller on the connection `connection` (its unique name), of Unix user
    /// `userID` and process `processID` (nil when the bus named none), part of `application`
    /// (nil when none was found), as the bus and the system vouch for them.
    public init(connection: String, userID: UInt32, processID: UInt32?, application: CallerApplication?) {
        if let application, application.isVouched {
            self.init(.sandbox(userID: userID, source: application.source, appID: application.id))
        } else if let processID {
            self.init(.process(userID: userID, processID: processID))
        } else {
            self.init(.connection(connection))
        }
    }

    /// The key of a caller known only by its connection's unique name.
    public static func connection(_ name: String) -> CallerKey {
        CallerKey(.connection(name))
    }
}

