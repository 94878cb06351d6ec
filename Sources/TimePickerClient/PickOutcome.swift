internal import TimePickerCore

/// How a pick ended, and what the client prints and returns for it.
enum PickOutcome: Equatable {
    /// The person chose; the service's HH:MM times.
    case selected(start: String, end: String)
    /// The session's Cancelled signal, with its reason as sent.
    case cancelled(reason: String)
    /// Ctrl-C or another terminating signal: the client cancelled the session.
    case interrupted
    /// Nothing to pick from: the message for stderr.
    case failed(String)

    /// 0 chosen, 1 cancelled, 5 timed out, 2 when the pick could not happen.
    var exitStatus: Int32 {
        switch self {
        case .selected: ExitStatus.success
        case .interrupted: ExitStatus.cancelled
        case .failed: ExitStatus.failure
        case .cancelled(let reason):
            switch CancelReason(rawValue: reason) {
            case .timeout: ExitStatus.timeout
            case .unavailable: ExitStatus.failure
            // user, caller, shutdown, and reasons a newer service may add: no range, no error.
            default: ExitStatus.cancelled
            }
        }
    }

    /// Prints the outcome (the range on stdout, a failure on stderr) and returns the exit status.
    func report(json: Bool) -> Int32 {
        switch self {
        case .selected(let start, let end):
            let line = json
                ? "{\"start\":\(jsonString(start)),\"end\":\(jsonString(end))}\n"
                : "\(displaySafe(start)) \(displaySafe(end))\n"
            guard Console.out(line) else {
                Console.error("cannot write the chosen range to stdout")
                return ExitStatus.failure
            }
        case .cancelled(let reason) where CancelReason(rawValue: reason) == .unavailable:
            Console.error("no user interface can show the picker")
        case .failed(let message):
            Console.error(message)
        case .cancelled, .interrupted:
            break
        }
        return exitStatus
    }
}
