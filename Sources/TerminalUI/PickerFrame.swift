public import TimePickerCore

/// Draws the picker as one complete frame, to be written with a single write.
///
/// The frame homes the cursor and overwrites the previous one line by line, erasing only
/// what is left over, instead of clearing the screen first: a clear followed by a redraw
/// is what makes terminal UIs flicker.
public struct PickerFrame: Sendable {
    /// Switches to the alternate screen (the user's scrollback stays untouched) and hides the cursor.
    public static let enter = "\u{1B}[?1049h\u{1B}[?25l"
    /// Undoes `enter`: resets attributes, clears, shows the cursor and returns to the normal screen.
    public static let leave = "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[?25h\u{1B}[?1049l"

    static let help = KeyBindings.helpLine

    private static let home = "\u{1B}[H"
    private static let eraseLine = "\u{1B}[K"
    private static let eraseBelow = "\u{1B}[J"
    static let reverse = "\u{1B}[7m"
    static let bold = "\u{1B}[1m"
    static let underline = "\u{1B}[4m"
    static let reset = "\u{1B}[0m"
    /// Marks the selection in the focused column (drawn in reverse video too).
    static let focusedMarker = "▶ "
    /// Marks the selection in the other column (its label is underlined too).
    static let unfocusedMarker = "> "

    /// Renders the whole picker for a terminal of the given size.
    ///
    /// `waiting` is how many other pickers are queued behind this one. Terminals too small
    /// for the lists (fewer than 8 rows or 20 columns) get just the title and the selection.
    public static func render(_ state: PickerState, waiting: Int, columns: Int, rows: Int) -> String {
        // The last column stays empty: with the cursor there, the terminal is in its
        // "pending wrap" state, where erase-line would wipe the last character.
        let width = max(columns - 1, 1)
        let lines = fullLayout(state, waiting: waiting, width: width, columns: columns, rows: rows)
            ?? compactLayout(state, waiting: waiting, width: width, rows: rows)
        // No line break after the last line: on the bottom row it would scroll the title away.
        return home + lines.joined(separator: eraseLine + "\r\n") + eraseLine + eraseBelow
    }

    /// Title, column header, both lists, selection, help and queue lines; nil when they do not fit.
    private static func fullLayout(_ state: PickerState, waiting: Int, width: Int, columns: Int, rows: Int) -> [String]? {
        guard rows >= 8, columns >= 20 else { return nil }
        let clock = state.options.clock
        let labelWidth = state.options.grid.slots.map { $0.label(clock).count }.max() ?? 0
        let cellWidth = focusedMarker.count + labelWidth

        // Roomy spacing when it fits, tight spacing next, otherwise the compact frame.
        let spacing = [(indent: 2, gap: 4), (indent: 0, gap: 2)].first { $0.indent + 2 * cellWidth + $0.gap <= width }
        guard let spacing else { return nil }

        var footer = [statusLine(state, width: width), displayWidthClipped(help, to: width)]
        if let waitingText = waitingLine(waiting) {
            footer.append(displayWidthClipped(waitingText, to: width))
        }
        // Title and header take a row each; the blank spacer lines after the title and
        // before the footer are dropped first, so the lists keep at least three rows.
        let listRoom = rows - 2 - footer.count
        let spacers = listRoom - 2 >= 3
        let listHeight = listRoom - (spacers ? 2 : 0)

        let starts = ColumnWindow(
            times: state.validStarts, selected: state.start, focused: state.focus == .start, height: listHeight
        )
        let ends = ColumnWindow(
            times: state.validEnds, selected: state.end, focused: state.focus == .end, height: listHeight
        )

        let indent = String(repeating: " ", count: spacing.indent)
        let gap = String(repeating: " ", count: spacing.gap)
        var lines = [displayWidthClipped(displaySafe(state.options.title), to: width)]
        if spacers { lines.append("") }
        lines.append(
            indent + header("Start", focused: starts.focused, width: cellWidth)
                + gap + header("End", focused: ends.focused, width: cellWidth)
        )
        for row in 0..<max(starts.visibleCount, ends.visibleCount) {
            lines.append(
                indent + starts.cell(row: row, clock: clock, labelWidth: labelWidth)
                    + gap + ends.cell(row: row, clock: clock, labelWidth: labelWidth)
            )
        }
        if spacers { lines.append("") }
        return lines + footer
    }

    /// The fallback for tiny terminals: title and selection, plus the queue when a row is left.
    private static func compactLayout(_ state: PickerState, waiting: Int, width: Int, rows: Int) -> [String] {
        let selection = statusLine(state, width: width)
        // A one-row terminal gets only what the user most needs: what Enter would confirm.
        guard rows >= 2 else { return [selection] }
        var lines = [displayWidthClipped(displaySafe(state.options.title), to: width), selection]
        if rows >= 3, let waitingText = waitingLine(waiting) {
            lines.append(displayWidthClipped(waitingText, to: width))
        }
        return lines
    }

    /// "Selected: 9:00 AM – 5:00 PM", dropping the prefix before clipping the times; while a
    /// time is being typed, what was typed follows.
    private static func statusLine(_ state: PickerState, width: Int) -> String {
        let clock = state.options.clock
        let typing = state.typed.isEmpty ? "" : "  typed: \(state.typed)_"
        let range = "\(state.start.label(clock)) – \(state.end.label(clock))"
        let full = "Selected: " + range + typing
        return full.count <= width ? full : displayWidthClipped(range + typing, to: width)
    }

    /// "1 more picker waiting" / "3 more pickers waiting", or nil with nothing queued.
    static func waitingLine(_ waiting: Int) -> String? {
        guard waiting > 0 else { return nil }
        return "\(waiting) more picker\(waiting == 1 ? "" : "s") waiting"
    }

    /// A column heading over the labels, padded to the cell width, bold while that column has the focus.
    private static func header(_ text: String, focused: Bool, width: Int) -> String {
        let markerSpace = String(repeating: " ", count: focusedMarker.count)
        let fill = String(repeating: " ", count: max(width - focusedMarker.count - text.count, 0))
        let padded = markerSpace + text + fill
        return focused ? bold + padded + reset : padded
    }
}

/// The part of one column's list that fits on screen, scrolled to keep its selection visible.
private struct ColumnWindow {
    let times: [WallClockTime]
    /// Index of the selected time in `times`; nil if the state's selection is not listed.
    let selected: Int?
    let focused: Bool
    /// Index of the first visible time.
    let offset: Int
    let visibleCount: Int

    init(times: [WallClockTime], selected: WallClockTime, focused: Bool, height: Int) {
        self.times = times
        self.selected = times.firstIndex(of: selected)
        self.focused = focused
        let height = max(height, 0)
        visibleCount = min(times.count, height)
        // The frame is drawn from the state alone, with no memory of earlier scrolling,
        // so the selection is kept centred: that is stable and always visible.
        let latestOffset = times.count - visibleCount
        offset = min(max((self.selected ?? 0) - height / 2, 0), latestOffset)
    }

    /// The text of one visible row, blank below the end of the list.
    func cell(row: Int, clock: ClockStyle, labelWidth: Int) -> String {
        let markerWidth = PickerFrame.focusedMarker.count
        let index = offset + row
        guard row < visibleCount, times.indices.contains(index) else {
            return String(repeating: " ", count: markerWidth + labelWidth)
        }
        let label = times[index].label(clock)
        // Right-aligned, so the times line up on their colons.
        let fill = String(repeating: " ", count: max(labelWidth - label.count, 0))
        guard index == selected else { return String(repeating: " ", count: markerWidth) + fill + label }
        if focused {
            return PickerFrame.reverse + PickerFrame.focusedMarker + fill + label + PickerFrame.reset
        }
        return PickerFrame.unfocusedMarker + fill + PickerFrame.underline + label + PickerFrame.reset
    }
}
