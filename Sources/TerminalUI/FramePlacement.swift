/// Where a picker is drawn on its terminal.
public enum FramePlacement: Sendable {
    /// On the alternate screen, from its top-left corner: the daemon's own terminal, where
    /// nothing else is printed while a picker is up.
    case alternateScreen
    /// Below the cursor, in the lines it needs (as fzf's `--height` and gum draw): a caller's
    /// terminal, whose shell goes on printing once the picker is gone.
    ///
    /// Between frames the cursor waits at the frame's top-left corner, where the shell's cursor
    /// was; so taking the picker down is erasing from the cursor to the end of the screen, which
    /// leaves the cursor where the shell expects it, and which, should it arrive after the shell
    /// printed (the caller was killed, or the terminal was not taking output), erases only what
    /// lies after the shell's own cursor. The selection's line is the frame's first for that
    /// reason: a braille display and a terminal screen reader show the cursor's line.
    case inline
}

/// A terminal's size in character cells.
public struct TerminalSize: Equatable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// Putting a picker's screen up and taking it down, at each placement.
extension PickerFrame {
    /// What puts a picker's screen up before its first frame.
    public static func enter(_ placement: FramePlacement, columns: Int) -> [UInt8] {
        switch placement {
        case .alternateScreen:
            return enterAlternateScreen
        case .inline:
            // A line of its own: a row of spaces as wide as the terminal ends where it began
            // when the cursor was at the start of a line, and wraps to the next line when
            // something was printed before it (`printf 'Pick: '`), which stays.
            var bytes = Array("\u{1B}[?25l".utf8)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(columns, 1)))
            bytes.append(UInt8(ascii: "\r"))
            return bytes
        }
    }

    /// What takes a picker's screen down: attributes reset, the picker erased, the cursor shown.
    public static func leave(_ placement: FramePlacement) -> [UInt8] {
        switch placement {
        case .alternateScreen: leaveAlternateScreen
        case .inline: leaveInline
        }
    }

    /// The person's scrollback stays untouched; the cursor is hidden.
    private static let enterAlternateScreen = Array("\u{1B}[?1049h\u{1B}[?25l".utf8)
    private static let leaveAlternateScreen = Array("\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[?25h\u{1B}[?1049l".utf8)
    private static let leaveInline = Array("\u{1B}[0m\u{1B}[J\u{1B}[?25h".utf8)
}
