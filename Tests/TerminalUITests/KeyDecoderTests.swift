import Testing
import TerminalUI

/// Decodes each chunk in turn with one decoder and returns all keys.
private func decode(_ chunks: [[UInt8]]) -> [Key] {
    var decoder = KeyDecoder()
    return chunks.flatMap { decoder.decode($0) }
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite("KeyDecoder")
struct KeyDecoderTests {
    @Test("single sequences and bytes", arguments: [
        ("\u{1B}[A", [Key.up]), ("\u{1B}[B", [.down]), ("\u{1B}[C", [.right]), ("\u{1B}[D", [.left]),
        ("\u{1B}OA", [.up]), ("\u{1B}OB", [.down]), ("\u{1B}OC", [.right]), ("\u{1B}OD", [.left]),
        ("\u{1B}[H", [.home]), ("\u{1B}[F", [.end]), ("\u{1B}OH", [.home]), ("\u{1B}OF", [.end]),
        ("\u{1B}[1~", [.home]), ("\u{1B}[4~", [.end]), ("\u{1B}[7~", [.home]), ("\u{1B}[8~", [.end]),
        ("\u{1B}[5~", [.pageUp]), ("\u{1B}[6~", [.pageDown]),
        ("\u{1B}[Z", [.backTab]), ("\t", [.tab]), ("\r", [.enter]), ("\n", [.enter]),
        ("\u{1B}", [.escape]), ("\u{1B}\u{1B}", [.escape, .escape]),
        ("q", [.character("q")]), ("j", [.character("j")]), ("k", [.character("k")]), (" ", [.character(" ")]),
        ("é", [.character("é")]), ("€", [.character("€")]), ("😀", [.character("😀")]),
        // Modifiers do not change which key it is.
        ("\u{1B}[1;5A", [.up]), ("\u{1B}[5;2~", [.pageUp]),
        // Known-but-unused keys: Insert, Delete, F1, F5, Alt+x, DEL, Ctrl-A.
        ("\u{1B}[2~", [.other]), ("\u{1B}[3~", [.other]), ("\u{1B}OP", [.other]), ("\u{1B}[15~", [.other]),
        ("\u{1B}x", [.other]), ("\u{7F}", [.backspace]), ("\u{08}", [.backspace]), ("\u{01}", [.other]),
    ] as [(String, [Key])])
    func decodesOne(input: String, expected: [Key]) {
        #expect(decode([bytes(input)]) == expected)
    }

    @Test("several keys in one chunk")
    func severalKeys() {
        #expect(decode([bytes("j\u{1B}[Ak\u{1B}OB\r")]) == [.character("j"), .up, .character("k"), .down, .enter])
    }

    @Test("a sequence split across chunks still decodes", arguments: [
        [bytes("\u{1B}["), bytes("A")],
        [bytes("\u{1B}O"), bytes("A")],
        [bytes("\u{1B}[1;"), bytes("5A")],
        [bytes("\u{1B}["), [], bytes("A")],
    ] as [[[UInt8]]])
    func splitSequence(chunks: [[UInt8]]) {
        #expect(decode(chunks) == [.up])
    }

    @Test("a split tilde sequence decodes")
    func splitTilde() {
        #expect(decode([bytes("\u{1B}[5"), bytes("~")]) == [.pageUp])
        #expect(decode([bytes("\u{1B}[6"), bytes(""), bytes("~j")]) == [.pageDown, .character("j")])
    }

    @Test("ESC at the end of a chunk is Escape; the next chunk starts afresh")
    func loneEscapeAtChunkEnd() {
        #expect(decode([bytes("\u{1B}"), bytes("[A")]) == [.escape, .character("["), .character("A")])
        #expect(decode([bytes("j\u{1B}")]) == [.character("j"), .escape])
    }

    @Test("ESC ESC [ A is Escape then Up")
    func escapeThenSequence() {
        #expect(decode([bytes("\u{1B}\u{1B}[A")]) == [.escape, .up])
    }

    @Test("UTF-8 split across chunks", arguments: [1, 2, 3])
    func utf8Split(at cut: Int) {
        let emoji = bytes("😀")  // four bytes
        #expect(decode([Array(emoji[..<cut]), Array(emoji[cut...])]) == [.character("😀")])
    }

    @Test("invalid UTF-8 becomes .other and does not swallow the next key", arguments: [
        ([0xC3, 0x71], [Key.other, .character("q")]),       // truncated two-byte char, then "q"
        ([0xC0, 0xAF], [.other, .other]),                   // overlong lead byte, stray continuation
        ([0xE0, 0x80, 0xAF], [.other]),                     // overlong three-byte form
        ([0xED, 0xA0, 0x80], [.other]),                     // UTF-16 surrogate
        ([0xC2, 0x9B], [.other]),                           // C1 CSI encoded as UTF-8
        ([0xFF], [.other]),
    ] as [([UInt8], [Key])])
    func invalidUTF8(input: [UInt8], expected: [Key]) {
        #expect(decode([input]) == expected)
    }

    @Test("unknown and mouse/paste sequences never leak characters", arguments: [
        ("\u{1B}[99;42;7x", [Key.other]),
        ("\u{1B}[?1;2c", [.other]),                          // device attributes reply
        ("\u{1B}[<0;12;5M", [.other]),                       // SGR mouse press
        ("\u{1B}[<0;12;5m", [.other]),                       // SGR mouse release
        ("\u{1B}[M abc", [.other, .character("c")]),         // X10 mouse: 3 raw bytes follow
        ("\u{1B}[200~qqq\r\u{1B}[201~j", [.other, .character("j")]), // bracketed paste swallowed
        ("\u{1B}[200~x\u{1B}\u{1B}[201~", [.other]),         // ESC inside a paste
        ("\u{1B}[1 q", [.other]),                            // intermediate byte
    ] as [(String, [Key])])
    func unknownSequences(input: String, expected: [Key]) {
        #expect(decode([bytes(input)]) == expected)
    }

    @Test("an unknown sequence split across chunks is consumed whole")
    func unknownSplit() {
        #expect(decode([bytes("\u{1B}[12;3"), bytes("4;5"), bytes("xq")]) == [.other, .character("q")])
        #expect(decode([bytes("\u{1B}[200~ab"), bytes("q\u{1B}[20"), bytes("1~k")]) == [.other, .character("k")])
    }

    @Test("a sequence cut short by a control byte reports .other and keeps the byte")
    func abortedSequence() {
        #expect(decode([bytes("\u{1B}[12\r")]) == [.other, .enter])
        #expect(decode([bytes("\u{1B}[1\u{1B}[B")]) == [.other, .down])
    }

    @Test("very long parameter runs are bounded and still consumed")
    func longParameters() {
        let junk = "\u{1B}[" + String(repeating: "1;", count: 5000) + "~q"
        #expect(decode([bytes(junk)]) == [.other, .character("q")])
    }
}
