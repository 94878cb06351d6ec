/// Makes caller-supplied text safe to show: nothing in the result can drive a terminal, rearrange
/// how text reads, or hide, wherever it is shown (a terminal, a notification, a dialog, a log).
///
/// Titles come from D-Bus callers, so they may hold escape sequences that would move the
/// cursor, retitle the window or fake a different picker. C0 controls, DEL and C1 controls
/// (which include the 8-bit CSI U+009B) become U+FFFD, and so do bidi embedding, override,
/// isolate and mark characters, which could make text read differently from what it is, and
/// invisible characters (`InvisibleText`: Unicode's default-ignorable code points, such as
/// zero-width spaces, joiners and variation selectors outside emoji, tags outside emoji flags,
/// soft hyphens and Hangul fillers, and format characters such as interlinear annotation
/// marks), which could hide text or make two titles that differ look alike. Line breaks and
/// tabs become one space each (CR LF counts as one), keeping the title on one line without
/// hiding that it had breaks.
public func displaySafe(_ text: String) -> String {
    // Most text (every log line, most titles) is plain printable ASCII: nothing to neutralise.
    if isPrintableASCII(text) { return text }
    return neutralised(Array(text.unicodeScalars), keeping: [])
}

/// Translated text (a message from a catalog, which a file under `TIMEPICKERD_LOCALEDIR` may
/// hold anything in) made as safe as titles (`displaySafe`), but for one thing: directional
/// isolates (LRI, RLI, FSI) each closed by a PDI within the text are kept. Translations into
/// right-to-left languages set numbers apart with them ("⁦%s⁩ د"), and a run closed where it
/// opened cannot reorder anything outside it; one left open, or a PDI closing nothing, is
/// neutralised like any other bidi control.
public func displaySafeTranslation(_ text: String) -> String {
    if isPrintableASCII(text) { return text }
    let scalars = Array(text.unicodeScalars)
    var open: [Int] = []
    var closed: Set<Int> = []
    for (index, scalar) in scalars.enumerated() {
        switch scalar.value {
        case 0x2066...0x2068:
            open.append(index)
        case 0x2069:
            if let opener = open.popLast() { closed.formUnion([opener, index]) }
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029:
            // A paragraph ends every run still open: none of them is closed by a PDI after it.
            open.removeAll()
        default:
            break
        }
    }
    return neutralised(scalars, keeping: closed)
}

/// `scalars` with what could drive a terminal, reorder or hide text replaced (see
/// `displaySafe`), except the scalars at the indexes `kept`.
private func neutralised(_ scalars: [Unicode.Scalar], keeping kept: Set<Int>) -> String {
    var result = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
        let previous = index > 0 ? scalars[index - 1] : nil
        switch scalar.value {
        case _ where !kept.isEmpty && kept.contains(index):
            result.append(scalar)
        case 0x0A where previous == "\r":
            continue
        case 0x09...0x0D, 0x85, 0x2028, 0x2029:
            result.append(" ")
        case 0x00...0x1F, 0x7F...0x9F,
             0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
            result.append("\u{FFFD}")
        default:
            result.append(InvisibleText.isHidden(at: index, in: scalars) ? "\u{FFFD}" : scalar)
        }
    }
    return String(result)
}

/// Whether every byte of `text` is printable ASCII (U+0020 to U+007E), read from its UTF-8
/// storage at once where it has one (iterating the UTF-8 view costs about 25 instructions a byte).
func isPrintableASCII(_ text: String) -> Bool {
    let printable = { (byte: UInt8) in byte >= 0x20 && byte <= 0x7E }
    var text = text
    return text.withUTF8 { $0.allSatisfy(printable) }
}
