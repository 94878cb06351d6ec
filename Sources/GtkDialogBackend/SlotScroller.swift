internal import CGtk

/// The scrolled part of a column: its list between two spacers that stand for the rows of the
/// run the list does not hold (`SlotWindow`), so that the scroll bar, the wheel and each row's
/// place are the whole run's while the list holds a window of it.
///
/// All rows are one height apart (`pitch`, libadwaita's 38 pixels at the default text size),
/// measured from the rows laid out; a spacer is that many pixels a row. The list is not
/// scrollable itself: the scrolled window scrolls the list and its spacers in a viewport.
@MainActor
final class SlotScroller {
    /// The scrolled window.
    let widget: Widget
    private let list: Widget
    private let above: Widget
    private let below: Widget
    private let adjustment: UnsafeMutablePointer<GtkAdjustment>
    /// The distance from one row's top to the next one's, in pixels.
    private var pitch: Double = SlotScroller.lastPitch
    /// The distance from the list's top to its first row's.
    private var padding: Double = SlotScroller.lastPadding

    /// What the last column measured: every column of the backend has the same style, so a new
    /// one starts from it.
    private static var lastPitch: Double = 38
    private static var lastPadding: Double = 6

    /// Nine rows and a half of libadwaita's 38-pixel rows: the selection with rows on both
    /// sides, and a list that shows it goes on.
    private static let minimumHeight: Int32 = 361

    /// A scrolled window around `list`.
    init(list: Widget) {
        self.list = list
        above = Self.spacer()
        below = Self.spacer()
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(content.cast(), above)
        gtk_box_append(content.cast(), list)
        gtk_box_append(content.cast(), below)
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(widget.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_min_content_height(widget.opaque, Self.minimumHeight)
        gtk_scrolled_window_set_propagate_natural_width(widget.opaque, 1)
        gtk_scrolled_window_set_has_frame(widget.opaque, 1)
        let viewport = gtk_viewport_new(nil, nil)!
        // The column scrolls to its rows itself: a row focused before the list is laid out
        // anew would have the viewport scroll to where the row was.
        gtk_viewport_set_scroll_to_focus(viewport.opaque, 0)
        gtk_viewport_set_child(viewport.opaque, content)
        gtk_scrolled_window_set_child(widget.opaque, viewport)
        gtk_widget_set_vexpand(widget, 1)
        adjustment = gtk_scrolled_window_get_vadjustment(widget.opaque)!
    }

    /// An empty box of a given height, out of the accessible tree (it says nothing).
    private static func spacer() -> Widget {
        let spacer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        spacer.setAccessibleHidden(true)
        return spacer
    }

    /// The adjustment, for its signals: `changed` as the content is laid out anew,
    /// `value-changed` as it scrolls.
    var signalSource: UnsafeMutableRawPointer { UnsafeMutableRawPointer(adjustment) }

    /// Makes the spacers stand for the rows of `window`'s run that the list does not hold. (GTK
    /// lays them out again only when a height changed.)
    func space(_ window: SlotWindow) {
        gtk_widget_set_size_request(above, -1, Int32(Double(window.rowsAbove) * pitch))
        gtk_widget_set_size_request(below, -1, Int32(Double(window.rowsBelow) * pitch))
    }

    /// Measures the pitch and padding from `rows` (each row's list position and widget), once
    /// they are laid out one below the other; returns whether they changed, and so the spacers
    /// must be made again.
    func measure(_ rows: [(position: Int, row: Widget)]) -> Bool {
        let placed = rows.map { (position: $0.position, top: Self.top(of: $0.row)) }.sorted { $0.position < $1.position }
        guard let first = placed.first, let second = placed.dropFirst().first else { return false }
        let measured = (second.top - first.top) / Double(second.position - first.position)
        // Rows made but not laid out yet all lie at the list's top.
        guard measured > 0, placed.allSatisfy({ $0.top == first.top + Double($0.position - first.position) * measured }) else { return false }
        // The list's own padding (libadwaita's 6 pixels), above its first row.
        var listTop = 0.0
        var x = 0.0
        guard let content = gtk_widget_get_parent(list),
              gtk_widget_translate_coordinates(list, content, 0, 0, &x, &listTop) != 0 else { return false }
        let padding = listTop - Double(gtk_widget_get_height(above)) + first.top - Double(first.position) * measured
        Self.lastPitch = measured
        Self.lastPadding = padding
        guard measured != pitch || padding != self.padding else { return false }
        (pitch, self.padding) = (measured, padding)
        return true
    }

    /// The top of `row` in its list's content.
    private static func top(of row: Widget) -> Double {
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(row, &allocation)
        return Double(allocation.y)
    }

    /// The extent of the row `offset` rows into the run, in the scrolled content, with the part
    /// in view; nil before the list is laid out.
    func extent(ofRow offset: Int) -> (top: Double, bottom: Double, value: Double, page: Double)? {
        let page = gtk_adjustment_get_page_size(adjustment)
        guard page > 0, gtk_adjustment_get_upper(adjustment) > 0, gtk_widget_get_mapped(widget) != 0 else { return nil }
        let top = padding + Double(offset) * pitch
        return (top, top + pitch, gtk_adjustment_get_value(adjustment), page)
    }

    /// The rows in view, as offsets into the run of `count` rows: what the scroll position
    /// shows, or nil before the list is laid out.
    func rowsInView(of count: Int) -> Range<Int>? {
        let page = gtk_adjustment_get_page_size(adjustment)
        guard page > 0, count > 0 else { return nil }
        let value = gtk_adjustment_get_value(adjustment) - padding
        let first = max(0, min(count - 1, Int((value / pitch).rounded(.down))))
        let end = max(first + 1, min(count, Int(((value + page) / pitch).rounded(.up))))
        return first..<end
    }

    /// Whether the row `offset` rows into the run lies wholly in view.
    func isInView(row offset: Int) -> Bool {
        guard let extent = extent(ofRow: offset) else { return false }
        return extent.top >= extent.value && extent.bottom <= extent.value + extent.page
    }

    /// Scrolls so that the row `offset` rows into the run is in view with two rows on each
    /// side where the list has them (less in a short list): centred when it was out of view,
    /// moved as little as can be when it was near an edge, as a terminal's scrolloff does.
    /// Returns false before the list is laid out.
    func scroll(toShow offset: Int) -> Bool {
        guard let extent = extent(ofRow: offset) else { return false }
        let margin = max(0, min(2 * pitch, (extent.page - pitch) / 2))
        if extent.bottom <= extent.value || extent.top >= extent.value + extent.page {
            gtk_adjustment_set_value(adjustment, (extent.top + extent.bottom) / 2 - extent.page / 2)
        } else if extent.top < extent.value + margin {
            gtk_adjustment_set_value(adjustment, extent.top - margin)
        } else if extent.bottom > extent.value + extent.page - margin {
            gtk_adjustment_set_value(adjustment, extent.bottom + margin - extent.page)
        }
        return true
    }
}
