internal import EventLoop
internal import Glibc
internal import TimePicker
internal import TimePickerCore

/// `timepickerctl monitor`: prints every session outcome on the bus as it happens, its
/// Response and then its Selected or Cancelled, one line each, until SIGINT or SIGTERM. It
/// needs no running service: it waits for outcomes. The TimePicker library's `OutcomeWatch`
/// (what `TimePickerMonitor` streams) says which outcomes count: only this user's processes'.
final class MonitorCommand {
    private let options: MonitorOptions
    private let loop = EventLoop()
    private var status = ExitStatus.success

    init(options: MonitorOptions) {
        self.options = options
    }

    /// Monitors until interrupted (exit 0), the bus goes away or stdout closes.
    func run() -> Int32 {
        // A reader that went away (`monitor | head -1`) shows up as a failed write.
        signal(SIGPIPE, SIG_IGN)
        let watch: OutcomeWatch
        do {
            // Blocking on purpose, before the loop: once it returns, no outcome can be missed,
            // so "listening" is true when it is said.
            watch = try OutcomeWatch(
                loop: loop, deliver: { [unowned self] in self.print($0) },
                ignored: { sender, user in Console.error(ClientText.ignoringOtherUser(sender, user: user)) },
                lost: { [unowned self] in
                    Console.error(ClientText.lostBus)
                    self.stop(with: ExitStatus.failure)
                })
        } catch {
            Console.error(ClientText.cannotListen(Self.reason(error)))
            return ExitStatus.failure
        }
        // After the blocking calls, so that a stuck bus can still be interrupted the default way.
        let signals: SignalSource
        do {
            signals = try SignalSource(signals: [SIGINT, SIGTERM, SIGHUP], loop: loop) { [unowned self] _ in
                self.loop.stop()
            }
        } catch {
            Console.error(ClientText.cannotWatchSignals("\(error)"))
            return ExitStatus.failure
        }
        defer { withExtendedLifetime(signals) {} }
        if options.verbose {
            Console.error(ClientText.listening(as: watch.listeningAs))
        }
        loop.run()
        return status
    }

    /// The bus's message for a watch that could not start.
    private static func reason(_ error: TimePickerError) -> String {
        switch error.cause {
        case .noSessionBus(let message), .cannotReachService(_, let message): displaySafe(message)
        default: error.clientMessage
        }
    }

    /// Prints one outcome line: the session's path, the member, its arguments made safe to print.
    private func print(_ outcome: TimePickerOutcome) {
        let text: String
        switch outcome.event {
        case .response(let code, let results, _):
            text = ResponseLine.text(code: code, results: results)
        case .selected(let range):
            text = "Selected \(displaySafe(range.start)) \(displaySafe(range.end))"
        case .cancelled(let reason):
            text = "Cancelled \(displayBounded(reason.description, maxScalars: maxShownReasonScalars))"
        }
        write("\(outcome.session) \(text)\n")
    }

    /// Prints one line; stops the monitor when stdout is gone.
    private func write(_ line: String) {
        guard status == ExitStatus.success, !Console.out(line) else { return }
        // Nobody reads any more: the job is over, not failed (as with `monitor | head -1`).
        if errno != EPIPE {
            Console.error(ClientText.cannotWriteStdout(String(cString: strerror(errno))))
            stop(with: ExitStatus.failure)
        } else {
            stop(with: ExitStatus.success)
        }
    }

    private func stop(with status: Int32) {
        self.status = status
        loop.stop()
    }
}
