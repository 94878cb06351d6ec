internal import CGtk
internal import DialogBackend
internal import Localization
internal import TimePickerCore
internal import Logging

/// The picker as a dialog window: an AdwMessageDialog with the title as its heading (a dated
/// picker's day under it), the columns Start and End, the duration, a countdown (with More
/// time beside it while the caller allows extensions), and Cancel and OK.
///
/// It holds the state it was last given and draws it; what the person does goes out through
/// `reports.event` as `PickerEvent`s for the daemon, which answers with a new state (`update`).
/// It ends exactly once, through `reports.finish`: accepted with the selection it showed,
/// cancelled by the person, or ended (closed by the caller, the window destroyed). The
/// contract is `DialogWindow`'s.
@MainActor
final class TimePickerDialog: DialogWindow {
    private static let okResponse = "ok"
    private static let cancelResponse = "cancel"

    private let window: Widget
    private let options: PickerOptions
    private let parent: ParentWindowID
    /// The person's words: column names, times, lengths.
    private let words: PickerWords
    /// The caller's activation token, handed over when the window is first presented.
    private let activationToken: String?
    private let log: Logger
    private let startColumn: SlotColumn
    private let endColumn: SlotColumn
    /// The range in words ("09:00 – 17:30 · 8 h 30 min", "22:00 – 06:00 (next day) · 8 h").
    private let rangeLabel: Widget
    /// What is being typed, empty when nothing is.
    private let typedLabel: Widget
    /// The range the labels and the lists' descriptions say now.
    private var describedRange = ""
    /// Whether the typed line is out of the accessible tree (while it is empty).
    private var typedLineHidden = false
    private let countdownLabel: Widget
    /// More time (Alt+M in English): shown while the daemon says extensions are left; a click
    /// asks the daemon for the whole time limit again (WCAG 2.2.1).
    private let moreTimeButton: Widget
    /// Who asked ("Asked by Firefox"), above the columns; made only when the daemon said (a
    /// label never added to the dialog would never be freed).
    private let requesterLabel: Widget?
    /// The daemon's last state.
    private var state: DialogState
    /// The selection drawn: the daemon's, or ahead of it by the person's clicks.
    private var selection: ShownSelection
    /// The column the daemon was last told (or told us) that keyboard moves act on.
    private var reportedFocus: PickerColumn
    /// The range as a screen reader last said it, and what the dialog has to tell with it: a
    /// warning that time runs out and a typed note (said before it), the time limit at open
    /// (after it). They stay until the range changes or there is something new to tell, so a
    /// screen reader does not say the same range again when only the typing ended.
    private var spokenRange = ""
    private var spokenWarning = ""
    private var spokenNote = ""
    private var spokenAfter = ""
    private var countdownSource: UInt32 = 0
    private var secondsLeft: UInt32 = 0
    /// The seconds the countdown last started from.
    private var countdownStart: UInt32 = 0
    /// The description last given to each response button.
    private var accessibleDescriptions: [Widget: String] = [:]
    private var finished = false
    /// Where events, the end and the notice about the parent window go.
    private let reports: DialogWindowReports

    init(request: DialogRequest, parent: ParentWindowID, log: Logger, reports: DialogWindowReports) {
        options = request.options
        state = request.state
        selection = ShownSelection(request.state.model)
        reportedFocus = request.state.model.focus
        self.parent = parent
        activationToken = request.activationToken
        self.log = log
        self.reports = reports
        words = PickerWords(request.language)
        // One list of every slot's label, which both columns show a run of.
        let labels = SlotRows.labels(of: options.grid, clock: options.clock, words: words)
        startColumn = SlotColumn(title: words.start, grid: options.grid, labels: labels)
        endColumn = SlotColumn(title: words.end, grid: options.grid, labels: labels)
        startColumn.rowName = { [grid = options.grid, clock = options.clock, words] index in
            DialogText.startRowName(grid, index, clock, words)
        }
        g_object_unref(UnsafeMutableRawPointer(labels))
        rangeLabel = gtk_label_new(nil)
        gtk_widget_add_css_class(rangeLabel, "numeric")
        typedLabel = gtk_label_new(nil)
        gtk_widget_add_css_class(typedLabel, "caption")
        countdownLabel = gtk_label_new(nil)
        gtk_widget_add_css_class(countdownLabel, "caption")
        moreTimeButton = gtk_button_new_with_mnemonic(DialogText.moreTimeButton(request.language))
        // Named by its label alone, as the response buttons are (`nameResponseButtons`).
        gtk_accessible_reset_property(moreTimeButton.opaque, GTK_ACCESSIBLE_PROPERTY_LABEL)
        requesterLabel = request.options.requester == nil ? nil : gtk_label_new(nil)
        if let requesterLabel { gtk_widget_add_css_class(requesterLabel, "dim-label") }

        window = adw_message_dialog_new(nil, nil, nil)
        let dialog: UnsafeMutablePointer<AdwMessageDialog> = window.cast()
        // Plain text whatever the title holds: never markup (also the default in libadwaita 1.2).
        adw_message_dialog_set_heading_use_markup(dialog, 0)
        adw_message_dialog_set_body_use_markup(dialog, 0)
        adw_message_dialog_set_heading(dialog, request.heading)
        // A dated picker's day under the heading ("Sat 28 Mar"): the day its times are on.
        if let day = DialogText.dayLine(options, words) { adw_message_dialog_set_body(dialog, day) }
        // Who asked ("Asked by Firefox"): a line above the columns (`makeContent`), and the
        // dialog's description, which a screen reader reads with its name.
        if let requester = DialogText.requesterLine(options, words) {
            requesterLabel?.setLabelText(requester)
            window.setAccessibleDescription(DialogText.spoken(requester))
        }
        let buttons = DialogText.buttons(request.language)
        adw_message_dialog_add_response(dialog, Self.cancelResponse, buttons.cancel)
        adw_message_dialog_add_response(dialog, Self.okResponse, buttons.ok)
        adw_message_dialog_set_response_appearance(dialog, Self.okResponse, ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(dialog, Self.okResponse)
        adw_message_dialog_set_close_response(dialog, Self.cancelResponse)
        adw_message_dialog_set_extra_child(dialog, makeContent())
        responseButtons = findResponseButtons(okLabel: buttons.ok)
        nameResponseButtons()
        hideUnshownResponseButtons()
        limitHeadingLines()
        gtk_window_set_title(window.cast(), request.heading)
        if request.language.isRightToLeft { mirror() }
        connectSignals()
        draw(restartingCountdown: true, clicked: nil)
    }

    /// Shows the window, with the keyboard focus in the column the state names.
    func present() {
        applyActivationToken()
        gtk_window_present(window.cast())
        // The column typing goes to shows its focus from the start, not only after a key.
        gtk_window_set_focus_visible(window.cast(), 1)
        focus(state.model.focus)
    }

    /// Draws the daemon's new state; `restartingCountdown` when it carried the seconds left.
    func update(_ newState: DialogState, restartingCountdown: Bool) {
        let focusChanged = newState.model.focus != state.model.focus
        // An extension used: the new time limit is said, as it was at open.
        let extended = restartingCountdown && newState.secondsLeft > 0 && newState.timeoutExtensions < state.timeoutExtensions
        state = newState
        selection.daemonSays(newState.model)
        if focusChanged, newState.model.focus != reportedFocus, column(reportedFocus).hasFocus {
            // The daemon moved the focus itself: the keyboard follows.
            reportedFocus = newState.model.focus
            focus(newState.model.focus)
        }
        reportedFocus = newState.model.focus
        draw(restartingCountdown: restartingCountdown, clicked: nil)
        if extended { sayTimeLimit(timeLimitWords(seconds: newState.secondsLeft)) }
    }

    /// Ends the dialog with `.ended(reason)` and takes the window down.
    func close(reason: String) {
        finish(.ended(reason))
        gtk_window_destroy(window.cast())
    }

    // MARK: - Drawing

    private func makeContent() -> Widget {
        let columns = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_box_set_homogeneous(columns.cast(), 1)
        gtk_box_append(columns.cast(), startColumn.widget)
        gtk_box_append(columns.cast(), endColumn.widget)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        if let requesterLabel { gtk_box_append(content.cast(), requesterLabel) }
        gtk_box_append(content.cast(), columns)
        gtk_box_append(content.cast(), rangeLabel)
        gtk_box_append(content.cast(), typedLabel)
        // The countdown with More time beside it, centred under the range.
        let countdownRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(countdownRow, GTK_ALIGN_CENTER)
        gtk_box_append(countdownRow.cast(), countdownLabel)
        gtk_box_append(countdownRow.cast(), moreTimeButton)
        gtk_box_append(content.cast(), countdownRow)
        return content
    }

    /// Draws the shown selection. A column whose selection changed scrolls it into view, except
    /// the one the person `clicked`: the row is where they clicked it, and stays there.
    private func draw(restartingCountdown: Bool, clicked: PickerColumn?) {
        let model = selection.shown
        // In End, each row says the length it gives from the start shown.
        endColumn.rowName = { [grid = options.grid, clock = options.clock, words, start = model.startIndex] index in
            DialogText.endRowName(grid, index, from: start, clock, words)
        }
        if restartingCountdown, spokenRange.isEmpty, state.secondsLeft > 0 {
            // The time limit, said once as the dialog opens, with how to get more.
            spokenAfter = timeLimitWords(seconds: state.secondsLeft)
        }
        updateSpeech(model)
        startColumn.draw(rows: Range(model.validStartIndices), selectedIndex: model.startIndex, scrolling: clicked != .start)
        endColumn.draw(rows: Range(model.validEndIndices), selectedIndex: model.endIndex, scrolling: clicked != .end)
        let range = DialogText.rangeLine(model, words)
        if range != describedRange {
            // Only when it changed: a screen reader may say a new description each time.
            describedRange = range
            rangeLabel.setLabelText(range)
            startColumn.describe(DialogText.spokenRange(model, words))
            endColumn.describe(DialogText.spokenRange(model, words))
        }
        // Always there, empty when nothing is typed: the window keeps its size as typing
        // comes and goes.
        let typedLine = DialogText.typedLine(model, typed: state.typed, words)
        typedLabel.setLabelText(typedLine)
        // Empty, the line is only room kept: a screen reader would name it "GtkLabel".
        if typedLine.isEmpty != typedLineHidden {
            typedLineHidden = typedLine.isEmpty
            typedLabel.setAccessibleHidden(typedLineHidden)
        }
        if restartingCountdown { restartCountdown(from: state.secondsLeft) }
    }

    /// What a screen reader is told about the range, through the accessible description of
    /// whatever has the keyboard focus: GTK 4.8 has no announcements (`gtk_accessible_announce`
    /// came in 4.14) and no live regions, but Orca presents a change of the focused object's
    /// description as it happens, and says it with the name when the focus lands. The selected
    /// row of each column and OK carry the range (OK: "Returns …"), Cancel only a warning.
    private func updateSpeech(_ model: PickerState) {
        let range = DialogText.spokenRange(model, words)
        let note = DialogText.spokenNote(model, typed: state.typed, words) ?? ""
        if range != spokenRange {
            // A new range: the old note, warning or time limit said with the old one is done.
            if !spokenRange.isEmpty { spokenAfter = "" }
            spokenRange = range
            spokenWarning = ""
            spokenNote = note
        } else if !note.isEmpty {
            spokenNote = note
        }
        applySpeech(model, now: false)
    }

    /// Gives the selected rows, OK and Cancel their descriptions; `now` for rows a draw does
    /// not follow (a warning between keys).
    private func applySpeech(_ model: PickerState, now: Bool) {
        let language = words.language
        let rowText = DialogText.sentences([spokenWarning, spokenNote, spokenRange, spokenAfter], language)
        startColumn.describeSelectedRow(rowText, now: now)
        endColumn.describeSelectedRow(rowText, now: now)
        for (button, isOK) in responseButtons {
            let text = isOK ? DialogText.sentences([spokenWarning, DialogText.okDescription(model, words)], language) : spokenWarning
            if accessibleDescriptions[button] != text {
                button.setAccessibleDescription(text)
                accessibleDescriptions[button] = text
            }
        }
    }

    /// Warns, through the focused object's description, that the time limit is near: once at
    /// a minute left (when the limit was two minutes or more) and once at 20 seconds, never
    /// each second.
    private func warnOfTimeLimit() {
        guard secondsLeft == 20 || (secondsLeft == 60 && countdownStart >= 120), countdownStart > secondsLeft + 10 else { return }
        sayTimeLimit(timeLimitWords(seconds: secondsLeft))
    }

    /// Says `words` of the time limit through the focused object's description, before the
    /// range, in place of a note or the words said at open.
    private func sayTimeLimit(_ words: String) {
        spokenWarning = words
        spokenNote = ""
        spokenAfter = ""
        applySpeech(selection.shown, now: true)
    }

    /// "Closes in 20 seconds", and while extensions are left "Press Alt+M for more time".
    private func timeLimitWords(seconds: UInt32) -> String {
        let limit = DialogText.spokenTimeLimit(seconds: seconds, words)
        guard state.offersMoreTime else { return limit }
        return DialogText.sentences([limit, DialogText.spokenMoreTime(words.language)], words.language)
    }

    /// The countdown ran out: the daemon closes the dialog at once, but what the person sees
    /// and hears until then says why ("Time is up"), not "Closes in 0 s".
    private func sayTimeIsUp() {
        let text = DialogText.timeIsUp(words.language)
        countdownLabel.setLabelText(text)
        gtk_widget_set_visible(moreTimeButton, 0)
        sayTimeLimit(text)
    }

    private func restartCountdown(from seconds: UInt32) {
        if countdownSource != 0 { g_source_remove(countdownSource) }
        countdownSource = 0
        secondsLeft = seconds
        countdownStart = seconds
        gtk_widget_set_visible(countdownLabel, seconds > 0 ? 1 : 0)
        gtk_widget_set_visible(moreTimeButton, state.offersMoreTime ? 1 : 0)
        guard seconds > 0 else { return }
        countdownLabel.setLabelText(DialogText.countdown(seconds: seconds, words))
        // Only shown: the daemon enforces the timeout and calls Close.
        countdownSource = MainLoopSource.every(milliseconds: 1000) { [weak self] in
            guard let self else { return false }
            self.secondsLeft -= 1
            self.countdownLabel.setLabelText(DialogText.countdown(seconds: self.secondsLeft, self.words))
            self.warnOfTimeLimit()
            if self.secondsLeft == 0 {
                self.countdownSource = 0
                self.sayTimeIsUp()
            }
            return self.secondsLeft > 0
        }
    }

    private func column(_ which: PickerColumn) -> SlotColumn {
        which == .start ? startColumn : endColumn
    }

    /// Puts the keyboard focus in column `which`; the other forgets a focus it was waiting to take.
    private func focus(_ which: PickerColumn) {
        if !spokenNote.isEmpty {
            // The note was about typing in the other column: the column the keyboard goes to
            // is said without it (the one it leaves takes the same words at the next draw,
            // once it no longer has the focus, so a screen reader does not say them there).
            spokenNote = ""
            column(which).describeSelectedRow(
                DialogText.sentences([spokenWarning, spokenRange, spokenAfter], words.language), now: true)
        }
        column(which.other).dropPendingFocus()
        column(which).focus()
    }

    // MARK: - Input

    private func connectSignals() {
        for which in [PickerColumn.start, .end] {
            let slotColumn = column(which)
            slotColumn.onFocusIn = { [weak self] in
                // The person put the keyboard here (a click, Tab): not the other column.
                self?.column(which.other).dropPendingFocus()
                self?.report(focus: which)
            }
            slotColumn.onPick = { [weak self] time in
                guard let self else { return }
                let shown = self.selection.click(which, time)
                self.report(focus: which)
                self.reports.event(.set(which, time))
                if shown { self.draw(restartingCountdown: false, clicked: which) }
            }
            slotColumn.onActivate = { [weak self] in
                // As OK's button does (the dialog's default widget): the response, and the
                // window closed. adw_message_dialog_response would leave the window up.
                guard let self else { return }
                gtk_widget_activate_default(self.window)
            }
            slotColumn.onKey = { [weak self] key in
                guard let self else { return }
                switch key {
                case .event(let event):
                    self.report(focus: which)
                    self.reports.event(event)
                    // After a click the daemon has not answered: the key goes on from the click.
                    if self.selection.keyed(which, event) { self.draw(restartingCountdown: false, clicked: nil) }
                case .otherColumn:
                    self.focus(which.other)
                case .tab(let forward):
                    // Start, End, then the buttons (Cancel, OK), and round again.
                    switch (which, forward) {
                    case (.start, true), (.end, false): self.focus(which.other)
                    case (.end, true): self.focusResponseButton(first: true)
                    case (.start, false): self.focusResponseButton(first: false)
                    }
                }
            }
        }
        Signal.connect(moreTimeButton.raw, "clicked") { [weak self] in
            guard let self, !self.finished else { return }
            self.reports.event(.extendTime)
        }
        Signal.connect(window.raw, "response") { [weak self] response in
            guard let self, let response else { return }
            let id = String(cString: response.assumingMemoryBound(to: CChar.self))
            // What the person sees, clicks the daemon has not answered yet included.
            let model = self.selection.shown
            self.finish(id == Self.okResponse ? .accepted(start: model.start, end: model.end) : .cancelled)
        }
        Signal.connect(window.raw, "realize") { [weak self] in
            self?.attachToParent()
        }
        Signal.connect(window.raw, "destroy") { [weak self] in
            self?.finish(.ended("the dialog window was destroyed"))
        }
    }

    /// Lays the dialog out right to left, as GTK does for a right-to-left locale: the Start
    /// column on the right, labels aligned to the right. GTK 4 does not hand a widget's
    /// direction down to its children, and the backend's other dialogs may be left to right,
    /// so each widget of this one is set (the lists' rows as they are made: `SlotColumn`).
    private func mirror() {
        for widget in [window] + window.descendants { gtk_widget_set_direction(widget, GTK_TEXT_DIR_RTL) }
        startColumn.mirror()
        endColumn.mirror()
    }

    /// Focuses the first (Cancel) or last (OK) response button on screen.
    private func focusResponseButton(first: Bool) {
        startColumn.dropPendingFocus()
        endColumn.dropPendingFocus()
        let shown = responseButtons.map(\.button).filter { gtk_widget_get_mapped($0) != 0 }
        if let button = first ? shown.first : shown.last { gtk_widget_grab_focus(button) }
    }

    /// The response buttons, which AdwMessageDialog keeps to itself (two of each, for its
    /// wide and narrow layouts), each with whether it is OK: found once, after they are made.
    private var responseButtons: [(button: Widget, isOK: Bool)] = []

    /// The GtkButtons in the dialog's widget tree, each with whether it is labelled `okLabel`.
    private func findResponseButtons(okLabel: String) -> [(button: Widget, isOK: Bool)] {
        // More time is in the dialog's own content, not one of AdwMessageDialog's responses.
        window.descendants.filter { $0.isA(gtk_button_get_type()) && $0 != moreTimeButton }.map { button in
            (button, gtk_button_get_label(button.cast()).map { String(cString: $0) } == okLabel)
        }
    }

    /// Keeps a long heading to three lines, ellipsized: AdwMessageDialog's heading label (the
    /// one styled `title-2`) would wrap a 200-character title onto ten. The window title and
    /// the dialog's accessible name keep the whole title.
    private func limitHeadingLines() {
        let heading = window.descendants.first { $0.isA(gtk_label_get_type()) && gtk_widget_has_css_class($0, "title-2") != 0 }
        guard let heading else { return }
        gtk_label_set_lines(heading.opaque, 3)
        gtk_label_set_ellipsize(heading.opaque, PANGO_ELLIPSIZE_END)
    }

    /// Lets each response button be named by its label alone. GTK 4.8 names a button by its
    /// label property followed by the label it is labelled by, which makes "_Cancel Cancel"
    /// for a screen reader; without the property it is "Cancel".
    private func nameResponseButtons() {
        for (button, _) in responseButtons {
            gtk_accessible_reset_property(button.opaque, GTK_ACCESSIBLE_PROPERTY_LABEL)
        }
    }

    /// Keeps the response buttons of the layout not in use out of the accessible tree:
    /// AdwMessageDialog lays its buttons out twice (side by side, and stacked for a narrow
    /// window) and maps one set, but GTK 4.8 shows a screen reader both, the other with no size.
    private func hideUnshownResponseButtons() {
        for (button, _) in responseButtons {
            button.setAccessibleHidden(true)
            Signal.connect(button.raw, "map") { button.setAccessibleHidden(false) }
            Signal.connect(button.raw, "unmap") { button.setAccessibleHidden(true) }
        }
    }

    /// Tells the daemon the keyboard moved to column `which`, unless it already knows.
    private func report(focus which: PickerColumn) {
        guard which != reportedFocus, !finished else { return }
        reportedFocus = which
        reports.event(.focus(which))
    }

    /// Hands the caller's activation token to the display so that the window is shown with it.
    /// GTK 4.8 on Wayland takes a token only through the display, before the window is first
    /// presented (xdg-activation's activate then goes with it; `gtk_window_set_startup_id`
    /// is not used there); on X11 the window carries it as its startup notification id.
    private func applyActivationToken() {
        guard let token = activationToken else { return }
        if let display = gtk_widget_get_display(window.cast()), cgtk_is_wayland_display(display) != 0 {
            gdk_wayland_display_set_startup_notification_id(display, token)
        } else {
            gtk_window_set_startup_id(window.cast(), token)
        }
    }

    private func attachToParent() {
        guard let surface = gtk_native_get_surface(OpaquePointer(window)) else { return }
        WindowIdentity.name(surface)
        guard parent != .none else { return }
        if let problem = parent.attach(to: surface) {
            log.debug("parent window \(parent) not used: \(problem)")
            reports.notice("the dialog shows without its parent window: " + problem)
        } else {
            log.debug("dialog made transient for \(parent)")
        }
    }

    private func finish(_ outcome: DialogOutcome) {
        guard !finished else { return }
        finished = true
        if countdownSource != 0 { g_source_remove(countdownSource) }
        countdownSource = 0
        reports.finish(outcome)
    }
}
