internal import CGtk
internal import DialogBackend
internal import EventLoop
internal import Localization

/// The countdown under the range ("Closes in 42 s"), following the instant the daemon ends the
/// session (`DialogState.countdownEnd`), not the moment the window was built: each tick reads
/// the clock, so it neither starts late nor drifts. Only shown: the daemon enforces the time
/// limit and calls Close.
@MainActor
final class DialogCountdown {
    /// How long before the daemon's deadline the countdown is over and "Time is up" is said.
    /// The daemon closes the dialog at its deadline, and Orca drops a description change of a
    /// window that is gone (issue 39: heard 0 times in 3 when said at the deadline itself).
    static let timeUpLeadMilliseconds = 1000

    /// The countdown's label, hidden while there is no time limit.
    let label: Widget
    private let words: PickerWords
    private var source: UInt32 = 0
    /// The instant, on the monotonic clock in milliseconds, the daemon ends the session.
    private var end = 0
    /// The seconds left, as the label shows them.
    private(set) var secondsLeft: UInt32 = 0
    /// The seconds the countdown last started from.
    private var startedFrom: UInt32 = 0
    /// Called each second after the label changed, and with `isOver` once it reached
    /// `timeUpLeadMilliseconds` before the end.
    var onTick: (@MainActor (_ isOver: Bool) -> Void)?

    /// A countdown in `words`' language, stopped.
    init(words: PickerWords) {
        self.words = words
        label = gtk_label_new(nil)
        gtk_widget_add_css_class(label, "caption")
    }

    /// Counts down to `end` (the monotonic clock in milliseconds; 0 shows none).
    func restart(until end: Int, now: Int = MonotonicClock.now()) {
        stop()
        self.end = end
        let left = end == 0 ? 0 : max(0, end - now)
        secondsLeft = UInt32(clamping: (left + 999) / 1000)
        startedFrom = secondsLeft
        gtk_widget_set_visible(label, left > 0 ? 1 : 0)
        guard left > 0 else { return }
        label.setLabelText(DialogText.countdown(seconds: secondsLeft, words))
        schedule(left: left)
    }

    /// Stops counting.
    func stop() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }

    /// Whether a person should be warned now that the time limit is near, whatever the limit:
    /// at 20 seconds left when it started from more (a 30-second picker too), and at a minute
    /// when it started from two or more; never each second.
    var isTimeToWarn: Bool {
        (secondsLeft == 20 && startedFrom > 20) || (secondsLeft == 60 && startedFrom >= 120)
    }

    /// Ticks when the whole seconds left change next, or at the lead before the end.
    private func schedule(left: Int) {
        let next = max(Int(secondsLeft) - 1, 1) * 1000
        source = MainLoopSource.after(milliseconds: UInt32(clamping: max(0, left - next))) { [weak self] in
            self?.source = 0
            self?.tick()
        }
    }

    private func tick() {
        let left = end - MonotonicClock.now()
        // At a whole second, give or take the timer's lateness: rounded, not rounded up.
        secondsLeft = UInt32(clamping: max(0, (left + 500) / 1000))
        // A timer due at the lead may run a millisecond early by the clock's reading.
        let isOver = left <= Self.timeUpLeadMilliseconds + 100
        if isOver { secondsLeft = 0 } else { label.setLabelText(DialogText.countdown(seconds: secondsLeft, words)) }
        onTick?(isOver)
        if !isOver { schedule(left: left) }
    }
}
