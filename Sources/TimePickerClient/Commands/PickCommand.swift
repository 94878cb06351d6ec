internal import EventLoop
internal import Glibc
internal import SystemKit
internal import TimePicker
internal import TimePickerCore

/// `timepickerctl pick`: shows a picker through the service with the TimePicker library's
/// alert, waits for its outcome, reports it; with no session bus, shows the same picker itself
/// (`LocalPicker`).
///
/// The alert's pick runs on this thread (the client has nothing else to do): it lends this
/// terminal unless told not to, calls PickTimeRange with no time limit of its own (the service
/// ends the session when `--timeout` runs out, and when this client leaves the bus, so a client
/// that is killed leaves no picker behind), and cancels the session on Ctrl-C. What is left
/// here is the command line's: which options, what is said on stderr, what is printed.
final class PickCommand {
    private let options: PickOptions

    init(options: PickOptions) {
        self.options = options
    }

    /// Runs the pick to its end, reports, and returns the exit status.
    func run() -> Int32 {
        // The result goes to a pipe a script may have closed: a failed write, not a death.
        signal(SIGPIPE, SIG_IGN)
        let started = MonotonicClock.now()
        // Client.main runs on the main thread, where the alert lives.
        let result = MainActor.assumeIsolated { [options] in Self.pick(options) }
        return result.report(format: options.format, json: options.json, timeoutSeconds: Self.timedOutAfter(options, since: started))
    }

    /// The seconds "timed out after N s" names: the `--timeout`, or, when the person could
    /// extend it, how long the pick took (each extension gives the whole limit again from then,
    /// so the limit alone would say less than the person waited).
    private static func timedOutAfter(_ options: PickOptions, since started: Int) -> UInt32 {
        let timeout = options.timeout ?? 0
        guard (options.timeoutExtensions ?? 0) > 0 else { return timeout }
        return max(timeout, UInt32(clamping: (MonotonicClock.now() - started) / 1000))
    }

    @MainActor
    private static func pick(_ options: PickOptions) -> PickOutcome {
        let alert = TimePickerAlert(title: options.title)
        alert.step = options.step.map { .seconds(Int64($0) * 60) }
        alert.minDuration = options.minDuration.map { .seconds(Int64($0) * 60) }
        alert.timeout = options.timeout.map { .seconds(Int64($0)) }
        alert.timeoutExtensions = options.timeoutExtensions.map { Int($0) }
        alert.overnight = options.overnight
        // The command line's words as they were typed, so that the service's refusal names
        // the option the person gave ("option 'start': …" becomes "--start").
        let texts: [(String, String?)] = [
            ("first", options.first), ("last", options.last), ("start", options.start), ("end", options.end), ("clock", options.clock),
            ("date", options.date?.isoText), ("time_zone", options.timeZone?.name), ("ui", options.userInterface),
        ]
        for case (let key, let value?) in texts { alert.rawOptions[key] = value }
        alert.usesCallerTerminal = options.useTerminal
        alert.cancelsOnInterrupt = true
        alert.onNotice = { Console.error(Self.text(of: $0)) }
        switch alert.pickOnThisThread() {
        case .success(let range):
            return .selected(range)
        case .failure(let error):
            if case .noSessionBus(let message) = error.cause {
                return pickWithoutService(options, noBus: ClientText.cannotConnect(message))
            }
            return outcome(for: error, options: options)
        }
    }

    /// What stderr says of a notice on the way.
    private static func text(of notice: TimePickerNotice) -> String {
        switch notice {
        case .waitingForForeground: ClientText.waitingForForeground
        case .noTerminal: ClientText.noTerminal(ClientText.shownByService)
        case .localeNotInService(let locale): ClientText.localeMissingInService(displaySafe(locale))
        case .zoneNotInService(let zone): ClientText.zoneMissingInService(displaySafe(zone))
        }
    }

    /// The outcome for a pick that gave no range.
    private static func outcome(for error: TimePickerError, options: PickOptions) -> PickOutcome {
        switch error.cause {
        case .cancelled(let reason):
            return .cancelled(reason: displayBounded(reason.description, maxScalars: maxShownReasonScalars))
        case .interrupted:
            return .interrupted
        case .invalidOption(let message) where error.option == "terminal":
            // Sent only with the terminal lent: an older service, or one that cannot use it.
            return .failed(error.isUnknownOption ? ClientText.serviceTooOld : ClientText.terminalRefused(displaySafe(message)))
        case .invalidOption(let message) where error.isUnknownOption:
            return .failed(unknownOptionFailure(displaySafe(message), options: options))
        default:
            return .failed(error.clientMessage)
        }
    }

    /// The message for a service that does not know an option this client sent: one the person
    /// asked for through a newer flag (an older service).
    private static func unknownOptionFailure(_ message: String, options: PickOptions) -> String {
        let newerFlags = [
            "overnight": "--overnight", "time_zone": "--time-zone",
            "date": options.dateImpliedByFormat ? "--format \(options.format.rawValue)" : "--date",
        ]
        for (key, flag) in newerFlags where message.hasPrefix("option '\(key)':") {
            return ClientText.serviceDoesNotKnow(flag)
        }
        return PickOptions.namingFlags(message)
    }

    /// With no session bus: the picker on this terminal, shown by the client itself, unless
    /// the person asked for what only the service can do.
    private static func pickWithoutService(_ options: PickOptions, noBus: String) -> PickOutcome {
        if let userInterface = options.userInterface {
            return .failed(ClientText.userInterfaceNeedsBus(userInterface, noBus))
        }
        guard options.useTerminal else {
            return .failed(ClientText.noTerminalOptionNeedsBus(noBus))
        }
        guard let terminal = CallerTerminal.find() else {
            return .failed(ClientText.nowhereToShow(noBus))
        }
        defer { terminal.restore() }
        let loop = EventLoop()
        let picker: LocalPicker
        do {
            picker = try LocalPicker(options: options, terminal: terminal.descriptor, loop: loop)
        } catch {
            return .failed(error.message)
        }
        if options.verbose { Console.error(ClientText.showingWithoutService(noBus)) }
        let signals: SignalSource
        do {
            signals = try SignalSource(signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH], loop: loop) { signal in
                if signal == SIGWINCH { picker.terminalResized() } else { picker.interrupt() }
            }
        } catch {
            return .failed(ClientText.cannotWatchSignals("\(error)"))
        }
        defer { withExtendedLifetime(signals) {} }
        if terminal.isWaitingForForeground { Console.error(ClientText.waitingForForeground) }
        terminal.lend()
        return picker.run()
    }
}
