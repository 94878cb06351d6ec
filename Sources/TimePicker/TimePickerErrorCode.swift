extension TimePickerError {
    /// What kind of failure a `TimePickerError` is: one of the static members, each with the
    /// `nick` libtimepicker's `TIME_PICKER_ERROR` codes share (docs/integration.md's table).
    /// A struct rather than an enum, so that a code added later breaks no `switch`: match with
    /// `case .user:` and keep a `default:`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name in both libraries' table: "user", "service-unavailable", …
        public let nick: String

        private init(_ nick: String) {
            self.nick = nick
        }

        /// The person dismissed the picker (Cancelled "user").
        public static let user = Code("user")
        /// The `timeout` ran out (Cancelled "timeout").
        public static let timeout = Code("timeout")
        /// Another program cancelled the session (Cancelled "caller" not caused by this one:
        /// this program's own cancel throws `CancellationError`).
        public static let caller = Code("caller")
        /// The service stopped in order (Cancelled "shutdown").
        public static let shutdown = Code("shutdown")
        /// No user interface could show the picker (Cancelled "unavailable", or NoUserInterface).
        public static let unavailable = Code("unavailable")
        /// No session bus, the connection to it lost, nobody provides the service and the bus
        /// cannot start it, or starting it failed: `message` says which.
        public static let serviceUnavailable = Code("service-unavailable")
        /// The service left the bus (crashed, was killed) before the session ended.
        public static let vanished = Code("vanished")
        /// The service's name is owned by another Unix user's process, or whose it is cannot be
        /// told: nothing was sent to it.
        public static let otherUser = Code("other-user")
        /// The service answered something its interface does not say.
        public static let invalidReply = Code("invalid-reply")
        /// The service refused an option: `option` names it, `message` says why.
        public static let invalidArgs = Code("invalid-args")
        /// The service has too many sessions open (LimitsExceeded).
        public static let limitsExceeded = Code("limits-exceeded")
        /// `pick()` while this alert's picker is shown: that one goes on.
        public static let alreadyShowing = Code("already-showing")
        /// SIGINT, SIGTERM or SIGHUP came while this program's terminal was lent: `signal`.
        public static let interrupted = Code("interrupted")
        /// Anything else: `message` names the D-Bus error.
        public static let failed = Code("failed")

        /// Every code, in the table's order: what a test checks against the documented table.
        public static let allCodes: [Code] = [
            .user, .timeout, .caller, .shutdown, .unavailable, .serviceUnavailable, .vanished, .otherUser,
            .invalidReply, .invalidArgs, .limitsExceeded, .alreadyShowing, .interrupted, .failed,
        ]

        /// The nick.
        public var description: String { nick }
    }
}
