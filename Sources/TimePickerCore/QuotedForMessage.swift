/// Quotes caller-supplied text for an error message: single quotes, control
/// characters escaped, long text cut short.
///
/// The text came from an untrusted caller and ends up in logs and D-Bus errors,
/// so it must not be able to inject line breaks or flood the message.
public func quotedForMessage(_ text: String, maxCharacters: Int = 40) -> String {
    let kept = text.prefix(maxCharacters)
    var escaped = ""
    for scalar in kept.unicodeScalars {
        switch scalar {
        case "'", "\\":
            escaped += "\\" + String(scalar)
        case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
            escaped += scalar.escaped(asASCII: true)
        default:
            escaped.unicodeScalars.append(scalar)
        }
    }
    let ellipsis = kept.count < text.count ? "…" : ""
    return "'" + escaped + ellipsis + "'"
}
