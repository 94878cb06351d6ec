internal import CGtk
internal import TimePickerCore

/// One column of the dialog: a heading over a scrollable `GtkListView` of slot labels, showing
/// a contiguous run of the grid's slots with one of them selected.
///
/// The list holds the rows in view and a few beyond (`SlotWindow`, `SlotRows`), following the
/// scroll position, between spacers for the rest of the run (`SlotScroller`), so a long column
/// costs what a short one does. It draws what it is told and reports what the person does (a
/// click on a row, keys, the keyboard focus arriving) through its closures; it never moves its
/// selection by itself, except that GTK highlights a clicked row at once.
@MainActor
final class SlotColumn {
    /// The column's widget: the heading over the scrolled list.
    let widget: Widget
    private let list: Widget
    private let scroller: SlotScroller
    private let grid: SlotGrid
    private let rows: SlotRows
    /// The label of each row that has a widget now, by its position in the list.
    private var boundLabels: [UInt32: Widget] = [:]
    /// The position each label of `boundLabels` is bound to, so that an unbind finds its entry
    /// at once (each move of a window binds and unbinds all its rows).
    private var boundPositions: [Widget: UInt32] = [:]
    /// The grid index of the selected row.
    private var selected: Int?
    /// Set while the column changes its own rows and selection, so GTK's signals about those
    /// changes are not taken for the person's.
    private var isDrawing = false
    /// The selected row is to be scrolled into view once the rows have their new positions.
    private var scrollPending = false
    /// The selected row is to get the keyboard focus once it has a widget.
    private var focusPending = false
    /// The window is to follow the scroll position at the next idle moment.
    private var followPending = false

    /// The accessible name of the row of each grid index: what a screen reader says for the
    /// row alone (its label is the row's child, which Orca does not read when the row has
    /// focus). Set by the dialog; applied to the rows that have widgets by `draw`, and to each
    /// row as it is bound.
    var rowName: (Int) -> String = { _ in "" }
    /// The accessible description of the selected row, said after its name when the keyboard
    /// lands on it, and by itself when it changes while the row has the focus (Orca presents
    /// a change of the focused object's description): the range, and what the dialog has to
    /// tell (a typed note, the time limit). Other rows have none.
    private var selectedRowDescription = ""
    /// The name and description last given to each row, by the row's label (made and freed
    /// with the row: `setup`, `teardown`), so that only changes reach the accessibility bus
    /// (each one is an event a screen reader may speak).
    private var rowSpeech: [Widget: (name: String, description: String)] = [:]

    /// The dialog is laid out right to left: rows made from now on are too.
    private var isRightToLeft = false

    /// Lays the rows still to be made right to left (the dialog sets the widgets it has).
    func mirror() { isRightToLeft = true }

    /// The person clicked the row of this slot.
    var onPick: (@MainActor (Slot) -> Void)?
    /// The person double-clicked a row or pressed Enter on it.
    var onActivate: (@MainActor () -> Void)?
    /// The person pressed a key the column handles.
    var onKey: (@MainActor (ColumnKey) -> Void)?
    /// The keyboard focus came into the list.
    var onFocusIn: (@MainActor () -> Void)?

    /// A column titled `title` over the slots of `grid`, its rows labelled by `labels`.
    init(title: String, grid: SlotGrid, labels: SlotLabels) {
        self.grid = grid
        rows = SlotRows(labels: labels)
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        let heading = gtk_label_new(title)!
        gtk_widget_add_css_class(heading, "heading")
        gtk_box_append(widget.cast(), heading)

        let factory = gtk_signal_list_item_factory_new()!
        list = gtk_list_view_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(rows.selection))), factory)
        rows.noteListViewHandlers()
        gtk_list_view_set_single_click_activate(list.opaque, 0)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        gtk_widget_add_css_class(list, DialogStyle.listClass)
        list.setAccessibleLabel(title)
        scroller = SlotScroller(list: list)
        gtk_box_append(widget.cast(), scroller.widget)
        connectFactory(UnsafeMutableRawPointer(factory))
        connectSignals()
    }

    /// Shows the slots `run` (grid indices) with `selectedIndex` selected. When the selection
    /// moved (or the rows did) and `scrolling`, the row is scrolled into view and keeps the
    /// keyboard focus the list had; otherwise the list stays where the person put it (a click,
    /// the wheel), whatever else changed.
    func draw(rows run: Range<Int>, selectedIndex: Int, scrolling: Bool = true) {
        isDrawing = true
        defer { isDrawing = false }
        let hadFocus = list.containsFocus
        let reshaped = run != rows.run
        let moved = selectedIndex != selected
        selected = selectedIndex
        let inView = rowsInView(after: reshaped || (moved && scrolling))
        let window = SlotWindow(run: run, inView: inView, keeping: rows.kept(in: run, selected: selectedIndex), previous: rows.window)
        let rewindowed = window != rows.window
        // Before the selection moves, when the rows stay where they are: a screen reader that
        // follows it finds the row's name and description in place, and hears them once.
        if !rewindowed { speakBoundRows() }
        if hadFocus || focusPending {
            rows.hold(window)
            if rows.selectedIndex != selectedIndex { rows.select(selectedIndex) }
        } else if rewindowed || rows.selectedIndex != selectedIndex {
            // The keyboard is in the other column: a screen reader must not follow this one.
            rows.holdAndSelectQuietly(window, selectedIndex)
        }
        scroller.space(window)
        // Before the focus moves: the row is spoken with its name and description as it lands.
        if rewindowed { speakBoundRows() }
        guard reshaped || moved || gtk_widget_get_mapped(list) == 0 else { return }
        guard scrolling || reshaped else { return }
        // Rows added or removed move the others only at the next layout: scroll after it.
        if reshaped || gtk_widget_get_mapped(list) == 0 {
            scrollPending = true
            if hadFocus { focusPending = true }
        } else {
            scrollToSelected()
            if hadFocus { focus() }
        }
    }

    /// The grid indices in view: where the list is scrolled, or, when it is about to scroll to
    /// the selected row (`scrollingToSelected`) or is not laid out yet, around that row.
    private func rowsInView(after scrollingToSelected: Bool) -> Range<Int> {
        let run = rows.run
        if let view = scroller.rowsInView(of: run.count), let selected {
            let shown = (run.lowerBound + view.lowerBound)..<(run.lowerBound + view.upperBound)
            if !scrollingToSelected || shown.contains(selected) { return shown }
            return (selected - shown.count / 2)..<(selected - shown.count / 2 + shown.count)
        }
        let around = selected ?? 0
        return (around - SlotWindow.rowsInViewAtFirst / 2)..<(around + SlotWindow.rowsInViewAtFirst / 2)
    }

    /// Moves the window to the rows in view, once the person scrolled (or the list was laid
    /// out anew): the rows coming into view are made, the others dropped.
    private func followView() {
        // A scroll to the selected row waits for a layout: the view is not where it will be.
        guard !scrollPending, let current = rows.window else { return }
        let run = current.run
        guard let view = scroller.rowsInView(of: run.count) else { return }
        let shown = (run.lowerBound + view.lowerBound)..<(run.lowerBound + view.upperBound)
        let window = SlotWindow(run: run, inView: shown, keeping: rows.kept(in: run, selected: selected), previous: current)
        guard window != current else { return }
        isDrawing = true
        defer { isDrawing = false }
        // The selected row is kept before and after: its item, and so its selection and
        // widget, go along.
        rows.hold(window)
        scroller.space(window)
        speakBoundRows()
    }

    /// Follows the view at the next idle moment, before GTK lays out and draws the next frame;
    /// never from inside a layout, which changing the list would upset.
    private func followViewSoon() {
        guard !followPending else { return }
        followPending = true
        MainLoopSource.whileIdle(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in
            self?.followPending = false
            self?.followView()
            return false
        }
    }

    /// Puts the keyboard focus on the selected row, once it is laid out in view: the list is
    /// scrolled to it first (the viewport does not scroll to the focus: `SlotScroller`).
    func focus() {
        focus(scrolled: false)
    }

    /// `scrolled`: the list has been scrolled to the row already; take it wherever it lies.
    private func focus(scrolled: Bool) {
        guard let selected, let position = rows.position(of: selected) else {
            gtk_widget_grab_focus(list)
            return
        }
        let row = boundLabels[position].flatMap { gtk_widget_get_parent($0) }
        if let row, scrolled || scroller.isInView(row: selected - rows.run.lowerBound) {
            focusPending = false
            gtk_widget_grab_focus(row)
            return
        }
        focusPending = true
        guard scroller.extent(ofRow: 0) != nil else { return }  // the first layout settles it
        scrollToSelected()
        // A row that has a widget already is not bound again: settle after this scroll.
        if row != nil { settleAfterLayout(scrolled: true) }
    }

    /// Tells a screen reader what the column's choice comes to: the list's accessible
    /// description, read with its name, and again as it changes.
    func describe(_ text: String) {
        list.setAccessibleDescription(text)
    }

    /// Sets what the selected row's description says (see `selectedRowDescription`); the
    /// rows are given it at the next `draw`, or at once with `now`.
    func describeSelectedRow(_ text: String, now: Bool = false) {
        selectedRowDescription = text
        if now { speakBoundRows() }
    }

    /// Names and describes the rows that have widgets (`speak`).
    private func speakBoundRows() {
        for (position, label) in boundLabels { speak(row: label, at: position) }
    }

    /// Gives the row around `label`, at list `position`, its name, and its description if it is
    /// the selected row; only what changed.
    private func speak(row label: Widget, at position: UInt32) {
        guard let index = rows.index(at: position), let row = gtk_widget_get_parent(label) else { return }
        let speech = (name: rowName(index), description: index == selected ? selectedRowDescription : "")
        // GTK 4.8 sends each property set to the accessibility bus, changed or not.
        let before = rowSpeech[label]
        if before?.name != speech.name { row.setAccessibleLabel(speech.name) }
        // A new row has no description: giving it an empty one would only be an event.
        if before?.description ?? "" != speech.description { row.setAccessibleDescription(speech.description) }
        rowSpeech[label] = speech
    }

    /// Forgets a focus that waits for a layout: the keyboard went to another part of the dialog.
    func dropPendingFocus() {
        focusPending = false
    }

    /// Whether the keyboard focus is in this column's list, or on its way there.
    var hasFocus: Bool { list.containsFocus || focusPending }

    // MARK: - Scrolling

    /// Scrolls so that the selected row is in view (`SlotScroller.scroll`), or once the list is
    /// laid out.
    private func scrollToSelected() {
        guard let selected else { return }
        scrollPending = !scroller.scroll(toShow: selected - rows.run.lowerBound)
    }

    /// Scrolls to the row that has the keyboard focus if it is out of view: the keyboard came
    /// into the list (Tab) after the wheel took the list away from it. The list is not
    /// scrollable itself, so GTK's list view does not scroll to its focus.
    private func scrollToFocusedRow() {
        guard let focus = gtk_root_get_focus(gtk_widget_get_root(list)), gtk_widget_get_parent(focus) == list,
              let label = gtk_widget_get_first_child(focus), let position = boundPositions[label],
              let index = rows.index(at: position)
        else { return }
        let offset = index - rows.run.lowerBound
        if !scroller.isInView(row: offset) { _ = scroller.scroll(toShow: offset) }
    }

    /// Measures the rows' pitch from those laid out; when it is not what the spacers were made
    /// with (the first dialog, a new text size), makes them again, and returns true: what waits
    /// for a layout waits for the next.
    private func measureRows() -> Bool {
        let laidOut = boundLabels.compactMap { position, label in gtk_widget_get_parent(label).map { (Int(position), $0) } }
        guard scroller.measure(laidOut), let window = rows.window else { return false }
        scroller.space(window)
        return true
    }

    /// Scrolls and focuses what waits for a layout, once it is done; `scrolled` when the list
    /// was scrolled for the focus already.
    private func settleAfterLayout(scrolled: Bool = false) {
        MainLoopSource.onceIdle { [weak self] in
            guard let self, !self.measureRows() else { return }
            if self.scrollPending { self.scrollToSelected() }
            if self.focusPending { self.focus(scrolled: scrolled) }
        }
    }

    // MARK: - Rows and input

    /// Gives each row a label when the list view makes it, and the text of the slot it shows
    /// each time it is bound to one.
    private func connectFactory(_ factory: UnsafeMutableRawPointer) {
        Signal.connect(factory, "setup") { [weak self] item in
            guard let item else { return }
            let label = gtk_label_new(nil)!
            gtk_widget_add_css_class(label, "numeric")
            gtk_label_set_xalign(label.opaque, 0)
            if self?.isRightToLeft == true { gtk_widget_set_direction(label, GTK_TEXT_DIR_RTL) }
            gtk_list_item_set_child(OpaquePointer(item), label)
        }
        Signal.connect(factory, "teardown") { [weak self] item in
            // The row and its label are freed: another may be made at the same address.
            guard let self, let item, let label = gtk_list_item_get_child(OpaquePointer(item)) else { return }
            self.rowSpeech[label] = nil
        }
        Signal.connect(factory, "bind") { [weak self] item in
            guard let self, let item, let label = gtk_list_item_get_child(OpaquePointer(item)),
                  let text = gtk_list_item_get_item(OpaquePointer(item)).flatMap({ gtk_string_object_get_string(OpaquePointer($0)) })
            else { return }
            label.setLabelText(String(cString: text))
            let position = gtk_list_item_get_position(OpaquePointer(item))
            // A label is bound to one position at a time: a rebind without an unbind moves it.
            if let old = self.boundPositions[label], self.boundLabels[old] == label { self.boundLabels[old] = nil }
            self.boundLabels[position] = label
            self.boundPositions[label] = position
            // While the column draws, its rows change under it: the draw names them after.
            if !self.isDrawing { self.speak(row: label, at: position) }
            if self.focusPending, let selected = self.selected, self.rows.position(of: selected) == position {
                self.settleAfterLayout()
            }
        }
        Signal.connect(factory, "unbind") { [weak self] item in
            guard let self, let item, let label = gtk_list_item_get_child(OpaquePointer(item)) else { return }
            if let position = self.boundPositions.removeValue(forKey: label), self.boundLabels[position] == label {
                self.boundLabels[position] = nil
            }
        }
    }

    private func connectSignals() {
        Signal.connect(UnsafeMutableRawPointer(rows.selection), "notify::selected") { [weak self] _ in
            guard let self, !self.isDrawing else { return }
            guard let index = self.rows.selectedIndex else { return }
            if index != self.selected { self.onPick?(self.grid[index]) }
        }
        Signal.connect(list.raw, "activate") { [weak self] _ in
            self?.onActivate?()
        }
        // Capture phase: the column sees its keys before the list view moves its own cursor.
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, modifiers in
            guard let self, let key = ColumnKey(keyval: keyval, modifiers: modifiers) else { return false }
            self.onKey?(key)
            return true
        }
        gtk_widget_add_controller(list, keys)
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(UnsafeMutableRawPointer(focus), "enter") { [weak self] in
            self?.onFocusIn?()
            // Once GTK has put the focus on its row.
            MainLoopSource.onceIdle { self?.scrollToFocusedRow() }
        }
        gtk_widget_add_controller(list, focus)
        // The adjustment changes while the list is laid out anew; scrolling from inside that
        // layout would move the scroll bar but not the rows, so scroll just after it. The
        // window follows the view as it scrolls.
        Signal.connect(scroller.signalSource, "changed") { [weak self] in
            self?.settleAfterLayout()
            self?.followViewSoon()
        }
        Signal.connect(scroller.signalSource, "value-changed") { [weak self] in
            self?.followViewSoon()
        }
    }
}
