/// A frame being written: its bytes, how many lines it has, and how wide a line may be.
struct FrameWriter {
    var buffer = FrameBuffer(capacity: 2048)
    private(set) var lineCount = 0
    /// The most columns a line may take.
    let width: Int
    /// Whether each line is cleared whole before it is written (see `PickerFrame.render`).
    let clearingLines: Bool

    init(width: Int, clearingLines: Bool = false) {
        self.width = width
        self.clearingLines = clearingLines
    }

    /// Ends the line before (erasing what is left of it from an earlier frame) and starts a new one.
    /// The line (1 for the first) a screen reader should rest on: the selection's.
    private(set) var restingLine: Int?

    /// Marks the line being written as the one a screen reader rests on.
    mutating func markRestingLine() { restingLine = lineCount }

    mutating func beginLine() {
        if lineCount > 0 { buffer.append("\u{1B}[K\r\n") }
        if clearingLines { buffer.append("\u{1B}[2K") }
        lineCount += 1
    }

    /// `text`, clipped to the width.
    mutating func writeClipped(_ text: String) {
        buffer.append(DisplayWidth.clipped(text, to: width).text)
    }
}
