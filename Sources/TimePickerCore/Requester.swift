/// Who asked for a picker, as far as the system can vouch for it: what every front end shows
/// ("Asked by …"), set by the service from the caller's process, never from an option.
///
/// The person must be able to tell a name the system gives from one a program gives itself:
/// a sandboxed app cannot choose its sandbox's app id, but any program of the person's own
/// user can choose its executable's name and the systemd scope it runs in.
public enum Requester: Sendable, Equatable {
    /// A name the system vouches for: a Flatpak sandbox's or a Snap's app id (shown by its
    /// desktop entry's Name when one is installed).
    case vouched(String)
    /// A name the program gives itself: its systemd scope's or service's application id (or
    /// that id's desktop entry's Name), or its executable's name.
    case claimed(String)
    /// Nothing can be said: the bus gave no process, the process is gone (its connection
    /// outlived it), its id was reused, or it names no application.
    case unknown

    /// The longest name shown, in Unicode scalars (`displayBounded`).
    public static let maxNameScalars = 64

    /// `name` bounded and display-safe, as the system's word (`vouched`) or the program's own
    /// (`claimed`); `unknown` when nothing of it is left.
    public init(name: String, vouched: Bool) {
        let bounded = displayBounded(name, maxScalars: Self.maxNameScalars)
        if bounded.isEmpty {
            self = .unknown
        } else {
            self = vouched ? .vouched(bounded) : .claimed(bounded)
        }
    }

    /// The name shown; nil for `unknown`.
    public var name: String? {
        switch self {
        case .vouched(let name), .claimed(let name): name
        case .unknown: nil
        }
    }
}

extension Requester {
    /// How far the name can be believed, as the dialog backend's `requester_kind` says it:
    /// "vouched", "claimed" or "unknown".
    public var wireKind: String {
        switch self {
        case .vouched: "vouched"
        case .claimed: "claimed"
        case .unknown: "unknown"
        }
    }

    /// The requester a backend's `requester` and `requester_kind` say, bounded again: a name
    /// without a kind (an older daemon's) is the program's own claim, the weaker; nil when
    /// neither is sent, or the kind is none of the three.
    public init?(wireName name: String?, kind: String?) {
        switch (kind, name) {
        case ("unknown", _): self = .unknown
        case ("vouched", let name?): self.init(name: name, vouched: true)
        case ("claimed", let name?), (nil, let name?): self.init(name: name, vouched: false)
        default: return nil
        }
    }
}
