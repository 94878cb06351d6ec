internal import CGtk
internal import DialogBackend
internal import Localization
internal import TimePickerCore

/// What a screen reader is told about the range, through the accessible description of
/// whatever has the keyboard focus: GTK 4.8 has no announcements (`gtk_accessible_announce`
/// came in 4.14) and no live regions, but Orca presents a change of the focused object's
/// description as it happens, and says it with the name when the focus lands. The selected
/// row of each column and OK carry the range (OK: "Returns …"), Cancel only a warning.
///
/// It keeps the range as a screen reader last said it, and what the dialog has to tell with
/// it: a warning that time runs out and a typed note (said before it), the time limit at open
/// (after it). They stay until the range changes or there is something new to tell, so a
/// screen reader does not say the same range again when only the typing ended.
@MainActor
final class DialogSpeech {
    private let words: PickerWords
    private let columns: [SlotColumn]
    private let buttons: ResponseButtons
    private var range = ""
    private var warning = ""
    private var note = ""
    private var after = ""
    /// The description last given to each response button.
    private var buttonDescriptions: [Widget: String] = [:]

    /// Speech for the selected rows of `columns` and for `buttons`, in `words`' language.
    init(words: PickerWords, columns: [SlotColumn], buttons: ResponseButtons) {
        self.words = words
        self.columns = columns
        self.buttons = buttons
    }

    /// Whether a range has been said yet: not before the dialog's first draw.
    var hasSaidRange: Bool { !range.isEmpty }

    /// Says `text` after the range (the time limit, as the dialog opens).
    func sayAfterRange(_ text: String) {
        after = text
    }

    /// Tells the range of `model` with the typed `note` ("" when none), at the columns' next draw.
    func update(_ model: PickerState, note newNote: String) {
        let newRange = DialogText.spokenRange(model, words)
        if newRange != range {
            // A new range: the old note, warning or time limit said with the old one is done.
            if !range.isEmpty { after = "" }
            range = newRange
            warning = ""
            note = newNote
        } else if !newNote.isEmpty {
            note = newNote
        }
        apply(model, now: false)
    }

    /// Says `text` of the time limit before the range, in place of a note or the words said
    /// at open, at once (a warning comes between keys, with no draw to follow).
    func sayTimeLimit(_ text: String, _ model: PickerState) {
        warning = text
        note = ""
        after = ""
        apply(model, now: true)
    }

    /// Forgets the typed note as the keyboard goes to `column`, which is told the rest at once:
    /// the note was about typing in the other column (the column the keyboard leaves takes the
    /// same words at the next draw, once it no longer has the focus, so a screen reader does
    /// not say them there).
    func dropNote(saying column: SlotColumn) {
        guard !note.isEmpty else { return }
        note = ""
        column.describeSelectedRow(DialogText.sentences([warning, range, after], words.language), now: true)
    }

    /// "Closes in 20 seconds", and when `offeringMoreTime` "Press Alt+M for more time".
    func timeLimitWords(seconds: UInt32, offeringMoreTime: Bool) -> String {
        let limit = DialogText.spokenTimeLimit(seconds: seconds, words)
        guard offeringMoreTime else { return limit }
        return DialogText.sentences([limit, DialogText.spokenMoreTime(words.language)], words.language)
    }

    /// Gives the selected rows, OK and Cancel their descriptions; `now` for rows a draw does
    /// not follow.
    private func apply(_ model: PickerState, now: Bool) {
        let language = words.language
        let rowText = DialogText.sentences([warning, note, range, after], language)
        for column in columns { column.describeSelectedRow(rowText, now: now) }
        for (button, isOK) in buttons.all {
            let text = isOK ? DialogText.sentences([warning, DialogText.okDescription(model, words)], language) : warning
            // GTK 4.8 sends each property set to the accessibility bus, changed or not.
            if buttonDescriptions[button] != text {
                button.setAccessibleDescription(text)
                buttonDescriptions[button] = text
            }
        }
    }
}
