internal import TerminalUI

/// Lays out a help text from its parts: paragraphs wrapped at `width` display columns, rows
/// of a term (an option, a command) and its description in two columns, headings, and
/// command lines kept as typed. Translations of any length and script keep the layout:
/// widths are display widths (a Japanese character takes two columns), and text without
/// spaces breaks between wide characters, never before closing punctuation.
enum HelpLayout {
    /// One part of a help text.
    enum Block {
        /// "Usage:" and the command lines, the later ones aligned under the first.
        case usage([String])
        case paragraph(String)
        /// A heading, with the block after it directly below (no blank line).
        case heading(String)
        /// Terms and their descriptions; each description starts in the same column.
        case rows(indent: Int, [(String, String)])
        /// Lines kept as they are, indented by two.
        case code(String)
    }

    /// The help's width in columns: what a terminal of 80 shows without wrapping.
    static let width = 79

    /// The whole text, without a final newline.
    static func text(_ blocks: [Block]) -> String {
        var result = ""
        for (index, block) in blocks.enumerated() {
            if index > 0 {
                if case .heading = blocks[index - 1] { result += "\n" } else { result += "\n\n" }
            }
            result += lines(of: block).joined(separator: "\n")
        }
        return result
    }

    /// One block's lines, without blank lines around it.
    private static func lines(of block: Block) -> [String] {
        switch block {
        case .usage(let commands):
            let first = labelled(Usage.usageWord, commands.first ?? "")
            let pad = String(repeating: " ", count: DisplayWidth.of(first) - DisplayWidth.of(commands.first ?? ""))
            return [first] + commands.dropFirst().map { pad + $0 }
        case .paragraph(let text):
            return wrapped(text, width: width)
        case .heading(let text):
            return [text]
        case .rows(let indent, let rows):
            let column = indent + (rows.map { DisplayWidth.of($0.0) }.max() ?? 0) + 3
            return rows.flatMap { term, description in
                let lead = String(repeating: " ", count: indent) + term
                let pad = String(repeating: " ", count: column - DisplayWidth.of(lead))
                let body = wrapped(description, width: max(20, width - column))
                let indentation = String(repeating: " ", count: column)
                return body.enumerated().map { $0.offset == 0 ? lead + pad + $0.element : indentation + $0.element }
            }
        case .code(let text):
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        }
    }

    /// Characters a line never starts with: closing punctuation and small kana, as Japanese
    /// and Chinese line breaking (kinsoku) rules keep with the text before; French puts a
    /// space before some ("vraiment ?"), and they stay with the word before it too.
    private static let closing: Set<Character> = [
        "、", "。", "，", "．", "）", "」", "』", "】", "”", "»", "！", "？", "：", "；", "ー", "…",
        ")", ",", ".", ":", ";", "!", "?", "؟", "،", "؛",
        "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ", "ゎ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ", "ヮ", "ヵ", "ヶ",
    ]
    /// Characters a line never ends with: opening brackets and quotes, kept with what follows
    /// (with a space between too: "« now »").
    private static let opening: Set<Character> = ["「", "『", "（", "【", "“", "«", "("]
    /// The directional isolates that open a run (LRI, RLI, FSI) and the one that closes it
    /// (PDI): a line never breaks inside such a run, which would leave it open.
    private static let isolateOpeners: Set<Character> = ["\u{2066}", "\u{2067}", "\u{2068}"]
    private static let isolateCloser: Character = "\u{2069}"

    /// `label` and `value` on one line: "Usage: timepickerctl", "用法：timepickerctl" (no space
    /// after a full-width colon, which has its own).
    private static func labelled(_ label: String, _ value: String) -> String {
        guard let last = label.last, DisplayWidth.of(last) == 2 else { return label + " " + value }
        return label + value
    }

    /// `text` broken into lines of at most `width` columns: at spaces and between wide
    /// characters (scripts written without spaces), but never after a number (it stays with
    /// its unit or the next number), before closing or after opening punctuation, or inside
    /// an isolated run. A unit longer than a line breaks at its last space that fits (two
    /// quoted instants: the second, with its closing quote, goes on the next line), else
    /// anywhere.
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for unit in units(of: text) {
            var piece = unit.text
            var pieceWidth = DisplayWidth.of(piece)
            let gap = line.isEmpty ? 0 : (unit.spaced ? 1 : 0)
            if lineWidth + gap + pieceWidth <= width {
                line += (gap == 1 ? " " : "") + piece
                lineWidth += gap + pieceWidth
                continue
            }
            if !line.isEmpty { lines.append(line) }
            // A unit wider than a whole line: cut it into lines, at a space where one fits.
            while pieceWidth > width {
                var head = ""
                var headWidth = 0
                var lastSpace: Int?
                for character in piece {
                    let characterWidth = DisplayWidth.of(character)
                    if headWidth + characterWidth > width, !head.isEmpty { break }
                    if character == " ", !head.isEmpty { lastSpace = head.count }
                    head.append(character)
                    headWidth += characterWidth
                }
                if let lastSpace {
                    lines.append(String(head.prefix(lastSpace)))
                    piece = String(piece.dropFirst(lastSpace + 1))
                } else {
                    lines.append(head)
                    piece = String(piece.dropFirst(head.count))
                }
                pieceWidth = DisplayWidth.of(piece)
            }
            (line, lineWidth) = (piece, pieceWidth)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The pieces of `text` a line may not split, each with whether a space came before it.
    static func units(of text: String) -> [(text: String, spaced: Bool)] {
        var units: [(text: String, spaced: Bool)] = []
        var spaced = false
        var current = ""
        var isolation = 0
        func flush() {
            if !current.isEmpty { units.append((current, spaced)); spaced = false; current = "" }
        }
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if isolateOpeners.contains(character) { isolation += 1 }
            if character == isolateCloser { isolation = max(0, isolation - 1) }
            if character == " " || character == "\n" {
                let followed = index + 1 < characters.count && characters[index + 1] != " "
                if isolation > 0 || (current.last?.isWholeNumber == true && followed) {
                    current.append(" ")
                } else {
                    flush()
                    spaced = true
                }
            } else if closing.contains(character), current.isEmpty, let last = units.popLast() {
                // Closing punctuation joins the unit before, with the space it had ("vraiment ?").
                current = last.text + (spaced ? " " : "") + String(character)
                spaced = last.spaced
            } else if isolation == 0, DisplayWidth.of(character) == 2 {
                let keptWithPrevious = current.last.map { opening.contains($0) || $0 == " " } ?? false
                if !closing.contains(character), !keptWithPrevious { flush() }
                current.append(character)
                if !opening.contains(character) { flush() }
            } else {
                if isolation == 0, let last = current.last, DisplayWidth.of(last) == 2, !opening.contains(last) { flush() }
                current.append(character)
            }
        }
        flush()
        // Opening punctuation standing alone ("«" before " now »") joins the unit after it.
        var joined: [(text: String, spaced: Bool)] = []
        var pendingOpening: (text: String, spaced: Bool)?
        for unit in units {
            if let pending = pendingOpening {
                joined.append((pending.text + (unit.spaced ? " " : "") + unit.text, pending.spaced))
                pendingOpening = nil
            } else if unit.text.allSatisfy(opening.contains) {
                pendingOpening = unit
            } else {
                joined.append(unit)
            }
        }
        if let pending = pendingOpening { joined.append(pending) }
        return joined
    }
}
