internal import TimePickerCore

/// Why a session ended without a range, as the service's `Cancelled` signal says it (what
/// `TimePickerMonitor` reports for every session on the bus).
public enum TimePickerCancelReason: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The person dismissed the picker (Cancel, Escape, the notification closed).
    case user
    /// The `timeout` ran out.
    case timeout
    /// The session's creator, or another program, called its Cancel.
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
