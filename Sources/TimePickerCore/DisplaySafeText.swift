/// Makes caller-supplied text safe to show: nothing in the result can drive a terminal, rearrange
/// how text reads, or hide, wherever it is shown (a terminal, a notification, a dialog, a log).
///
/// Titles come from D-Bus callers, so they may hold escape sequences that would move the
/// cursor, retitle the window or fake a different picker. C0 controls, DEL and C1 controls
/// (which include the 8-bit CSI U+009B) become U+FFFD, and so do bidi embedding, override,
/// isolate and mark characters, which could make text read differently from what it is, and
/// invisible characters (format characters such as zero-width spaces, joiners outside emoji,
/// word joiners, the byte order mark, soft hyphens, tags outside emoji flags, interlinear
/// annotation marks; Hangul fillers), which could hide text or make two titles that differ
/// look alike. Line breaks and tabs become one space each (CR LF counts as one), keeping the
/// title on one line without hiding that it had breaks.
public func displaySafe(_ text: String) -> String {
    // Most text (every log line, most titles) is plain printable ASCII: nothing to neutralise.
    if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return text }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
        let previous = index > 0 ? scalars[index - 1] : nil
        switch scalar.value {
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

/// Whether `scalar` is a format character that draws a sign (the Arabic number sign and its kin,
/// which span the digits after them); other format characters draw nothing.
public func isVisibleFormatCharacter(_ scalar: Unicode.Scalar) -> Bool {
    InvisibleText.visibleFormat.contains { $0.contains(scalar.value) }
}

/// Which characters show nothing at all, and when the invisible ones that emoji are built
/// with (the zero-width joiner, tags) are part of an emoji and so do show.
enum InvisibleText {
    /// Format characters that do draw something: signs that span the digits after them.
    static let visibleFormat: [ClosedRange<UInt32>] = [
        0x0600...0x0605, 0x06DD...0x06DD, 0x070F...0x070F, 0x0890...0x0891, 0x08E2...0x08E2,
        0x110BD...0x110BD, 0x110CD...0x110CD,
    ]
    /// Letters that draw nothing (Hangul fillers).
    private static let blankLetters: Set<UInt32> = [0x115F, 0x1160, 0x3164, 0xFFA0]

    /// Whether `scalars[index]` would be invisible where it stands.
    static func isHidden(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        let scalar = scalars[index]
        if blankLetters.contains(scalar.value) { return true }
        guard scalar.properties.generalCategory == .format else { return false }
        if isVisibleFormatCharacter(scalar) { return false }
        switch scalar.value {
        case 0x200D:
            // 👩‍💻: a joiner between two emoji is part of one picture.
            return !(isEmoji(before: index, in: scalars) && index + 1 < scalars.count && isEmoji(scalars[index + 1]))
        case 0xE0020...0xE007F:
            // 🏴 followed by tags and a cancel tag is a subdivision flag (Scotland, Wales).
            return !isInFlagTagSequence(at: index, in: scalars)
        default:
            return true
        }
    }

    /// An emoji other than the ASCII digits and signs that also have emoji forms.
    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x7F && scalar.properties.isEmoji
    }

    /// Whether the scalar before `index`, past a variation selector or skin-tone modifier, is an emoji.
    private static func isEmoji(before index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        var position = index - 1
        while position >= 0, scalars[position].value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(scalars[position].value) {
            position -= 1
        }
        return position >= 0 && isEmoji(scalars[position])
    }

    /// Whether the tag at `index` follows 🏴 through tags only.
    private static func isInFlagTagSequence(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        var position = index - 1
        while position >= 0, (0xE0020...0xE007E).contains(scalars[position].value) { position -= 1 }
        return position >= 0 && scalars[position].value == 0x1F3F4
    }
}
