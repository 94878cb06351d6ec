internal import TimePickerCore

/// How many columns of a terminal text takes, by Unicode's properties rather than the locale
/// (`wcwidth(3)` answers differently in every locale, and the daemon's is not the person's).
///
/// East Asian wide and fullwidth characters (`EastAsianWideTable.swift`, generated from the
/// Unicode Character Database) and emoji take two columns; combining marks, format characters
/// and the Hangul vowels and finals that join a syllable take none; everything else one
/// (ambiguous-width characters such as `…` and `▶` too, as terminals outside East Asian
/// locales draw them).
public enum DisplayWidth {
    /// The columns one scalar takes on its own: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        // Latin-1 and Latin Extended (the "·" of every title line, accented letters) hold no
        // mark, wide or emoji-presentation character, and one format character, the soft
        // hyphen: answered without looking up Unicode's properties.
        if value < 0x300, value != 0xAD { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark:
            return 0
        case .format:
            return isVisibleFormatCharacter(scalar) ? 1 : 0
        default:
            break
        }
        // Hangul medial vowels and final consonants: part of the syllable their initial starts.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        return isWide(value) || scalar.properties.isEmojiPresentation ? 2 : 1
    }

    /// The columns one Character (a grapheme cluster) takes: its scalars' columns, and at least
    /// two for an emoji sequence (a variation selector, a skin tone or a joiner after an emoji).
    ///
    /// Terminals differ here (some draw 👩‍💻 in two columns, others in four; ❤️ in one or two):
    /// this is the most any common one draws, so a line measured with it never wraps.
    public static func of(_ character: Character) -> Int {
        var columns = 0
        var isEmojiSequence = false
        for scalar in character.unicodeScalars {
            columns += of(scalar)
            if joinsEmojiSequence(scalar) { isEmojiSequence = true }
        }
        if isEmojiSequence, character.unicodeScalars.first?.properties.isEmoji == true { return max(columns, 2) }
        return columns
    }

    /// Whether `scalar` makes the emoji before it a sequence: a variation selector, a joiner or
    /// a skin tone.
    private static func joinsEmojiSequence(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFE0F || scalar.value == 0x200D || (0x1F3FB...0x1F3FF).contains(scalar.value)
    }

    /// The columns `text` takes on one line.
    public static func of(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        // Scalar by scalar, which needs no grapheme breaking (a Character costs about 700
        // instructions to find): a Character's columns are its scalars' unless it is an emoji
        // sequence, and a text with one is measured by Characters.
        var columns = 0
        for scalar in text.unicodeScalars {
            if joinsEmojiSequence(scalar) { return text.reduce(0) { $0 + of($1) } }
            columns += of(scalar)
        }
        return columns
    }

    /// `text` cut to at most `columns` columns at a character boundary, ending in "…" when
    /// something was cut; and the columns the result takes.
    public static func clipped(_ text: String, to columns: Int) -> (text: String, columns: Int) {
        guard columns > 0 else { return ("", 0) }
        if isPrintableASCII(text) {
            let count = text.utf8.count
            return count <= columns ? (text, count) : (String(decoding: text.utf8.prefix(columns - 1), as: UTF8.self) + "…", columns)
        }
        let whole = of(text)
        if whole <= columns { return (text, whole) }
        var kept = ""
        var used = 0
        for character in text {
            let width = of(character)
            if used + width > columns - 1 { break }
            kept.append(character)
            used += width
        }
        return (kept + "…", used + 1)
    }

    /// Whether every byte of `text` is printable ASCII, where columns are bytes.
    static func isPrintableASCII(_ text: String) -> Bool {
        // From the UTF-8 storage at once: the UTF-8 view costs about 25 instructions a byte.
        var text = text
        return text.withUTF8 { $0.allSatisfy { $0 >= 0x20 && $0 <= 0x7E } }
    }

    /// Whether `value` is East Asian wide or fullwidth: a binary search of the generated table.
    private static func isWide(_ value: UInt32) -> Bool {
        value >= 0x1100 && eastAsianWideRanges.rangesContain(value)
    }
}
