/// The part of one column's list that fits on screen, scrolled to keep its selection visible.
struct ColumnWindow {
    /// The grid index of the selected slot.
    let selected: Int
    let focused: Bool
    /// The grid index of the first visible slot.
    let offset: Int
    let visibleCount: Int

    /// The window on `slots` (grid indices) `height` rows high.
    init(slots: ClosedRange<Int>, selected: Int, focused: Bool, height: Int) {
        self.selected = selected
        self.focused = focused
        let height = max(height, 0)
        visibleCount = min(slots.count, height)
        // The frame is drawn from the state alone, with no memory of earlier scrolling,
        // so the selection is kept centred: that is stable and always visible.
        let position = min(max(selected - slots.lowerBound, 0), slots.count - 1)
        offset = slots.lowerBound + min(max(position - height / 2, 0), slots.count - visibleCount)
    }
}
