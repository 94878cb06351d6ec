internal import Localization
internal import TimePickerCore

/// Every word the notification picker shows, in the session's language: written here once,
/// each message through gettext (po/POTFILES lists this file). The list menu's entries keep
/// their shape in every language — the column's name, a space, then the time — because a
/// menu may list them in any order and they must sort in time order as text.
struct NotificationText {
    let language: Language
    let words: PickerWords

    init(_ language: Language) {
        self.language = language
        words = PickerWords(language)
    }

    /// The column's name: "Start", "End".
    func name(_ column: PickerColumn) -> String { column == .start ? words.start : words.end }

    /// "Start: 09:00", "End: 17:30" (in the body).
    func line(_ column: PickerColumn, _ time: String) -> String {
        switch column {
        // TRANSLATORS: a line of the notification's body; %s is the start time.
        case .start: filled(tr("Start: %s"), time)
        // TRANSLATORS: a line of the notification's body; %s is the end time (the noun).
        case .end: filled(tr("End: %s"), time)
        }
    }

    /// "Duration: 8 h 30 min".
    func durationLine(_ state: PickerState) -> String {
        // TRANSLATORS: a line of the notification's body; %s is how long the range is.
        filled(tr("Duration: %s"), words.durationLine(state))
    }

    /// The answer's button in the stepper: Next while choosing the start, OK after.
    func answer(choosingStart: Bool) -> String {
        // TRANSLATORS: the button that goes on from the start to the end.
        choosingStart ? tr("Next") : tr("OK")
    }

    /// What the buttons move, and how to go on, as the server's body click allows.
    func stepperInstruction(choosingStart: Bool, _ bodyClick: NotificationServerProfile.BodyClick, showsDefaultAsButton: Bool) -> String {
        let moves = choosingStart ? tr("The buttons move the start.") : tr("The buttons move the end.")
        let how: String
        switch (bodyClick, choosingStart) {
        case (.defaultAction, true) where !showsDefaultAsButton:
            how = tr("Click this notification to go on to the end.")
        case (.defaultAction, false) where !showsDefaultAsButton:
            how = tr("Click this notification to accept.")
        case (.closes, true):
            // TRANSLATORS: Next is the button's name.
            how = tr("Next goes on to the end.")
        case (.closes, false):
            // TRANSLATORS: OK is the button's name.
            how = tr("OK accepts.")
        case (_, true):
            how = tr("Click this notification (or Next) to go on to the end.")
        case (_, false):
            how = tr("Click this notification (or OK) to accept.")
        }
        return moves + " " + how
    }

    /// "End 17:30 · 5:30 PM (8 h 30 min)": an end in the menu, and how long the range would be.
    func endEntry(_ sortable: String, minutes: Int) -> String {
        // TRANSLATORS: a menu entry; %1$s is the end time, %2$s how long the range would be.
        filled(tr("%1$s (%2$s)"), words.end + " " + sortable, words.duration(minutes: minutes))
    }

    /// "02:00–02:45 (CET)": times of the hour the clocks go back, with the zone's name for
    /// their offset, which tells them from the first time round.
    func inZone(_ times: String, _ zone: String) -> String { words.inZone(times, zone) }

    /// The end menu's way back to the start; it must sort before every end entry.
    var changeStart: String {
        // TRANSLATORS: the first entry of the menu of end times, back to choosing the start. It must sort (as text) before the entries that begin with the word for End.
        tr("Change start…")
    }

    /// "Start at another hour…": after every entry of one hour.
    func anotherHour(_ column: PickerColumn) -> String {
        // TRANSLATORS: follows the column's name in a menu entry ("Start at another hour…"); back to the menu of hours.
        name(column) + " " + tr("at another hour…")
    }

    /// Where the list layout's choices are.
    func chooseInMenu(_ column: PickerColumn, byHour: Bool) -> String {
        switch (column, byHour) {
        case (.start, false): tr("Choose the start time in the notification menu.")
        case (.start, true): tr("Choose the start time in the notification menu: first the hour, then the minutes.")
        case (.end, false): tr("Choose the end time in the notification menu.")
        case (.end, true): tr("Choose the end time in the notification menu: first the hour, then the minutes.")
        }
    }

    /// "The range lasts at least 2 h."
    func lastsAtLeast(_ minutes: Int) -> String {
        // TRANSLATORS: %s is the shortest range allowed, such as 2 h.
        filled(tr("The range lasts at least %s."), words.duration(minutes: minutes))
    }

    /// "Closes at 14:05 unless you choose."
    func closesAt(_ time: String) -> String {
        // TRANSLATORS: %s is the time of day the picker closes by itself.
        filled(tr("Closes at %s unless you choose."), time)
    }

    /// "Closes in 42 s", "Closes in 5 min".
    func closesIn(seconds: Int?, minutes: Int) -> String {
        if let seconds {
            // TRANSLATORS: %s is a number of seconds left.
            return filled(tr("Closes in %s s"), String(seconds))
        }
        // TRANSLATORS: %s is the time left, such as 5 min or 1 h 30 min.
        return filled(tr("Closes in %s"), words.duration(minutes: minutes))
    }

    var dismissToCancel: String { tr("Dismiss this notification to cancel.") }

    /// The reply field's button, on a server that has one.
    var replyLabel: String {
        // TRANSLATORS: the button that sends what the person typed in the notification's reply field.
        trc("reply", "Choose")
    }

    /// What the reply field shows while empty: a range as people write it.
    var replyPlaceholder: String {
        // TRANSLATORS: an example of a range typed in the notification's reply field: keep the
        // form, or write the one people use in your language (such as "9–17:30").
        trc("reply", "9-17:30")
    }

    /// The button that hands the session over to a dialog window.
    var chooseInWindow: String {
        // TRANSLATORS: a notification's button that opens the time picker as a window, where both times can be chosen with the keyboard or the mouse.
        tr("Choose in a window…")
    }

    /// The body's line saying what that button is for.
    var windowHint: String {
        // TRANSLATORS: a line of the notification's body, when it has the "Choose in a window…" button.
        tr("Or choose both times in a window.")
    }

    /// The body's first line when the window the person asked for could not be opened.
    var noWindowOpened: String {
        // TRANSLATORS: the first line of the notification's body after the person clicked "Choose in a window…" and no window could be shown.
        tr("No window could be opened: choose here.")
    }

    /// The body's line saying that a range can be typed.
    var typeRangeHint: String {
        // TRANSLATORS: the notification's line saying a whole range can be typed into its reply field.
        tr("Or type the range, such as 9-17:30.")
    }

    /// The words the language writes between two times ("to"); English's is read too, and the
    /// dashes of every language.
    var rangeWords: [String] {
        // TRANSLATORS: the word between two times in a range as people type it ("9 to 17:30"):
        // "bis" in German. Several may be given, separated by "|" ("a|hasta").
        let words = trc("range", "to").split(separator: "|").map(String.init)
        return words + (words.contains("to") ? [] : ["to"])
    }

    /// A typed reply that holds no two times.
    func notARange(_ typed: String) -> String {
        // TRANSLATORS: %s is what the person typed into the reply field.
        filled(tr("'%s' is not a range: type one such as 9-17:30."), typed)
    }

    /// A typed reply with a time the picker cannot take, and why.
    func replyNotTaken(_ why: String) -> String {
        // TRANSLATORS: %s says why, such as "25 is not a time".
        filled(tr("Not taken: %s."), why)
    }

    /// A typed reply read with a guess: the range it was read as, what was guessed, and how to
    /// take it, as the server's body click allows (the stepper's end step shows it, with OK as
    /// the `default` action: on Plasma and GNOME Shell no button is OK, a click on the body is).
    func readAs(_ range: String, _ notes: String, _ bodyClick: NotificationServerProfile.BodyClick, showsDefaultAsButton: Bool) -> String {
        switch bodyClick {
        case .defaultAction where !showsDefaultAsButton:
            // TRANSLATORS: %1$s is the range the typed reply was read as, %2$s what was not as typed.
            return filled(tr("Read as %1$s (%2$s): click this notification to take it."), range, notes)
        case .closes:
            // TRANSLATORS: %1$s is the range the typed reply was read as, %2$s what was not as
            // typed; OK is the button's name.
            return filled(tr("Read as %1$s (%2$s): OK takes it."), range, notes)
        default:
            // TRANSLATORS: %1$s is the range the typed reply was read as, %2$s what was not as
            // typed; OK is the button's name.
            return filled(tr("Read as %1$s (%2$s): click this notification (or OK) to take it."), range, notes)
        }
    }

    /// `message` in the session's language.
    private func tr(_ message: String) -> String { language.text(message) }
    private func trc(_ context: String, _ message: String) -> String { language.text(context: context, message) }
}
