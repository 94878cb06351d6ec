public import Localization
public import TimePickerCore

/// The lines a `PickerFrame` is made of: the title, the column headings and cells, the
/// selection's line, the help line, and the countdown, each written into the frame's buffer.
extension PickerFrame {

    static let reverse: StaticString = "\u{1B}[7m"
    static let bold: StaticString = "\u{1B}[1m"
    static let underline: StaticString = "\u{1B}[4m"
    static let reset: StaticString = "\u{1B}[0m"
    /// Marks the selection in the focused column (drawn in reverse video too).
    static let focusedMarker: StaticString = "▶ "
    /// Marks the selection in the other column (its label is underlined too).
    static let unfocusedMarker: StaticString = "> "
    /// The columns either marker takes.
    static let markerWidth = 2

    /// The title line; led by who asked when `leadingRequester` (it has no line of its own).
    func writeTitle(leadingRequester: Bool = false, into frame: inout FrameWriter) {
        let leading = leadingRequester && requester != nil
        if clippedTitle?.width != frame.width || clippedTitle?.leading != leading {
            clippedTitle = (frame.width, leading, titleLine(width: frame.width, leadingRequester: leading))
        }
        if let clippedTitle { frame.buffer.append(clippedTitle.text.bytes) }
    }

    /// Who asked, on a line of its own under the title, where no title can reach.
    func writeRequester(into frame: inout FrameWriter) {
        guard let requester else { return }
        if clippedRequester?.width != frame.width {
            clippedRequester = (frame.width, MeasuredText(clipping: requester, to: frame.width))
        }
        if let clippedRequester { frame.buffer.append(clippedRequester.text.bytes) }
    }

    /// The title clipped to `width`, and after it the picker's day when it has one, whole: the
    /// title gives way to it ("Night sh… · Sat 28 Mar"), and where the two cannot share the
    /// line the day is shown alone. Led by who asked when `leadingRequester`: that comes first
    /// and whole (clipped only by the line itself), and the title and day take what it leaves,
    /// so that no title, however long or whatever it says, pushes the real requester away.
    private func titleLine(width: Int, leadingRequester: Bool) -> MeasuredText {
        var prefix = ""
        var room = width
        if leadingRequester, let requester {
            let asked = DisplayWidth.clipped(requester, to: width)
            room = width - asked.columns - 3
            guard room >= Self.titleMinimumColumns else { return MeasuredText(asked.text) }
            prefix = asked.text + " · "
        }
        guard let day else { return MeasuredText(prefix + DisplayWidth.clipped(title, to: room).text) }
        let titleRoom = room - DisplayWidth.of(day) - 3
        guard titleRoom > 0, !title.isEmpty else { return MeasuredText(prefix + DisplayWidth.clipped(day, to: room).text) }
        return MeasuredText(prefix + DisplayWidth.clipped(title, to: titleRoom).text + " · " + day)
    }

    /// The fewest columns of the title worth showing after who asked.
    private static let titleMinimumColumns = 8

    /// A column heading over its labels, padded to the cell, bold while that column has the focus.
    func writeHeading(_ heading: MeasuredText, focused: Bool, width: Int, into frame: inout FrameWriter) {
        if focused { frame.buffer.append(Self.bold) }
        frame.buffer.appendSpaces(Self.markerWidth)
        frame.buffer.append(heading.bytes)
        frame.buffer.appendSpaces(width - Self.markerWidth - heading.columns)
        if focused { frame.buffer.append(Self.reset) }
    }

    /// One visible row of a column: a label, the selection marked, or blank below the list's end.
    func writeCell(_ column: ColumnWindow, _ cell: Cell, row: Int, into frame: inout FrameWriter) {
        guard row < column.visibleCount else {
            frame.buffer.appendSpaces(Self.markerWidth + cell.columns)
            return
        }
        // Headings wider than the labels: the labels keep to the right of the cell.
        frame.buffer.appendSpaces(cell.columns - cell.layout.columns)
        let index = column.offset + row
        let padding = labels.padding(index, in: cell.layout)
        let trailing = labels.trailing(index, in: cell.layout)
        if index != column.selected {
            frame.buffer.appendSpaces(Self.markerWidth + padding)
            frame.buffer.append(labels.text(index))
            frame.buffer.appendSpaces(trailing)
        } else if column.focused {
            frame.buffer.append(Self.reverse)
            frame.buffer.append(Self.focusedMarker)
            frame.buffer.appendSpaces(padding)
            frame.buffer.append(labels.text(index))
            frame.buffer.appendSpaces(trailing)
            frame.buffer.append(Self.reset)
        } else {
            frame.buffer.append(Self.unfocusedMarker)
            frame.buffer.appendSpaces(padding)
            frame.buffer.append(Self.underline)
            frame.buffer.append(labels.text(index))
            frame.buffer.append(Self.reset)
            frame.buffer.appendSpaces(trailing)
        }
    }

    /// A column's cell: how its labels line up, and the columns it takes after the marker.
    struct Cell {
        let layout: LabelLayout
        let columns: Int
    }

    /// `layouts`, made now if the session's starts are not those it was made for.
    func columnLayouts(_ state: PickerState) -> (start: LabelLayout, end: LabelLayout) {
        let starts = state.validStartIndices
        if let layouts, layouts.starts == starts { return (layouts.start, layouts.end) }
        let made = (starts: starts, start: labels.layout(of: starts), end: labels.layout(of: starts.lowerBound...labels.grid.count - 1))
        layouts = made
        return (made.start, made.end)
    }

    /// The cursor's line, which a screen reader and a braille display read: "Selected: 9:00 AM
    /// – 5:00 PM · 8 h · End column", then what is being typed, the picker's day, the time left
    /// and "+ more time", the queue, and last a typing note. The range and its length come
    /// first and stay whole: only the prefix is dropped for them, and whatever follows is
    /// clipped at the line's end, so that no note pushes the answer off the line (issue 39).
    /// The countdown is here even when it has a line of its own (`secondsLeft`), since this is
    /// the line a person who cannot see the screen is given.
    func writeSelection(_ state: PickerState, secondsLeft: Int?, waiting: Int, into frame: inout FrameWriter) {
        frame.markRestingLine()
        if duration?.minutes != state.durationMinutes {
            duration = (state.durationMinutes, words.durationLine(state))
        }
        let durationLine = duration.map { String(decoding: $0.text.bytes, as: UTF8.self) } ?? text.durationLine(state)
        // What must be whole: the range, its length, the focused column and the typing so far.
        var needed = [text.focusedColumn(state.focus)]
        if !state.typed.isEmpty { needed.append(text.typedSoFar(state)) }
        var details: [String] = []
        if let day { details.append(day) }
        if let secondsLeft { details.append(text.closesInDetail(Self.countdownText(secondsLeft))) }
        if state.canExtendTime { details.append(text.moreTimeKey) }
        if waiting > 0 { details.append(text.waitingCount(waiting)) }
        if let note = state.typedNote { details.append(text.note(note, state)) }
        // Dropped in turn until what must be whole fits: "Selected:", the minimum length (the
        // lists keep to it), and last the repeated hour's words for its zone's name.
        let ladder = [(true, true, true), (false, true, true), (false, false, true), (false, false, false)]
        var line = ""
        for (prefix, minimum, inWords) in ladder {
            let range = selectionLabel(state.startIndex, inWords: inWords) + " – " + selectionLabel(state.endIndex, inWords: inWords)
            let length = minimum ? durationLine : text.duration(minutes: state.durationMinutes)
            line = ([(prefix ? text.selectedPrefix + " " : "") + range, length] + needed).joined(separator: " · ")
            if DisplayWidth.of(line) <= frame.width { break }
        }
        // What must be whole is written whole (clipped only when nothing shorter fits); the
        // details take what room is left, and a clipped one ends in "…".
        let written = DisplayWidth.clipped(line, to: frame.width)
        frame.buffer.append(written.text)
        let room = frame.width - written.columns
        guard !details.isEmpty, room > 3 else { return }
        frame.buffer.append(DisplayWidth.clipped(details.map { " · " + $0 }.joined(), to: room).text)
    }

    /// A time of the selection on the cursor's line: the list's label, but with `inWords` the
    /// hour the clocks go back said in words ("2:30 AM, before the clocks go back"), which speech
    /// reads where it reads "(CEST)" as "sest".
    private func selectionLabel(_ index: Int, inWords: Bool) -> String {
        guard inWords, labels.grid.isRepeated(at: index) else { return String(decoding: labels.text(index), as: UTF8.self) }
        return text.words.timeRound(labels.grid, index, labels.clock)
    }

    /// While a typing note is to be told, the line tells it instead, whole: the selection's
    /// line keeps the range first and may clip the note at its end (issue 39), and a person
    /// typing needs the note more than the keys they are already using.
    func writeKeys(_ state: PickerState, into frame: inout FrameWriter) {
        if let note = state.typedNote {
            frame.writeClipped(text.note(note, state))
            return
        }
        let lines = state.canExtendTime ? extendKeyLines : keyLines
        if let line = lines.first(where: { $0.columns <= frame.width }) {
            frame.buffer.append(line.bytes)
        } else {
            frame.writeClipped(text.keyLines.last ?? "")
        }
    }

    /// `writeCountdown` as a string, for lines that are assembled as text.
    static func countdownText(_ seconds: Int) -> String {
        var frame = FrameWriter(width: 16)
        writeCountdown(seconds, into: &frame)
        return String(decoding: frame.buffer.bytes, as: UTF8.self)
    }

    /// The seconds left as a countdown reads them: "0:42", "4:59", "1:00:00".
    private static func writeCountdown(_ seconds: Int, into frame: inout FrameWriter) {
        if seconds >= 3600 {
            frame.buffer.appendNumber(seconds / 3600)
            frame.buffer.append(":")
            frame.buffer.appendTwoDigits(seconds / 60 % 60)
        } else {
            frame.buffer.appendNumber(seconds / 60)
        }
        frame.buffer.append(":")
        frame.buffer.appendTwoDigits(seconds % 60)
    }
}
