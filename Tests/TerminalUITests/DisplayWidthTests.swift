import Testing
import TerminalUI

/// Display widths by Unicode's properties, as terminals draw text: never by counting characters.
@Suite("Display width")
struct DisplayWidthTests {
    @Test("the columns of single characters", arguments: [
        ("a", 1), (" ", 1), ("~", 1), ("é", 1), ("e\u{301}", 1), ("ß", 1), ("Ж", 1), ("ש", 1), ("ا", 1),
        ("…", 1), ("–", 1), ("▶", 1), ("·", 1), ("\u{FFFD}", 1),
        // East Asian wide and fullwidth (the generated table).
        ("会", 2), ("い", 2), ("カ", 2), ("한", 2), ("Ａ", 2), ("、", 2), ("\u{3000}", 2), ("𠀋", 2), ("\u{4DBF}", 2),
        // Halfwidth forms stay narrow.
        ("ｶ", 1),
        // Emoji: presentation by default, or asked for with VS16; sequences as one picture.
        ("😀", 2), ("🎉", 2), ("⌚", 2), ("❤\u{FE0F}", 2), ("1\u{FE0F}\u{20E3}", 2),
        // Sequences of emoji are counted as terminals that draw each emoji apart do, the most
        // any common one takes (others draw them in two columns).
        ("👩\u{200D}💻", 4), ("👍🏽", 4), ("🇫🇷", 4),
        // Text-presentation symbols stay narrow.
        ("❤", 1), ("☺", 1),
        // Combining marks and other zero-width.
        ("\u{301}", 0), ("\u{20DD}", 0), ("\u{200B}", 0), ("\u{FE0F}", 0), ("\u{00AD}", 0), ("\u{0}", 0), ("\u{7F}", 0), ("\u{9B}", 0),
        // Hangul from jamo: the syllable's initial takes the two columns.
        ("\u{1100}\u{1161}\u{11A8}", 2),
        // Signs that span the digits after them do draw.
        ("\u{0600}", 1),
    ] as [(String, Int)])
    func widths(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("the columns of text", arguments: [
        ("Team meeting", 12), ("会議の時間", 10), ("Café́ 🎉🎉", 9), ("", 0), ("a\u{301}\u{302}\u{303}", 1),
    ] as [(String, Int)])
    func textWidths(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test("text is measured by its scalars as by its characters, emoji sequences anywhere in it too", arguments: [
        "Standup · Asked by Café", "👩\u{200D}💻 pair · 09:00 – 17:30", "ok 👍🏽", "Soft\u{AD}hyphen", "❤\u{FE0F} and ❤",
        "\u{2068}١:٣٠ ص\u{2069} – \u{2068}٥:٣٠ م\u{2069}", "会議 · 🇫🇷 · e\u{301}", "Ǆ ɐ ʯ ˿ \u{2FF}",
    ])
    func scalarsAsCharacters(text: String) {
        #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
    }

    @Test("Latin-1 and Latin Extended, measured without Unicode's properties, hold no mark, wide, emoji or format character but the soft hyphen")
    func latinWithoutProperties() {
        for value in UInt32(0xA0)..<0x300 {
            let scalar = Unicode.Scalar(value)!
            let category = scalar.properties.generalCategory
            let zero = category == .nonspacingMark || category == .enclosingMark || category == .format
            #expect(zero == (value == 0xAD) && !scalar.properties.isEmojiPresentation, "U+\(String(value, radix: 16))")
            #expect(DisplayWidth.of(scalar) == (value == 0xAD ? 0 : 1), "U+\(String(value, radix: 16))")
        }
    }

    @Test("clipping cuts at a column boundary and marks the cut", arguments: [
        ("Hello", 10, "Hello", 5), ("Hello", 5, "Hello", 5), ("Hello world", 5, "Hell…", 5),
        ("Hello", 1, "…", 1), ("Hello", 0, "", 0), ("Hello", -3, "", 0), ("", 4, "", 0),
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…", 2), ("e\u{301}e\u{301}", 2, "e\u{301}e\u{301}", 2),
        // A wide character that would straddle the boundary goes whole.
        ("会議の時間", 6, "会議…", 5), ("会議の時間", 5, "会議…", 5), ("会議の時間", 4, "会…", 3), ("会議の時間", 2, "…", 1),
        ("a会議", 4, "a会…", 4), ("🎉🎉🎉", 5, "🎉🎉…", 5), ("👩\u{200D}💻x", 4, "…", 1),
    ] as [(String, Int, String, Int)])
    func clips(text: String, columns: Int, expected: String, width: Int) {
        let clipped = DisplayWidth.clipped(text, to: columns)
        #expect(clipped.text == expected)
        #expect(clipped.columns == width)
        #expect(DisplayWidth.of(clipped.text) == width)
    }

    @Test("every East Asian wide or fullwidth code point of the generated table is two columns, its neighbours are not")
    func tableEdges() {
        // A few edges of the ranges, from EastAsianWidth.txt.
        #expect(DisplayWidth.of(Unicode.Scalar(0x10FF)!) == 1)
        #expect(DisplayWidth.of(Unicode.Scalar(0x1100)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0x115F)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0xA4CF)!) == 1)
        #expect(DisplayWidth.of(Unicode.Scalar(0xAC00)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0xD7A3)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0xFF01)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0xFF61)!) == 1)
        #expect(DisplayWidth.of(Unicode.Scalar(0x3FFFD)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0x40000)!) == 1)
    }
}
