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
    /// and Chinese line breaking (kinsoku) rules keep with the text before.
    private static let closing: Set<Character> = [
        "、", "。", "，", "．", "）", "」", "』", "】", "”", "»", "！", "？", "：", "；", "ー", "…", ")", ",", ".", ":", ";",
        "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ", "ゎ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ", "ヮ", "ヵ", "ヶ",
    ]
    /// Characters a line never ends with: opening brackets and quotes, kept with what follows.
    private static let opening: Set<Character> = ["「", "『", "（", "【", "“", "«", "("]

    /// `label` and `value` on one line: "Usage: timepickerctl", "用法：timepickerctl" (no space
    /// after a full-width colon, which has its own).
    static func labelled(_ label: String, _ value: String) -> String {
        guard let last = label.last, DisplayWidth.of(last) == 2 else { return label + " " + value }
        return label + value
    }

    /// `text` broken into lines of at most `width` columns: at spaces (but not after a number,
    /// which stays with its unit or the next number), and between wide characters (scripts written without spaces). A word longer
    /// than a line breaks anywhere.
    static func wrapped(_ text: String, width: Int) -> [String] {
        // Units that may not be split, each with whether a space came before it.
        var units: [(text: String, spaced: Bool)] = []
        var spaced = false
        var current = ""
        func flush() {
            if !current.isEmpty { units.append((current, spaced)); spaced = false; current = "" }
        }
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            // A space after a number keeps it with what follows: "09:00 17:00", "30 s".
            if character == " ", current.last?.isWholeNumber == true, index + 1 < characters.count, characters[index + 1] != " " {
                current.append(character)
            } else if character == " " || character == "\n" {
                flush()
                spaced = true
            } else if closing.contains(character), current.isEmpty, !spaced, let last = units.popLast() {
                current = last.text + String(character)
                spaced = last.spaced
            } else if DisplayWidth.of(character) == 2 {
                let afterOpening = current.last.map(opening.contains) ?? false
                if !closing.contains(character), !afterOpening { flush() }
                current.append(character)
                if !opening.contains(character) { flush() }
            } else {
                if let last = current.last, DisplayWidth.of(last) == 2, !opening.contains(last) { flush() }
                current.append(character)
            }
        }
        flush()
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for unit in units {
            var piece = unit.text
            var pieceWidth = DisplayWidth.of(piece)
            let gap = line.isEmpty ? 0 : (unit.spaced ? 1 : 0)
            if lineWidth + gap + pieceWidth <= width {
                line += (gap == 1 ? " " : "") + piece
                lineWidth += gap + pieceWidth
                continue
            }
            if !line.isEmpty { lines.append(line) }
            // A unit wider than a whole line: cut it into lines.
            while pieceWidth > width {
                var head = ""
                var headWidth = 0
                for character in piece {
                    let characterWidth = DisplayWidth.of(character)
                    if headWidth + characterWidth > width, !head.isEmpty { break }
                    head.append(character)
                    headWidth += characterWidth
                }
                lines.append(head)
                piece = String(piece.dropFirst(head.count))
                pieceWidth = DisplayWidth.of(piece)
            }
            (line, lineWidth) = (piece, pieceWidth)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
