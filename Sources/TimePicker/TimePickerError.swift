internal import TimePickerContract

/// Why a pick gave no range: the person or the timeout ended it, or the pick could not happen.
/// Match its `code` (a struct of static members, which a later code does not break); `message`
/// is English, for a log; an app shows the person words of its own for the code.
///
/// This program's own cancel (`TimePickerAlert.cancel()`, a cancelled task) is never one: it is
/// `CancellationError`, as everywhere in Swift.
public struct TimePickerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What happened, in the library's own terms; `timepickerctl` reads it for its messages.
    package let cause: Cause

    package init(_ cause: Cause) {
        self.cause = cause
    }

    /// What kind of failure this is.
    public var code: Code { cause.code }

    /// One line for a log, in English.
    public var message: String { cause.message }

    public var description: String { "\(code.nick): \(message)" }

    /// For `.invalidArgs`, the option the service named ("step"); nil otherwise.
    public var option: String? {
        guard case .invalidOption(let message) = cause, message.hasPrefix("option '") else { return nil }
        let rest = message.dropFirst("option '".count)
        guard let close = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<close])
    }

    /// For `.invalidArgs`, whether the service does not know the option at all (an older service).
    public var isUnknownOption: Bool {
        guard case .invalidOption(let message) = cause else { return false }
        return message.hasSuffix(": unknown option") || message.contains(": unknown option;")
    }

    /// For `.interrupted`, the signal's number (SIGINT, SIGTERM, SIGHUP).
    public var signal: Int32? {
        if case .interrupted(let signal) = cause { signal } else { nil }
    }

    /// The D-Bus error the service or the bus answered with, when the failure came as one.
    public var dbusErrorName: String? { cause.dbusErrorName }
}

extension TimePickerError {
    /// Every way a pick fails, as precisely as the library knows it: more than `Code` says, for
    /// `timepickerctl`'s messages, and kept out of the public API so that it can change.
    package enum Cause: Hashable, Sendable {
        /// The session ended without a range (Cancelled, or the call's Cancelled error).
        case cancelled(TimePickerCancelReason)
        /// This program cancelled the pick itself: `TimePickerAlert` throws `CancellationError`.
        case withdrawn
        /// SIGINT, SIGTERM or SIGHUP came while the picker was on this program's terminal.
        case interrupted(signal: Int32)
        /// There is no session bus to connect to (libdbus's message).
        case noSessionBus(message: String)
        /// Nobody provides the service and the bus cannot start it.
        case serviceNotRunning
        /// The bus tried to start the service and failed.
        case cannotStartService(name: String, message: String)
        /// The bus answered a call to or about the service with an error.
        case cannotReachService(name: String?, message: String)
        /// This program's connection to the bus closed.
        case lostBus
        /// The service's name is owned by a process of another Unix user.
        case ownedByAnotherUser(uid: UInt32, owner: String)
        /// The bus could not say whose process owns the service's name.
        case unknownOwner(owner: String, message: String)
        /// The service's process left the bus before it answered.
        case serviceStopped
        /// The service, or the library before sending, refused an option: "option 'step': …".
        case invalidOption(message: String)
        /// The service answered with something that is not a range (what it said, if anything).
        case invalidAnswer(String?)
        /// NoUserInterface: no user interface can show the picker.
        case noUserInterface(message: String)
        /// LimitsExceeded: too many sessions.
        case limitsExceeded(message: String)
        /// `pick()` while a picker of the same alert is shown.
        case alreadyShowing
        /// Any other error: its D-Bus name and message.
        case failed(name: String, message: String)

        /// The public code, as docs/integration.md's table maps each case.
        var code: Code {
            switch self {
            case .cancelled(.user): .user
            case .cancelled(.timeout): .timeout
            case .cancelled(.caller), .withdrawn: .caller
            case .cancelled(.shutdown): .shutdown
            case .cancelled(.unavailable), .noUserInterface: .unavailable
            case .cancelled(.other): .failed
            case .interrupted: .interrupted
            case .noSessionBus, .serviceNotRunning, .cannotStartService, .cannotReachService, .lostBus: .serviceUnavailable
            case .ownedByAnotherUser, .unknownOwner: .otherUser
            case .serviceStopped: .vanished
            case .invalidOption: .invalidArgs
            case .invalidAnswer: .invalidReply
            case .limitsExceeded: .limitsExceeded
            case .alreadyShowing: .alreadyShowing
            case .failed: .failed
            }
        }

        /// One line for a log, in English.
        var message: String {
            switch self {
            case .cancelled(let reason): "cancelled (\(reason))"
            case .withdrawn: "cancelled by this program"
            case .interrupted(let signal): "interrupted by signal \(signal)"
            case .noSessionBus(let message): "cannot connect to the session bus: \(message)"
            case .serviceNotRunning: "the time picker service is not running and cannot be started"
            case .cannotStartService(_, let message): "cannot start the time picker service: \(message)"
            case .cannotReachService(_, let message): "cannot reach the time picker service: \(message)"
            case .lostBus: "lost the connection to the session bus"
            case .ownedByAnotherUser(let uid, let owner): "\(TimePickerBus.name) is owned by another user's process (uid \(uid)): \(owner)"
            case .unknownOwner(let owner, let message): "cannot tell whose process \(owner) is: \(message)"
            case .serviceStopped: "the time picker service stopped"
            case .invalidOption(let message): message
            case .invalidAnswer(let answer): "the time picker service answered with no range" + (answer.map { ": \($0)" } ?? "")
            case .noUserInterface(let message): "no user interface can show the picker: \(message)"
            case .limitsExceeded(let message): "the time picker service has too many sessions: \(message)"
            case .alreadyShowing: "a picker of this alert is already shown"
            case .failed(let name, let message): "\(name): \(message)"
            }
        }

        /// The D-Bus error name the failure came as, if it came as one.
        var dbusErrorName: String? {
            switch self {
            case .cannotStartService(let name, _): name
            case .cannotReachService(let name, _): name
            case .invalidOption: "org.freedesktop.DBus.Error.InvalidArgs"
            case .noUserInterface: TimePickerBus.Error.noUserInterface.rawValue
            case .limitsExceeded: TimePickerBus.Error.limitsExceeded.rawValue
            case .failed(let name, _): name
            default: nil
            }
        }
    }
}
