internal import TimePickerCore

/// The frames for small terminals: what is left of the picker when two columns of times do not
/// fit, and what is said below the smallest size.
extension PickerFrame {
    /// For small terminals (down to `minimumSize`): the title led by who asked, each column's
    /// selection on a line of its own (the focused one marked), the duration and the essential
    /// keys; the queue on a line of its own when there is a row for it.
    func compact(_ state: PickerState, rows: Int, waiting: [String], secondsLeft: Int?, into frame: inout FrameWriter) {
        let waitingLine = rows > 5 && !waiting.isEmpty
        frame.beginLine()
        writeTitle(leadingRequester: true, into: &frame)
        let headingColumns = max(headings.start.columns, headings.end.columns)
        // The two times lined up on their colons, as in the lists (a time's marks after it).
        let layouts = columnLayouts(state)
        let timeColumns = max(layouts.start.timeColumns, layouts.end.timeColumns)
        let times = LabelLayout(
            timeColumns: timeColumns,
            columns: max(layouts.start.columns - layouts.start.timeColumns, layouts.end.columns - layouts.end.timeColumns) + timeColumns)
        // The headings first when every label of either column has room after them (so that
        // the frame keeps its form as the selection moves).
        let headingsFirst = Self.markerWidth + headingColumns + 1 + times.columns <= frame.width
        for column in [PickerColumn.start, .end] {
            frame.beginLine()
            let focused = state.focus == column
            let index = column == .start ? state.startIndex : state.endIndex
            // No line holds the whole answer here: on the alternate screen the cursor rests on
            // the line that moves, the focused column's.
            if focused {
                frame.markRestingLine()
                frame.buffer.append(Self.reverse)
            }
            frame.buffer.append(focused ? Self.focusedMarker : "  ")
            let heading = column == .start ? headings.start : headings.end
            if headingsFirst {
                frame.buffer.append(heading.bytes)
                frame.buffer.appendSpaces(headingColumns - heading.columns + 1 + labels.padding(index, in: times))
                frame.buffer.append(labels.text(index))
            } else {
                // Words longer than a small terminal (a translation may be): the time first, whole,
                // then what fits of the heading; the time's marks in fewer columns when the whole
                // label has no room ("6:00 AM +1 day").
                let room = frame.width - Self.markerWidth
                var label = String(decoding: labels.text(index), as: UTF8.self)
                var width = labels.width(index)
                if width > room {
                    label = text.shortLabel(labels.grid, index, labels.clock)
                    width = DisplayWidth.of(label)
                }
                // Clipping keeps a column for its "…": a label that fills the line is shown alone.
                let line = width < room ? label + " " + String(decoding: heading.bytes, as: UTF8.self) : label
                frame.buffer.append(DisplayWidth.clipped(line, to: room).text)
            }
            if focused { frame.buffer.append(Self.reset) }
        }
        frame.beginLine()
        // What matters most first: what is being typed, the time left, the duration (without
        // its minimum, which the lists enforce), the queue.
        var details: [String] = []
        if !state.typed.isEmpty { details.append(text.typed(state)) }
        if let secondsLeft { details.append(text.closesInDetail(Self.countdownText(secondsLeft))) }
        details.append(text.duration(minutes: state.durationMinutes))
        if !waitingLine, !waiting.isEmpty { details.append(text.waitingCount(waiting.count)) }
        frame.writeClipped(details.joined(separator: " · "))
        frame.beginLine()
        writeKeys(state, into: &frame)
        if waitingLine {
            frame.beginLine()
            frame.writeClipped(text.waitingLine(waiting))
        }
    }

    /// Below `minimumSize`: saying so, rather than drawing what cannot be read.
    func tooSmall(into frame: inout FrameWriter) {
        frame.beginLine()
        let said = text.tooSmall.first { DisplayWidth.of($0) <= frame.width } ?? text.tooSmall.last ?? ""
        frame.writeClipped(said)
    }
}
