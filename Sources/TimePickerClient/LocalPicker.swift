internal import TimePicker
internal import EventLoop
internal import Glibc
internal import LocalSettings
internal import TerminalUI
internal import TimePickerCore

/// The picker the client shows itself, on its own terminal, when there is no session bus (over
/// SSH, in a container), as fzf needs nothing but the terminal.
///
/// It is the service's picker: the same terminal front end and core, the same rules for one
/// session (its timeout, the pause that ends a typed time), the same outcomes. Only what needs
/// the bus is missing: no other app hears of the pick, and two picks on one terminal do not
/// take turns.
final class LocalPicker {
    private let loop: EventLoop
    private let terminal: Int32
    private var model: PickerModel
    private let frontEnd: TerminalFrontEnd
    /// The one session this picker shows.
    private let id = PickerSessionID(1)
    private var outcome: PickOutcome?
    /// Ends the session with "timeout" when the `--timeout` runs out.
    private var timeoutTimer: Timer?
    /// Ends what the person is typing after a pause, as the service does.
    private var typingPause: Timer?

    /// Validates `options` as the service would, against the system's zone database and the
    /// present, and readies the front end on `terminal`; fails with the message the person
    /// reads (the service's, naming the flag typed).
    init(options: PickOptions, terminal: Int32, loop: EventLoop) throws(ClientFailure) {
        let pickerOptions: PickerOptions
        do {
            let context = PickerContext(
                defaultClock: .preferredByLocale(), now: Int64(time(nil)), localZone: { ZoneDatabase.local() },
                zoneNamed: { ZoneDatabase.rules(named: $0) })
            pickerOptions = try PickerOptions(validating: options.coreOptions, context: context)
        } catch {
            throw ClientFailure(message: PickOptions.namingFlags(error.message))
        }
        self.loop = loop
        self.terminal = terminal
        model = PickerModel(options: pickerOptions)
        do {
            frontEnd = try TerminalFrontEnd(input: terminal, output: terminal, loop: loop, owner: .client)
        } catch {
            throw ClientFailure(message: ClientText.cannotUseTerminal("\(error)"))
        }
    }

    /// Shows the picker and turns the loop until the pick ends: chosen, cancelled, timed out, or
    /// `interrupt()`ed.
    func run() -> PickOutcome {
        frontEnd.delegate = self
        let seconds = Int(model.options.timeoutSeconds)
        if seconds > 0 {
            let now = MonotonicClock.now()
            model.deadline = now + seconds * 1000
            scheduleTimeout(now: now)
        }
        // A job in the background waits for the foreground, as it does through the service.
        let terminal = terminal
        frontEnd.show(id, model.state) {
            let foreground = tcgetpgrp(terminal)
            return foreground < 0 || foreground == getpgrp()
        }
        if outcome == nil { loop.run() }
        return outcome ?? .failed(ClientText.endedWithoutOutcome)
    }

    /// Ends the pick with "timeout" at the model's deadline, replacing the timer an earlier
    /// deadline set (an extension moves it), as the service does.
    private func scheduleTimeout(now: Int) {
        timeoutTimer?.cancel()
        guard let deadline = model.deadline else { return }
        timeoutTimer = loop.schedule(afterMilliseconds: max(0, deadline - now)) { [unowned self] in
            self.finish(.cancelled(reason: CancelReason.timeout.rawValue))
        }
    }

    /// Ctrl-C or another terminating signal: the pick ends at once.
    func interrupt() {
        finish(.interrupted)
    }

    /// The terminal's size changed (SIGWINCH, which is the client's own here).
    func terminalResized() {
        frontEnd.redraw()
    }

    /// Settles the pick once and takes the picker down.
    private func finish(_ result: PickOutcome) {
        guard outcome == nil else { return }
        outcome = result
        timeoutTimer?.cancel()
        typingPause?.cancel()
        frontEnd.withdraw(id)
        loop.stop()
    }
}

extension LocalPicker: PickerFrontEndDelegate {
    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, didReport event: PickerEvent) {
        guard outcome == nil else { return }
        let now = MonotonicClock.now()
        let deadline = model.deadline
        switch model.apply(event, now: now) {
        case .selected?:
            // The model keeps the selection it ended with: its range has the day and instants.
            finish(.selected(TimePickerRange(model.range)))
            return
        case .cancelled(let reason)?:
            finish(.cancelled(reason: reason.rawValue))
            return
        case nil:
            break
        }
        if model.deadline != deadline { scheduleTimeout(now: now) }
        switch event {
        case .type, .erase:
            typingPause?.cancel()
            typingPause = loop.schedule(afterMilliseconds: TypedTime.pauseMilliseconds) { [unowned self] in
                self.frontEnd(self.frontEnd, session: self.id, didReport: .finishTyping)
            }
        default:
            typingPause?.cancel()
        }
        self.frontEnd.update(id, model.state)
    }

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, cannotShow reason: CancelReason, because message: String) {
        finish(.failed(ClientText.cannotShowOnTerminal(message)))
    }

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, couldNotShow message: String) {
        finish(.failed(ClientText.cannotShowOnTerminal(message)))
    }
}
