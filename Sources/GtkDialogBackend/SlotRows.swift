internal import CGtk

/// The rows one column's list holds, as GTK's list models: a `GListStore` of the rows of a
/// `SlotWindow`, each item a `GtkStringObject` with its slot's label, and the one selected (a
/// `GtkSingleSelection`, which never selects or unselects by itself).
///
/// An item is made as its row comes into the window, its label with it, and dropped as the
/// row leaves: a column of 1,441 slots (`step` 1), or 2,880 overnight, holds some 25 of them
/// and no label of the others. While a row stays held it keeps its item, so GTK keeps its
/// widget, and the selection and the keyboard focus on it, as the window moves.
///
/// Not actor-isolated, so that its references can be dropped in `deinit`; its owner, a column,
/// uses it on the main thread only.
final class SlotRows {
    /// The selection model, for the list view (give it a reference of its own).
    let selection: OpaquePointer
    private let store: OpaquePointer
    /// The rows' labels.
    private let labels: SlotLabels
    /// The rows held now.
    private(set) var window: SlotWindow?
    /// The grid indices held, in the list's order (`SlotWindow.held`).
    private(set) var held: [Int] = []
    /// The item of each held grid index.
    private var items: [Int: UnsafeMutableRawPointer] = [:]

    /// Rows labelled by `labels`, holding none yet.
    init(labels: SlotLabels) {
        self.labels = labels
        store = g_list_store_new(gtk_string_object_get_type())
        // The constructor takes the reference it is given: the store keeps its own.
        let single = gtk_single_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(store))))!
        gtk_single_selection_set_autoselect(single, 0)
        gtk_single_selection_set_can_unselect(single, 0)
        selection = single
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(selection))
        g_object_unref(UnsafeMutableRawPointer(store))
        for item in items.values { g_object_unref(item) }
    }

    /// The grid indices the column shows: the window's run.
    var run: Range<Int> { window?.run ?? 0..<0 }

    /// The rows `run` keeps held besides `selected`: a row of each shape of label, when the
    /// run is long enough to be held in windows (`SlotWindow`, `SlotLabels.widestRows`).
    func kept(in run: Range<Int>, selected: Int?) -> [Int] {
        let selected = selected.map { [$0] } ?? []
        return run.count > SlotWindow.wholeRunLimit ? selected + labels.widestRows(in: run) : selected
    }

    /// Holds the rows of `window`, in one change of the list: GTK keeps the widget of each row
    /// held before and after, finding it by its item.
    func hold(_ window: SlotWindow) {
        guard window != self.window else { return }
        self.window = window
        let before = held.count
        held = window.held
        let kept = Set(held)
        var dropped: [UnsafeMutableRawPointer] = []
        for (index, item) in items where !kept.contains(index) {
            dropped.append(item)
            items[index] = nil
        }
        var additions: [UnsafeMutableRawPointer?] = held.map { index in
            if let item = items[index] { return item }
            let item = UnsafeMutableRawPointer(gtk_string_object_new(labels.label(index)))
            items[index] = item
            return item
        }
        g_list_store_splice(store, 0, UInt32(before), &additions, UInt32(additions.count))
        // After the change: the store has taken references of its own.
        for item in dropped { g_object_unref(item) }
    }

    /// Selects the row of grid index `index`, if held.
    func select(_ index: Int) {
        guard let position = position(of: index) else { return }
        gtk_single_selection_set_selected(selection, position)
    }

    /// Holds `window` and selects `index` without telling the accessibility bus, for a column
    /// the keyboard is not in. GTK 4.8 sends each `selection-changed` of a list view's model to
    /// the bus as the list's SelectionChanged, and Orca takes a list's new selection for where
    /// the person is: a move in Start was spoken as a move in End ("End. List with 30 items.
    /// 6:00 PM"). So the handlers connected to the signal since `noteListViewHandlers` (those
    /// of the list's accessible object, connected when it is realized) are blocked meanwhile;
    /// the list view's own still draws the selection, and the rows' `selected` state stays true.
    func holdAndSelectQuietly(_ window: SlotWindow, _ index: Int) {
        let model = UnsafeMutableRawPointer(selection)
        let blocked = blockSelectionChangedHandlers()
        for handler in blocked where listViewHandlers.contains(handler) { g_signal_handler_unblock(model, handler) }
        hold(window)
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
        index(at: gtk_single_selection_get_selected(selection))
    }

    /// The grid index of the row at `position` in the list, if there is one (not for
    /// GTK_INVALID_LIST_POSITION).
    func index(at position: UInt32) -> Int? {
        Int(exactly: position).flatMap { held.indices.contains($0) ? held[$0] : nil }
    }

    /// The list position of grid index `index`, if held.
    func position(of index: Int) -> UInt32? {
        held.firstIndex(of: index).map { UInt32($0) }
    }
}
