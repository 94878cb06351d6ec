/// Quotes caller-supplied text for an error message: single quotes, control
/// characters escaped, long text cut short.
///
/// The text came from an untrusted caller and ends up in logs and D-Bus errors,
/// so it must not be able to inject line breaks or flood the message.
public func quotedForMessage(_ text: String, maxCharacters: Int = 40) -> String {
    // Characters are what a reader counts, but one character can carry thousands of combining
    // marks: the scalars are capped first, so neither the message nor the work of finding its
    // characters grows with what it quotes.
    let window = Substring(text.unicodeScalars.prefix(maxCharacters * 4))
    let kept = window.prefix(maxCharacters).unicodeScalars
    var escaped = ""
    for scalar in kept {
        switch scalar {
        case "'", "\\":
            escaped += "\\" + String(scalar)
        case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
            escaped += scalar.escaped(asASCII: true)
        default:
            escaped.unicodeScalars.append(scalar)
        }
    }
    // Indices, not counts: counting the characters of a huge text would read all of it.
    let ellipsis = kept.endIndex < text.endIndex ? "…" : ""
    return "'" + escaped + ellipsis + "'"
}
