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
    ] as [(String, String)])
    func hidden(input: String, expected: String) {
        #expect(displaySafe(input) == expected)
    }

    @Test("Emoji built with joiners and tags, and text in other scripts, stay as they are", arguments: [
        "👨\u{200D}👩\u{200D}👧\u{200D}👦 family",
        "👩🏽\u{200D}💻 at work",
        "❤\u{FE0F}\u{200D}🔥",
        "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scotland",
        "日本語のタイトル", "שלום", "مرحبا ١٢٣", "Café crème", "\u{0600}١٢٣",
    ])
    func kept(input: String) {
        #expect(displaySafe(input) == input)
    }
}
