import Testing
import TimePickerCore

@Suite("Display-safe text: invisible characters")
struct DisplaySafeTextTests {
    @Test("Invisible characters become a visible placeholder", arguments: [
        ("pay\u{200B}pal", "pay\u{FFFD}pal"),
        ("a\u{200C}b\u{200D}c", "a\u{FFFD}b\u{FFFD}c"),
        ("\u{FEFF}title", "\u{FFFD}title"),
        ("word\u{2060}joiner", "word\u{FFFD}joiner"),
        ("soft\u{00AD}hyphen", "soft\u{FFFD}hyphen"),
        ("hidden\u{E0061}\u{E0062}\u{E007F}", "hidden\u{FFFD}\u{FFFD}\u{FFFD}"),
        ("\u{FFF9}ruby\u{FFFA}note\u{FFFB}", "\u{FFFD}ruby\u{FFFD}note\u{FFFD}"),
        ("\u{2061}\u{2062}\u{2063}\u{2064}", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        ("x\u{180E}y", "x\u{FFFD}y"),
        ("\u{3164}\u{115F}\u{1160}\u{FFA0}", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        ("1\u{200D}2", "1\u{FFFD}2"),
        ("😀\u{200D}", "😀\u{FFFD}"),
        // Default-ignorable code points that are not format characters: a combining grapheme
        // joiner, an emoji selector after a letter and after an emoji that has no text style,
        // Khmer inherent vowels, an ideographic variation selector, a Mongolian free variation
        // selector, and reserved default-ignorable code points.
        ("pay\u{034F}pal", "pay\u{FFFD}pal"),
        ("A\u{FE0F}", "A\u{FFFD}"),
        ("😀\u{FE0F}", "😀\u{FFFD}"),
        ("❤\u{FE0F}\u{FE0F}", "❤\u{FE0F}\u{FFFD}"),
        ("\u{FE0F}title", "\u{FFFD}title"),
        ("x\u{17B4}\u{17B5}y", "x\u{FFFD}\u{FFFD}y"),
        ("葛\u{E0100}", "葛\u{FFFD}"),
        ("\u{9089}\u{FE00}", "\u{9089}\u{FFFD}"),
        ("x\u{180B}y", "x\u{FFFD}y"),
        ("a\u{2065}b\u{FFF0}c\u{E01F0}", "a\u{FFFD}b\u{FFFD}c\u{FFFD}"),
        // A joiner after a selector that is hidden joins nothing that shows (found by make fuzz).
        ("🔥\u{FE0F}\u{200D}🔥", "🔥\u{FFFD}\u{FFFD}🔥"),
    ] as [(String, String)])
    func hidden(input: String, expected: String) {
        #expect(displaySafe(input) == expected)
    }

    @Test("Emoji built with joiners and tags, and text in other scripts, stay as they are", arguments: [
        "👨\u{200D}👩\u{200D}👧\u{200D}👦 family",
        "👩🏽\u{200D}💻 at work",
        "❤\u{FE0F}\u{200D}🔥",
        "❤\u{FE0F} love", "☺\u{FE0E} text style", "#\u{FE0F}\u{20E3} keycap", "🏳\u{FE0F}\u{200D}🌈",
        "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scotland",
        "日本語のタイトル", "שלום", "مرحبا ١٢٣", "Café crème", "\u{0600}١٢٣",
    ])
    func kept(input: String) {
        #expect(displaySafe(input) == input)
    }

    @Test("A translation is display-safe as a title is, but keeps the directional isolates it closes", arguments: [
        ("يُغلق بعد \u{2066}%s\u{2069} ث", "يُغلق بعد \u{2066}%s\u{2069} ث"),
        ("\u{2068}%1$s\u{2069} س \u{2068}%2$s\u{2069} د", "\u{2068}%1$s\u{2069} س \u{2068}%2$s\u{2069} د"),
        ("\u{2067}a\u{2068}b\u{2069}c\u{2069}", "\u{2067}a\u{2068}b\u{2069}c\u{2069}"),
        // Left open, closing nothing, or cut by a line break: neutralised.
        ("\u{2068}open", "\u{FFFD}open"),
        ("closing\u{2069}", "closing\u{FFFD}"),
        ("\u{2066}a\nb\u{2069}", "\u{FFFD}a b\u{FFFD}"),
        ("\u{202E}override\u{202C}", "\u{FFFD}override\u{FFFD}"),
        ("Gewählt\u{1B}]0;pwned\u{07}:", "Gewählt\u{FFFD}]0;pwned\u{FFFD}:"),
        ("Dauer: %s\u{9B}2J\r\n", "Dauer: %s\u{FFFD}2J "),
        ("Start", "Start"),
    ] as [(String, String)])
    func translation(input: String, expected: String) {
        #expect(displaySafeTranslation(input) == expected)
        #expect(displaySafeTranslation(expected) == expected)
    }
}
