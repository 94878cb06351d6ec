public import Localization
public import TimePickerCore

/// Draws one session's picker as complete frames, each to be written with a single write.
///
/// A frame overwrites the previous one line by line, erasing only what is left over, instead of
/// clearing first: a clear followed by a redraw is what makes terminal UIs flicker. No line
/// is longer than the terminal is wide (the last column stays empty: with the cursor there a
/// terminal is in its "pending wrap" state, where erase-line would wipe the last character)
/// and a frame never has more lines than the terminal has rows, whatever the title holds.
///
/// Made once per session: the labels, the title and their widths are measured once (the
/// session's options never change), and each frame is assembled in one byte buffer.
public final class PickerFrame {
    /// The smallest terminal a picker is drawn on; a smaller one is told so.
    public static let minimumSize = TerminalSize(columns: 20, rows: 5)
    /// The most lines an inline picker takes, so that the command line above it stays in view.
    static let inlineMaximumRows = 14

    /// The title as it is shown: `displaySafe`, so nothing in it can drive the terminal.
    public let title: String
    /// The picker's day ("Sat 28 Mar"), shown after the title, whole; nil for a picker without a date.
    let day: String?
    /// Who asked ("Asked by Firefox"), on a line of its own under the title, or leading the
    /// title line where the lists have no row to spare: never where a title can push it away.
    let requester: String?
    let labels: SlotLabels
    /// Every other word, in the session's language.
    let text: TerminalText
    let words: TerminalWords
    /// The column headings.
    let headings: (start: MeasuredText, end: MeasuredText)
    /// How each column's labels line up, made at the first frame for the session's starts and
    /// the ends they can have (every slot from the first start on): the same in every frame, so
    /// that the columns keep their places as the selection moves. The start column of an
    /// overnight picker has no next-day marks, and takes no more room than without them.
    var layouts: (starts: ClosedRange<Int>, start: LabelLayout, end: LabelLayout)?
    /// The help line's forms, longest first.
    let keyLines: [MeasuredText]
    /// The same naming the key that gives more time, for while the person may extend.
    let extendKeyLines: [MeasuredText]
    /// "Selected: " before the range.
    let selectedPrefix: MeasuredText
    var clippedTitle: (width: Int, leading: Bool, text: MeasuredText)?
    var clippedRequester: (width: Int, text: MeasuredText)?
    var duration: (minutes: Int, text: MeasuredText)?
    /// What the frame was last made of and its bytes: a picker is drawn again as it was (the
    /// first frame of the next session with the same options, a redraw without a change).
    private var lastFrame: (drawing: Drawing, bytes: [UInt8])?
    /// What one frame is made of: everything `render` draws from.
    private struct Drawing: Equatable {
        let state: PickerState
        let size: TerminalSize
        let placement: FramePlacement
        let waiting: [String]
        let secondsLeft: Int?
        let resized: Bool
    }
    /// What the frame was made from, so that a session with the same may use it (`fits`).
    private let made: (title: String, date: CalendarDate?, requester: Requester?)

    /// A frame for a session with `options`, taking its labels from `labels` (a front end's
    /// cache) and its words, measured, from `words` (kept per language).
    init(options: PickerOptions, labels: SlotLabels, words: TerminalWords) {
        title = options.title == PickerOptions.defaultTitle ? words.defaultTitle : displaySafe(options.title)
        day = options.grid.date.map(words.text.day)
        requester = options.requester.map(words.text.words.askedBy)
        self.labels = labels
        text = words.text
        self.words = words
        headings = words.headings
        keyLines = words.keyLines
        extendKeyLines = words.extendKeyLines
        selectedPrefix = words.selectedPrefix
        made = (options.title, options.grid.date, options.requester)
    }

    /// Whether a session with `options` would be drawn by this frame, made for an earlier one
    /// with `labels` and `words`: everything the frame keeps comes from these.
    func fits(_ options: PickerOptions, labels: SlotLabels, words: TerminalWords) -> Bool {
        labels === self.labels && words === self.words && options.title == made.title && options.grid.date == made.date
            && options.requester == made.requester
    }

    /// A frame for a session with `options`, with labels of its own, in `language`.
    public convenience init(options: PickerOptions, language: Language = .environment) {
        let words = TerminalWords(TerminalText(language))
        self.init(options: options, labels: SlotLabels(grid: options.grid, clock: options.clock, text: words.text), words: words)
    }

    /// The bytes that draw `state` on a terminal of `size`.
    ///
    /// `waiting` are the titles of the pickers queued behind this one on the same terminal;
    /// `now` is the monotonic clock in milliseconds, for the countdown of a session with a timeout.
    /// `resized` says the terminal's size changed since the frame before: each line is then
    /// cleared whole before it is written, because a terminal that rewraps its lines on a resize
    /// (tmux, VTE) marks the rows it wrapped as continued, and only a whole-line clear tells it
    /// that they no longer are (else it would join them again on the next resize).
    public func render(
        _ state: PickerState, size: TerminalSize, placement: FramePlacement, waiting: [String] = [], now: Int = 0,
        resized: Bool = false
    ) -> [UInt8] {
        let drawing = Drawing(
            state: state, size: size, placement: placement, waiting: waiting, secondsLeft: state.secondsLeft(at: now), resized: resized)
        if let lastFrame, lastFrame.drawing == drawing { return lastFrame.bytes }
        let bytes = draw(drawing)
        lastFrame = (drawing, bytes)
        return bytes
    }

    /// The bytes of `drawing` (see `render`).
    private func draw(_ drawing: Drawing) -> [UInt8] {
        let (state, size, placement, waiting, secondsLeft, resized) =
            (drawing.state, drawing.size, drawing.placement, drawing.waiting, drawing.secondsLeft, drawing.resized)
        let rows = placement == .inline ? min(size.rows, Self.inlineMaximumRows) : size.rows
        var frame = FrameWriter(width: max(size.columns - 1, 1), clearingLines: resized)
        // From the top-left corner: the screen's, or the inline picker's, where the cursor waits
        // (a terminal that rewraps its lines on a resize may have moved it along its line).
        frame.buffer.append(placement == .alternateScreen ? "\u{1B}[H" : "\r")
        if size.columns < Self.minimumSize.columns || rows < Self.minimumSize.rows {
            tooSmall(into: &frame)
        } else if !full(state, rows: rows, placement: placement, waiting: waiting, secondsLeft: secondsLeft, into: &frame) {
            compact(state, rows: rows, waiting: waiting, secondsLeft: secondsLeft, into: &frame)
        }
        frame.buffer.append("\u{1B}[K\u{1B}[J")
        if placement == .alternateScreen, let line = frame.restingLine {
            // The cursor, hidden, rests on the selection's line: a braille display and a terminal
            // screen reader (Orca on gnome-terminal) show and read the cursor's line, and that
            // one carries the whole answer. Each frame begins at the screen's corner whatever.
            frame.buffer.append("\u{1B}[")
            frame.buffer.appendNumber(line)
            frame.buffer.append(";1H")
        }
        if placement == .inline {
            // Back to the frame's top-left corner (see FramePlacement.inline).
            frame.buffer.append("\r")
            if frame.lineCount > 1 {
                frame.buffer.append("\u{1B}[")
                frame.buffer.appendNumber(frame.lineCount - 1)
                frame.buffer.append("A")
            }
        }
        return frame.buffer.bytes
    }

    // MARK: Layouts

    /// Title, column headings, both lists, then the selection (inline, the selection first), the
    /// countdown, the keys and the queue; false when the terminal is too narrow for two columns
    /// or too short for three rows of them.
    private func full(
        _ state: PickerState, rows: Int, placement: FramePlacement, waiting: [String], secondsLeft: Int?,
        into frame: inout FrameWriter
    ) -> Bool {
        let width = frame.width
        let layouts = columnLayouts(state)
        // Each cell takes the wider of its labels and its heading.
        let cells = (
            start: Cell(layout: layouts.start, columns: max(layouts.start.columns, headings.start.columns)),
            end: Cell(layout: layouts.end, columns: max(layouts.end.columns, headings.end.columns)))
        let cellsWidth = 2 * Self.markerWidth + cells.start.columns + cells.end.columns
        // Roomy spacing when it fits, tight spacing next, otherwise the compact frame.
        guard let spacing = [(indent: 2, gap: 4), (indent: 0, gap: 2)].first(where: { $0.indent + cellsWidth + $0.gap <= width })
        else { return false }
        // Who asked gets a line of its own, and the countdown and the queue get theirs, when
        // there is room; else who asked leads the title line and they join the selection's
        // line. The lists keep at least three rows; who asked keeps its line first.
        let asked = requester == nil ? 0 : 1
        let timed = (secondsLeft == nil ? 0 : 1) + (waiting.isEmpty ? 0 : 1)
        let fitting = [(true, true), (true, false), (false, true), (false, false)].first { ownLine, separate in
            rows - 4 - (ownLine ? asked : 0) - (separate ? timed : 0) >= 3
        }
        guard let (requesterLine, separate) = fitting else { return false }
        let listRoom = rows - 4 - (requesterLine ? asked : 0) - (separate ? timed : 0)
        // On the alternate screen, blank lines after the title and before the footer when the
        // lists keep three rows without them; inline pickers take no more lines than they need.
        let spacers = placement == .alternateScreen && listRoom - 2 >= 3
        let listHeight = listRoom - (spacers ? 2 : 0)
        let starts = ColumnWindow(slots: state.validStartIndices, selected: state.startIndex, focused: state.focus == .start, height: listHeight)
        let ends = ColumnWindow(slots: state.validEndIndices, selected: state.endIndex, focused: state.focus == .end, height: listHeight)

        // Inline, the selection's line comes first: the cursor waits at the frame's top-left
        // corner (FramePlacement.inline), and a braille display or a terminal screen reader
        // shows the cursor's line, which must carry the answer. On the alternate screen the
        // cursor is moved to it instead, and it sits under the lists, where a sighted person
        // looks after choosing.
        let selectionFirst = placement == .inline
        func selectionLine() {
            frame.beginLine()
            // The time left even when it has a line of its own: this is the line a person who
            // cannot see the screen is given (issue 39).
            writeSelection(state, secondsLeft: secondsLeft, waiting: separate ? 0 : waiting.count, into: &frame)
        }
        if selectionFirst { selectionLine() }
        frame.beginLine()
        writeTitle(leadingRequester: !requesterLine, into: &frame)
        if requesterLine, requester != nil {
            frame.beginLine()
            writeRequester(into: &frame)
        }
        if spacers { frame.beginLine() }
        frame.beginLine()
        frame.buffer.appendSpaces(spacing.indent)
        writeHeading(headings.start, focused: starts.focused, width: Self.markerWidth + cells.start.columns, into: &frame)
        frame.buffer.appendSpaces(spacing.gap)
        writeHeading(headings.end, focused: ends.focused, width: Self.markerWidth + cells.end.columns, into: &frame)
        for row in 0..<max(starts.visibleCount, ends.visibleCount) {
            frame.beginLine()
            frame.buffer.appendSpaces(spacing.indent)
            writeCell(starts, cells.start, row: row, into: &frame)
            frame.buffer.appendSpaces(spacing.gap)
            writeCell(ends, cells.end, row: row, into: &frame)
        }
        if spacers { frame.beginLine() }
        if !selectionFirst { selectionLine() }
        if separate, let secondsLeft {
            frame.beginLine()
            frame.writeClipped(text.closesIn(Self.countdownText(secondsLeft)))
        }
        frame.beginLine()
        writeKeys(state, into: &frame)
        if separate, !waiting.isEmpty {
            frame.beginLine()
            frame.writeClipped(text.waitingLine(waiting))
        }
        return true
    }
}
