/// Cuts text to at most `columns` characters, ending in "…" when something was cut.
///
/// Counts Characters (grapheme clusters), which matches the display width for the Latin
/// text and time labels shown here; wide CJK characters would need a width table.
public func displayWidthClipped(_ text: String, to columns: Int) -> String {
    guard columns > 0 else { return "" }
    guard text.count > columns else { return text }
    return String(text.prefix(columns - 1)) + "…"
}
