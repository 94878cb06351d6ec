internal import Localization
internal import CGtk
internal import TimePickerCore

/// The rows of one column as GTK's list models: every slot of the grid (a `GtkStringList` the
/// two columns of a dialog share), the run of them the column shows (a `GtkSliceListModel`),
/// and the one selected (a `GtkSingleSelection`, which never selects or unselects by itself).
///
/// A `GtkListView` over these creates widgets only for the rows in view: a column of 1,441
/// slots (`step` 1), or 2,880 overnight, costs what a column of 24 does, where a `GtkListBox` made a row, a label
/// and their accessible objects for each slot.
///
/// Not actor-isolated, so that its references can be dropped in `deinit`; its owner, a column,
/// uses it on the main thread only.
final class SlotRows {
    /// The selection model, for the list view (give it a reference of its own).
    let selection: OpaquePointer
    private let slice: OpaquePointer
    /// The grid indices the rows show, in order.
    private(set) var shown: Range<Int> = 0..<0

    /// Every label of `grid`, in order, as one list for the columns of a dialog to share: each
    /// time as the person reads it, the next day's marked ("06:00 (next day)") and the
    /// repeated hour's with its zone ("02:30 (CEST)"), so that the row a screen reader names
    /// says it too. Strings only (up to 2,880 of them overnight at step 1): the list view
    /// makes widgets for the rows in view alone.
    static func labels(of grid: SlotGrid, clock: ClockStyle, words: PickerWords) -> OpaquePointer {
        let list = gtk_string_list_new(nil)!
        for index in 0..<grid.count { gtk_string_list_append(list, words.label(grid, index, clock)) }
        return list
    }

    /// Rows over `labels` (which they keep a reference to), showing none yet.
    init(labels: OpaquePointer) {
        // The constructors take the reference they are given: each model keeps its own.
        slice = gtk_slice_list_model_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(labels))), 0, 0)
        let single = gtk_single_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(slice))))!
        gtk_single_selection_set_autoselect(single, 0)
        gtk_single_selection_set_can_unselect(single, 0)
        selection = single
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(selection))
        g_object_unref(UnsafeMutableRawPointer(slice))
    }

    /// Shows the slots `rows` (grid indices).
    func show(_ rows: Range<Int>) {
        guard rows != shown else { return }
        // Offset and size change in one go where they can: each change tells the list view.
        gtk_slice_list_model_set_offset(slice, UInt32(rows.lowerBound))
        gtk_slice_list_model_set_size(slice, UInt32(rows.count))
        shown = rows
    }

    /// Selects the row of grid index `index`, if shown.
    func select(_ index: Int) {
        guard shown.contains(index) else { return }
        gtk_single_selection_set_selected(selection, UInt32(index - shown.lowerBound))
    }

    /// Shows `rows` and selects `index` without telling the accessibility bus, for a column the
    /// keyboard is not in. GTK 4.8 sends each `selection-changed` of a list view's model to the
    /// bus as the list's SelectionChanged, and Orca takes a list's new selection for where the
    /// person is: a move in Start was spoken as a move in End ("End. List with 30 items.
    /// 6:00 PM"). So the handlers connected to the signal since `noteListViewHandlers` (those
    /// of the list's accessible object, connected when it is realized) are blocked meanwhile;
    /// the list view's own still draws the selection, and the rows' `selected` state stays true.
    func showAndSelectQuietly(_ rows: Range<Int>, _ index: Int) {
        let model = UnsafeMutableRawPointer(selection)
        let blocked = blockSelectionChangedHandlers()
        for handler in blocked where listViewHandlers.contains(handler) { g_signal_handler_unblock(model, handler) }
        show(rows)
        select(index)
        for handler in blocked where !listViewHandlers.contains(handler) { g_signal_handler_unblock(model, handler) }
    }

    /// Blocks every handler of the model's `selection-changed` and returns them. GLib blocks
    /// handlers by signal alone only one by one: g_signal_handlers_block_matched matches
    /// nothing without a function, closure or data to match.
    private func blockSelectionChangedHandlers() -> [UInt] {
        let model = UnsafeMutableRawPointer(selection)
        let unblocked = GSignalMatchType(rawValue: G_SIGNAL_MATCH_ID.rawValue | G_SIGNAL_MATCH_UNBLOCKED.rawValue)
        var blocked: [UInt] = []
        while case let handler = g_signal_handler_find(model, unblocked, Self.selectionChanged, 0, nil, nil, nil), handler != 0 {
            g_signal_handler_block(model, handler)
            blocked.append(handler)
        }
        return blocked
    }

    /// Notes the handlers of `selection-changed` there are now: the list view's own, connected
    /// when it was given the model (before it is shown, and so before its accessible object is).
    func noteListViewHandlers() {
        let handlers = blockSelectionChangedHandlers()
        for handler in handlers { g_signal_handler_unblock(UnsafeMutableRawPointer(selection), handler) }
        listViewHandlers = Set(handlers)
    }

    /// The handlers of `selection-changed` the list view connected itself (`noteListViewHandlers`).
    private var listViewHandlers: Set<UInt> = []

    /// GtkSelectionModel's `selection-changed`.
    private static var selectionChanged: UInt32 { g_signal_lookup("selection-changed", gtk_selection_model_get_type()) }

    /// The grid index of the selected row, if any.
    var selectedIndex: Int? {
        let position = gtk_single_selection_get_selected(selection)
        guard position != UInt32.max else { return nil }  // GTK_INVALID_LIST_POSITION
        return shown.lowerBound + Int(position)
    }

    /// The grid index of the row at `position` in the list.
    func index(at position: UInt32) -> Int { shown.lowerBound + Int(position) }

    /// The list position of grid index `index`, if shown.
    func position(of index: Int) -> UInt32? {
        shown.contains(index) ? UInt32(index - shown.lowerBound) : nil
    }
}
