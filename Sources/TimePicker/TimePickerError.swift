internal import TimePickerContract
internal import TimePickerCore

/// Why a session ended without a range, as the service's `Cancelled` signal says it.
public enum TimePickerCancelReason: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The person dismissed the picker (Cancel, Escape, the notification closed).
    case user
    /// The `timeout` ran out.
    case timeout
    /// The caller withdrew it: `cancel()`, a cancelled task, a closed window.
    case caller
    /// The service stopped.
    case shutdown
    /// No user interface could show the picker.
    case unavailable
    /// A reason a newer service may add, as it sent it.
    case other(String)

    /// Each reason the interface names and its word on the bus, the core's `CancelReason` (what
    /// the daemon sends): the one table both directions read.
    private static let words: [(reason: TimePickerCancelReason, word: CancelReason)] = [
        (.user, .user), (.timeout, .timeout), (.caller, .caller), (.shutdown, .shutdown), (.unavailable, .unavailable),
    ]

    /// The reason for the word on the bus.
    public init(_ word: String) {
        self = Self.words.first { $0.word.rawValue == word }?.reason ?? .other(word)
    }

    /// The word on the bus: "user", "timeout", …
    public var description: String {
        if case .other(let word) = self { return word }
        // Every other case is in the table (the tests read each of the core's reasons both ways).
        return Self.words.first { $0.reason == self }?.word.rawValue ?? ""
    }
}

/// Why a pick gave no range. `cancelled` is the ordinary end of a picker nobody chose from; every
/// other case means the pick could not happen or went wrong, and says why for a log.
public enum TimePickerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The session ended without a range.
    case cancelled(TimePickerCancelReason)
    /// SIGINT, SIGTERM or SIGHUP came while the picker was on this program's terminal: the
    /// session was cancelled and the terminal restored (`signal` is the signal's number).
    case interrupted(signal: Int32)
    /// There is no session bus to connect to (`message` is libdbus's).
    case noSessionBus(message: String)
    /// Nobody provides the service and the bus cannot start it.
    case serviceNotRunning
    /// The bus tried to start the service and failed.
    case cannotStartService(message: String)
    /// The bus answered a call to or about the service with an error.
    case cannotReachService(message: String)
    /// The service's name is owned by a process of another Unix user: nothing was sent to it.
    case ownedByAnotherUser(uid: UInt32, owner: String)
    /// The bus could not say whose process owns the service's name: nothing was sent to it.
    case unknownOwner(owner: String, message: String)
    /// The service's process left the bus (it stopped, crashed, was killed) before it answered.
    case serviceStopped
    /// This program's connection to the bus closed.
    case lostBus
    /// The service refused an option (`org.freedesktop.DBus.Error.InvalidArgs`); its message
    /// names the option: "option 'step': must divide 1440 …". See `option` and `isUnknownOption`.
    case invalidOption(message: String)
    /// The service answered with something that is not a range (what it said, if anything).
    case invalidAnswer(String?)
    /// `pick()` was called while a picker of the same alert is shown: that one goes on.
    case alreadyShowing
    /// Any other error: its D-Bus name and message.
    case failed(name: String, message: String)

    /// For `invalidOption`, the option the service named ("step"); nil otherwise.
    public var option: String? {
        guard case .invalidOption(let message) = self, message.hasPrefix("option '") else { return nil }
        let rest = message.dropFirst("option '".count)
        guard let close = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<close])
    }

    /// For `invalidOption`, whether the service does not know the option at all (an older service).
    public var isUnknownOption: Bool {
        guard case .invalidOption(let message) = self else { return false }
        return message.hasSuffix(": unknown option") || message.contains(": unknown option;")
    }

    /// One line for a log, in English.
    public var description: String {
        switch self {
        case .cancelled(let reason): "cancelled (\(reason))"
        case .interrupted(let signal): "interrupted by signal \(signal)"
        case .noSessionBus(let message): "cannot connect to the session bus: \(message)"
        case .serviceNotRunning: "the time picker service is not running and cannot be started"
        case .cannotStartService(let message): "cannot start the time picker service: \(message)"
        case .cannotReachService(let message): "cannot reach the time picker service: \(message)"
        case .ownedByAnotherUser(let uid, let owner): "\(TimePickerBus.name) is owned by another user's process (uid \(uid)): \(owner)"
        case .unknownOwner(let owner, let message): "cannot tell whose process \(owner) is: \(message)"
        case .serviceStopped: "the time picker service stopped"
        case .lostBus: "lost the connection to the session bus"
        case .invalidOption(let message): message
        case .invalidAnswer(let answer): "the time picker service answered with no range" + (answer.map { ": \($0)" } ?? "")
        case .alreadyShowing: "a picker of this alert is already shown"
        case .failed(let name, let message): "\(name): \(message)"
        }
    }
}
