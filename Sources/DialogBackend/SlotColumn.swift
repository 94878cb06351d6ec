internal import CGtk
internal import TimePickerCore

/// One column of the dialog: a heading over a scrollable GtkListBox of slot labels, showing a
/// contiguous run of the grid's slots with one of them selected.
///
/// It draws what it is told and reports what the person does (a click on a row, keys, the
/// keyboard focus arriving) through its closures; it never moves its selection by itself,
/// except that GTK highlights a clicked row at once.
@MainActor
final class SlotColumn {
    /// The column's widget: the heading over the scrolled list.
    let widget: Widget
    private let list: Widget
    private let scroller: Widget
    private let grid: SlotGrid
    private let clock: ClockStyle
    /// The grid indices the rows show, in order.
    private var shown: Range<Int> = 0..<0
    /// The grid index of the selected row.
    private var selected: Int?
    /// Set while the column changes its own rows and selection, so GTK's signals about those
    /// changes are not taken for the person's.
    private var isDrawing = false
    /// The selected row is to be scrolled into view once the rows have their new positions.
    private var scrollPending = false

    /// The person clicked the row of this slot.
    var onPick: (@MainActor (WallClockTime) -> Void)?
    /// The person double-clicked a row or pressed Enter on it.
    var onActivate: (@MainActor () -> Void)?
    /// The person pressed a key the column handles.
    var onKey: (@MainActor (ColumnKey) -> Void)?
    /// The keyboard focus came into the list.
    var onFocusIn: (@MainActor () -> Void)?

    private static let minimumListHeight: Int32 = 252

    init(title: String, grid: SlotGrid, clock: ClockStyle) {
        self.grid = grid
        self.clock = clock
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        let heading = gtk_label_new(title)!
        gtk_widget_add_css_class(heading, "heading")
        gtk_box_append(widget.cast(), heading)

        list = gtk_list_box_new()
        gtk_list_box_set_selection_mode(list.opaque, GTK_SELECTION_SINGLE)
        gtk_list_box_set_activate_on_single_click(list.opaque, 0)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        list.setAccessibleLabel(title)

        scroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_min_content_height(scroller.opaque, Self.minimumListHeight)
        gtk_scrolled_window_set_propagate_natural_width(scroller.opaque, 1)
        gtk_scrolled_window_set_has_frame(scroller.opaque, 1)
        gtk_scrolled_window_set_child(scroller.opaque, list)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_box_append(widget.cast(), scroller)
        connectSignals()
    }

    /// Shows the slots `rows` (grid indices) with `selectedIndex` selected; keeps the keyboard
    /// focus on the selected row when it was in the list, and scrolls the row into view.
    func draw(rows: Range<Int>, selectedIndex: Int) {
        isDrawing = true
        defer { isDrawing = false }
        let hadFocus = list.containsFocus
        let reshaped = rows != shown
        if reshaped { reshape(to: rows) }
        selected = selectedIndex
        if let row = row(forSlot: selectedIndex) {
            gtk_list_box_select_row(list.opaque, row)
            if hadFocus { gtk_widget_grab_focus(row.widget) }
        }
        // Rows added or removed move the others only at the next layout: scroll after it.
        if reshaped || gtk_widget_get_mapped(list) == 0 {
            scrollPending = true
        } else {
            scrollToSelected()
        }
    }

    /// Puts the keyboard focus on the selected row.
    func focus() {
        if let selected, let row = row(forSlot: selected) {
            gtk_widget_grab_focus(row.widget)
        } else {
            gtk_widget_grab_focus(list)
        }
    }

    /// Whether the keyboard focus is in this column's list.
    var hasFocus: Bool { list.containsFocus }

    // MARK: - Rows

    private func row(forSlot index: Int) -> UnsafeMutablePointer<GtkListBoxRow>? {
        guard shown.contains(index) else { return nil }
        return gtk_list_box_get_row_at_index(list.opaque, Int32(index - shown.lowerBound))
    }

    /// Changes the rows to show `rows`, adding and removing only at the ends that changed.
    private func reshape(to rows: Range<Int>) {
        guard rows.overlaps(shown) else {
            while let row = gtk_list_box_get_row_at_index(list.opaque, 0) { gtk_list_box_remove(list.opaque, row.widget) }
            for index in rows { gtk_list_box_append(list.opaque, makeRow(index)) }
            shown = rows
            return
        }
        // The top: drop the rows above the new first slot, or add the ones it now starts with.
        if rows.lowerBound > shown.lowerBound {
            for _ in shown.lowerBound..<rows.lowerBound {
                if let row = gtk_list_box_get_row_at_index(list.opaque, 0) { gtk_list_box_remove(list.opaque, row.widget) }
            }
        } else {
            for index in (rows.lowerBound..<shown.lowerBound).reversed() { gtk_list_box_prepend(list.opaque, makeRow(index)) }
        }
        // The bottom, likewise; the rows now start at rows.lowerBound.
        if rows.upperBound < shown.upperBound {
            for _ in rows.upperBound..<shown.upperBound {
                if let row = gtk_list_box_get_row_at_index(list.opaque, Int32(rows.count)) { gtk_list_box_remove(list.opaque, row.widget) }
            }
        } else {
            for index in shown.upperBound..<rows.upperBound { gtk_list_box_append(list.opaque, makeRow(index)) }
        }
        shown = rows
    }

    private func makeRow(_ index: Int) -> Widget {
        let row = gtk_list_box_row_new()!
        let label = gtk_label_new(grid[index].label(clock))!
        gtk_widget_add_css_class(label, "numeric")
        gtk_label_set_xalign(label.opaque, 0)
        gtk_list_box_row_set_child(row.cast(), label)
        return row
    }

    // MARK: - Scrolling

    /// Scrolls so that the selected row is in view, centred when it was out of view.
    private func scrollToSelected() {
        guard let selected, let row = row(forSlot: selected) else { return }
        var bounds = graphene_rect_t()
        let adjustment = gtk_scrolled_window_get_vadjustment(scroller.opaque)
        let page = gtk_adjustment_get_page_size(adjustment)
        guard gtk_widget_compute_bounds(row.widget, list, &bounds) != 0, page > 0, bounds.size.height > 0 else {
            scrollPending = true
            return
        }
        scrollPending = false
        let top = Double(bounds.origin.y)
        let bottom = top + Double(bounds.size.height)
        let value = gtk_adjustment_get_value(adjustment)
        if top < value || bottom > value + page {
            gtk_adjustment_set_value(adjustment, (top + bottom) / 2 - page / 2)
        }
    }

    // MARK: - Input

    private func connectSignals() {
        Signal.connect(list.raw, "row-selected") { [weak self] row in
            guard let self, !self.isDrawing else { return }
            guard let row else {
                // A Ctrl-click unselected the row: show the selection the column was given.
                if let selected = self.selected, let row = self.row(forSlot: selected) {
                    self.isDrawing = true
                    gtk_list_box_select_row(self.list.opaque, row)
                    self.isDrawing = false
                }
                return
            }
            let index = self.shown.lowerBound + Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self)))
            if self.shown.contains(index), index != self.selected { self.onPick?(self.grid[index]) }
        }
        Signal.connect(list.raw, "row-activated") { [weak self] _ in
            self?.onActivate?()
        }
        // Capture phase: the column sees its keys before GtkListBox moves its own cursor.
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
        }
        gtk_widget_add_controller(list, focus)
        // The adjustment changes while the list is laid out anew; scrolling from inside that
        // layout would move the scroll bar but not the rows, so scroll just after it.
        let adjustment = gtk_scrolled_window_get_vadjustment(scroller.opaque)!
        Signal.connect(UnsafeMutableRawPointer(adjustment), "changed") { [weak self] in
            guard let self, self.scrollPending else { return }
            MainLoopSource.onceIdle { [weak self] in
                guard let self, self.scrollPending else { return }
                self.scrollToSelected()
            }
        }
    }
}

extension UnsafeMutablePointer where Pointee == GtkListBoxRow {
    /// The row as `GtkWidget *`.
    fileprivate var widget: Widget { Widget(OpaquePointer(self)) }
}
