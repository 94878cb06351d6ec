import Testing
import TerminalUI
import TimePickerCore

/// True if any scalar could act as a control: C0, DEL, C1.
private func hasControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
}

@Suite("Terminal-safe text")
struct TerminalTextTests {
    @Test("hostile input loses every control", arguments: [
        ("\u{1B}[2Jwiped", "\u{FFFD}[2Jwiped"),
        ("\u{1B}]0;evil\u{07}title", "\u{FFFD}]0;evil\u{FFFD}title"),
        ("\u{9B}31mred", "\u{FFFD}31mred"),
        ("one\r\ntwo", "one two"),
        ("a\tb\nc\rd", "a b c d"),
        ("\u{202E}gnp.exe", "\u{FFFD}gnp.exe"),
        ("\u{2066}x\u{2069}", "\u{FFFD}x\u{FFFD}"),
        ("nul\u{0}del\u{7F}", "nul\u{FFFD}del\u{FFFD}"),
        ("Team sync – Café 😀", "Team sync – Café 😀"),
    ] as [(String, String)])
    func sanitises(input: String, expected: String) {
        let safe = displaySafe(input)
        #expect(safe == expected)
        #expect(!hasControl(safe))
    }

    @Test("every control and bidi code point is replaced")
    func exhaustive() {
        let dangerous = Array(0x00...0x1F) + Array(0x7F...0x9F) + Array(0x202A...0x202E) + Array(0x2066...0x2069)
        let input = String(String.UnicodeScalarView(dangerous.compactMap { Unicode.Scalar(UInt32($0)) }))
        let safe = displaySafe(input)
        #expect(!hasControl(safe))
        #expect(!safe.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        #expect(!safe.utf8.contains(0x1B))
    }
}
