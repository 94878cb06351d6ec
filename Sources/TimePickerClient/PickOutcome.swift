internal import TimePicker
internal import TimePickerCore

/// How a pick ended, and what the client prints and returns for it.
enum PickOutcome: Equatable {
    /// The person chose: the range as the session said it.
    case selected(TimePickerRange)
    /// The session was cancelled; the reason as the service gave it.
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

    /// The line stderr gets for an exit other than 0: every one says why, in one line.
    /// `timeoutSeconds` is the `--timeout` the pick was given.
    func reason(timeoutSeconds: UInt32) -> String? {
        switch self {
        case .selected:
            return nil
        case .interrupted:
            return ClientText.interrupted
        case .failed(let message):
            return message
        case .cancelled(let reason):
            switch CancelReason(rawValue: reason) {
            case .user: return ClientText.cancelled
            case .timeout: return ClientText.timedOut(seconds: timeoutSeconds)
            case .caller: return ClientText.cancelledByCaller
            case .shutdown: return ClientText.serviceStoppedCancelling
            case .unavailable: return ClientText.noUserInterface
            case nil: return ClientText.cancelled(reason: displayBounded(reason, maxScalars: maxShownReasonScalars))
            }
        }
    }

    /// Prints the outcome (the range on stdout, in `format` or as JSON, the reason for any
    /// other on stderr) and returns the exit status.
    func report(format: OutputFormat, json: Bool, timeoutSeconds: UInt32) -> Int32 {
        if case .selected(let times) = self {
            // A format of instants from a service that said only HH:MM: nothing half right.
            guard let line = json ? (format.needsDate && times.startTime == nil ? nil : times.json) : times.line(format) else {
                Console.error(ClientText.serviceSaidNoInstants)
                return ExitStatus.failure
            }
            guard Console.outcome(line, on: .output) else {
                Console.error(ClientText.cannotWriteRange)
                return ExitStatus.failure
            }
        } else if let reason = reason(timeoutSeconds: timeoutSeconds) {
            Console.outcome(reason, on: .error)
        }
        return exitStatus
    }
}
