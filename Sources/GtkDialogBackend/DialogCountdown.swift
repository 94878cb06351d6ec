internal import CGtk
internal import DialogBackend
internal import Localization

/// The countdown under the range ("Closes in 42 s"), counted down each second. Only shown:
/// the daemon enforces the time limit and calls Close.
@MainActor
final class DialogCountdown {
    /// The countdown's label, hidden while there is no time limit.
    let label: Widget
    private let words: PickerWords
    private var source: UInt32 = 0
    /// The seconds left, as the label shows them.
    private(set) var secondsLeft: UInt32 = 0
    /// The seconds the countdown last started from.
    private var startedFrom: UInt32 = 0
    /// Called each second after the label changed, and with `isOver` once it reached 0.
    var onTick: (@MainActor (_ isOver: Bool) -> Void)?

    /// A countdown in `words`' language, stopped.
    init(words: PickerWords) {
        self.words = words
        label = gtk_label_new(nil)
        gtk_widget_add_css_class(label, "caption")
    }

    /// Counts down from `seconds` (shown while more than 0).
    func restart(from seconds: UInt32) {
        stop()
        secondsLeft = seconds
        startedFrom = seconds
        gtk_widget_set_visible(label, seconds > 0 ? 1 : 0)
        guard seconds > 0 else { return }
        label.setLabelText(DialogText.countdown(seconds: seconds, words))
        source = MainLoopSource.every(milliseconds: 1000) { [weak self] in
            guard let self else { return false }
            self.secondsLeft -= 1
            self.label.setLabelText(DialogText.countdown(seconds: self.secondsLeft, self.words))
            if self.secondsLeft == 0 { self.source = 0 }
            self.onTick?(self.secondsLeft == 0)
            return self.secondsLeft > 0
        }
    }

    /// Stops counting.
    func stop() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }

    /// Whether a person should be warned now that the time limit is near: once at a minute
    /// left (when the limit was two minutes or more) and once at 20 seconds, never each
    /// second, and not just after the countdown started.
    var isTimeToWarn: Bool {
        (secondsLeft == 20 || (secondsLeft == 60 && startedFrom >= 120)) && startedFrom > secondsLeft + 10
    }
}
