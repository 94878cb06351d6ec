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
    private let countdown: DialogCountdown
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
    /// AdwMessageDialog's Cancel and OK, as many as it made.
    private let responseButtons: ResponseButtons
    /// What the selected rows and the buttons tell a screen reader.
    private let speech: DialogSpeech
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
        let labels = SlotLabels(grid: options.grid, clock: options.clock, words: words)
        startColumn = SlotColumn(title: words.start, grid: options.grid, labels: labels)
        endColumn = SlotColumn(title: words.end, grid: options.grid, labels: labels)
        startColumn.rowName = { [grid = options.grid, clock = options.clock, words] index in
            DialogText.startRowName(grid, index, clock, words)
        }
        rangeLabel = gtk_label_new(nil)
        gtk_widget_add_css_class(rangeLabel, "numeric")
        typedLabel = gtk_label_new(nil)
        gtk_widget_add_css_class(typedLabel, "caption")
        countdown = DialogCountdown(words: words)
        moreTimeButton = gtk_button_new_with_mnemonic(DialogText.moreTimeButton(request.language))
        // Named by its label alone, as the response buttons are (`ResponseButtons`).
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
        // Who asked ("Asked by Firefox"): a line above the columns (`content`). It and a dated
        // picker's day are the dialog's description, which a screen reader says with its name
        // as it opens (the day's line itself is a label it never reads).
        let requester = DialogText.requesterLine(options, words)
        if let requester { requesterLabel?.setLabelText(requester) }
        let description = DialogText.sentences([DialogText.spokenDay(options, words) ?? "", requester.map(DialogText.spoken) ?? ""], words.language)
        if !description.isEmpty { window.setAccessibleDescription(description) }
        let buttons = DialogText.buttons(request.language)
        adw_message_dialog_add_response(dialog, Self.cancelResponse, buttons.cancel)
        adw_message_dialog_add_response(dialog, Self.okResponse, buttons.ok)
        adw_message_dialog_set_response_appearance(dialog, Self.okResponse, ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(dialog, Self.okResponse)
        adw_message_dialog_set_close_response(dialog, Self.cancelResponse)
        adw_message_dialog_set_extra_child(dialog, Self.content(
            [requesterLabel, Self.columns(startColumn, endColumn), rangeLabel, typedLabel, Self.countdownRow(countdown.label, moreTimeButton)]))
        responseButtons = ResponseButtons(in: window, okLabel: buttons.ok, besides: moreTimeButton)
        speech = DialogSpeech(words: words, columns: [startColumn, endColumn], buttons: responseButtons)
        MessageDialogHeading.limitLines(of: window)
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
        if extended { speech.sayTimeLimit(timeLimitWords(seconds: newState.secondsLeft), selection.shown) }
    }

    /// Ends the dialog with `.ended(reason)` and takes the window down.
    func close(reason: String) {
        finish(.ended(reason))
        gtk_window_destroy(window.cast())
    }

    // MARK: - Drawing

    /// The dialog's own part, below the heading: `parts` one above the other.
    private static func content(_ parts: [Widget?]) -> Widget {
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for part in parts.compactMap({ $0 }) { gtk_box_append(content.cast(), part) }
        return content
    }

    /// The two columns side by side, of one width.
    private static func columns(_ start: SlotColumn, _ end: SlotColumn) -> Widget {
        let columns = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_box_set_homogeneous(columns.cast(), 1)
        gtk_box_append(columns.cast(), start.widget)
        gtk_box_append(columns.cast(), end.widget)
        return columns
    }

    /// The countdown with More time beside it, centred under the range.
    private static func countdownRow(_ countdown: Widget, _ moreTime: Widget) -> Widget {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(row, GTK_ALIGN_CENTER)
        gtk_box_append(row.cast(), countdown)
        gtk_box_append(row.cast(), moreTime)
        return row
    }

    /// Draws the shown selection. A column whose selection changed scrolls it into view, except
    /// the one the person `clicked`: the row is where they clicked it, and stays there.
    private func draw(restartingCountdown: Bool, clicked: PickerColumn?) {
        let model = selection.shown
        // In End, each row says the length it gives from the start shown.
        endColumn.rowName = { [grid = options.grid, clock = options.clock, words, start = model.startIndex] index in
            DialogText.endRowName(grid, index, from: start, clock, words)
        }
        if restartingCountdown, !speech.hasSaidRange, state.secondsLeft > 0 {
            // The time limit, said once as the dialog opens, with how to get more.
            speech.sayAfterRange(timeLimitWords(seconds: state.secondsLeft))
        }
        speech.update(model, note: DialogText.spokenNote(model, typed: state.typed, words) ?? "")
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
        if restartingCountdown { restartCountdown(until: state.countdownEnd) }
    }

    /// "Closes in 20 seconds", and while extensions are left "Press Alt+M for more time".
    private func timeLimitWords(seconds: UInt32) -> String {
        speech.timeLimitWords(seconds: seconds, offeringMoreTime: state.offersMoreTime)
    }

    /// Says the time limit each time the countdown warns of it; when the countdown ran out (a
    /// moment before the daemon closes the dialog, so that a screen reader says it while the
    /// window is there), shows and says why ("Time is up"), not "Closes in 0 s".
    private func countdownTicked(isOver: Bool) {
        if countdown.isTimeToWarn { speech.sayTimeLimit(timeLimitWords(seconds: countdown.secondsLeft), selection.shown) }
        guard isOver else { return }
        let text = DialogText.timeIsUp(words.language)
        countdown.label.setLabelText(text)
        gtk_widget_set_visible(moreTimeButton, 0)
        speech.sayTimeLimit(text, selection.shown)
    }

    private func restartCountdown(until end: Int) {
        countdown.restart(until: end)
        gtk_widget_set_visible(moreTimeButton, state.offersMoreTime ? 1 : 0)
    }

    private func column(_ which: PickerColumn) -> SlotColumn {
        which == .start ? startColumn : endColumn
    }

    /// Puts the keyboard focus in column `which`; the other forgets a focus it was waiting to take.
    private func focus(_ which: PickerColumn) {
        // The note was about typing in the other column: the column the keyboard goes to is
        // said without it.
        speech.dropNote(saying: column(which))
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
        countdown.onTick = { [weak self] isOver in self?.countdownTicked(isOver: isOver) }
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
        responseButtons.focus(first: first)
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
        countdown.stop()
        reports.finish(outcome)
    }
}
