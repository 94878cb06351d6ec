/// One key press, as the picker cares about it; everything it has no use for is `.other`.
public enum Key: Sendable, Equatable {
    case up, down, left, right
    case tab, backTab
    case pageUp, pageDown, home, end
    case enter, escape
    /// Backspace: DEL (what terminals send for it) or Ctrl-H.
    case backspace
    /// A printable character (a whole Unicode scalar, already UTF-8 decoded).
    case character(Unicode.Scalar)
    /// A key or sequence that was recognised as one unit but has no meaning here.
    case other
}
