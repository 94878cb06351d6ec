/// A small terminal emulator, to read back what a person would see: the cells of a screen of
/// a given size after the bytes a program wrote, with the cursor moves, erasing, line wrapping
/// and scrolling of an xterm (no rewrapping on resize, as xterm).
///
/// Its widths are its own, as a terminal's are (one per scalar, wide East Asian and emoji two,
/// combining and format characters none), not the daemon's table: the test then sees what a
/// terminal makes of the daemon's idea of widths.
public struct ScreenEmulator {
    public private(set) var columns: Int
    public private(set) var rows: Int
    /// Each cell: a character, or "" for the right half of a wide one.
    private var cells: [[String]]
    public private(set) var cursorRow = 0
    public private(set) var cursorColumn = 0
    /// After the last column was written: the next character goes to the next line.
    private var pendingWrap = false
    private var saved: (row: Int, column: Int) = (0, 0)
    /// The normal screen and cursor while the alternate screen is shown.
    private var normalScreen: (cells: [[String]], row: Int, column: Int)?
    public private(set) var cursorVisible = true
    private var parser = Parser.ground
    private var utf8: [UInt8] = []

    private enum Parser {
        case ground, escape, csi(String), osc, oscEscape, charset
    }

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The screen's lines, trailing blanks removed.
    public var lines: [String] {
        cells.map { row in
            var line = row.joined()
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The screen as text, one line per row, trailing blank lines removed.
    public var text: String {
        var all = lines
        while all.last == "" { all.removeLast() }
        return all.joined(separator: "\n")
    }

    /// Whether the alternate screen is shown.
    public var onAlternateScreen: Bool { normalScreen != nil }

    /// Resizes as xterm does: lines are cut or padded on the right; a screen that loses rows
    /// loses them at the bottom, or at the top when the cursor would be below the new bottom.
    public mutating func resize(columns newColumns: Int, rows newRows: Int) {
        cells = cells.map { row in
            Array(row.prefix(newColumns)) + Array(repeating: " ", count: max(0, newColumns - row.count))
        }
        if newRows < rows {
            let fromTop = max(0, cursorRow - newRows + 1)
            cells.removeFirst(fromTop)
            cursorRow -= fromTop
            cells.removeLast(cells.count - newRows)
        } else {
            cells += Array(repeating: Array(repeating: " ", count: newColumns), count: newRows - rows)
        }
        columns = newColumns
        rows = newRows
        cursorColumn = min(cursorColumn, columns - 1)
        pendingWrap = false
    }

    public mutating func feed(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { feed(byte) }
    }

    private mutating func feed(_ byte: UInt8) {
        switch parser {
        case .ground:
            if !utf8.isEmpty || byte >= 0x80 {
                utf8.append(byte)
                if let scalar = String(validating: utf8, as: UTF8.self)?.unicodeScalars.first {
                    utf8.removeAll()
                    put(scalar)
                } else if utf8.count >= 4 {
                    utf8.removeAll()
                }
                return
            }
            switch byte {
            case 0x1B: parser = .escape
            case 0x0D: cursorColumn = 0; pendingWrap = false
            case 0x0A, 0x0B, 0x0C: lineFeed()
            case 0x08: cursorColumn = max(0, cursorColumn - 1); pendingWrap = false
            case 0x09: cursorColumn = min(columns - 1, (cursorColumn / 8 + 1) * 8)
            case 0x20...0x7E: put(Unicode.Scalar(byte))
            default: break
            }
        case .escape:
            switch byte {
            case UInt8(ascii: "["): parser = .csi("")
            case UInt8(ascii: "]"): parser = .osc
            case UInt8(ascii: "("), UInt8(ascii: ")"): parser = .charset
            case UInt8(ascii: "7"): saved = (cursorRow, cursorColumn); parser = .ground
            case UInt8(ascii: "8"): (cursorRow, cursorColumn) = saved; pendingWrap = false; parser = .ground
            case UInt8(ascii: "M"):
                if cursorRow == 0 { cells.insert(blankRow, at: 0); cells.removeLast() } else { cursorRow -= 1 }
                parser = .ground
            default: parser = .ground
            }
        case .charset:
            parser = .ground
        case .osc:
            if byte == 0x07 { parser = .ground } else if byte == 0x1B { parser = .oscEscape }
        case .oscEscape:
            parser = .ground
        case .csi(let parameters):
            if (0x40...0x7E).contains(byte) {
                parser = .ground
                control(parameters, final: byte)
            } else {
                parser = .csi(parameters + String(UnicodeScalar(byte)))
            }
        }
    }

    private var blankRow: [String] { Array(repeating: " ", count: columns) }

    private mutating func lineFeed() {
        pendingWrap = false
        if cursorRow == rows - 1 {
            cells.removeFirst()
            cells.append(blankRow)
        } else {
            cursorRow += 1
        }
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        let width = Self.width(of: scalar)
        if width == 0 {
            // Joins the character before the cursor.
            let column = pendingWrap ? cursorColumn : max(0, cursorColumn - 1)
            var target = column
            while target > 0, cells[cursorRow][target].isEmpty { target -= 1 }
            cells[cursorRow][target] += String(scalar)
            return
        }
        if pendingWrap || cursorColumn + width > columns {
            cursorColumn = 0
            lineFeed()
        }
        cells[cursorRow][cursorColumn] = String(scalar)
        if width == 2, cursorColumn + 1 < columns { cells[cursorRow][cursorColumn + 1] = "" }
        if cursorColumn + width >= columns {
            cursorColumn = columns - 1
            pendingWrap = true
        } else {
            cursorColumn += width
        }
    }

    private mutating func control(_ parameterText: String, final: UInt8) {
        let isPrivate = parameterText.hasPrefix("?")
        let numbers = parameterText.drop { $0 == "?" }.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ index: Int, default value: Int) -> Int {
            guard index < numbers.count, let number = numbers[index], number > 0 else { return value }
            return number
        }
        let count = number(0, default: 1)
        switch UnicodeScalar(final) {
        case "A": cursorRow = max(0, cursorRow - count); pendingWrap = false
        case "B": cursorRow = min(rows - 1, cursorRow + count); pendingWrap = false
        case "C": cursorColumn = min(columns - 1, cursorColumn + count); pendingWrap = false
        case "D": cursorColumn = max(0, cursorColumn - count); pendingWrap = false
        case "E": cursorRow = min(rows - 1, cursorRow + count); cursorColumn = 0; pendingWrap = false
        case "F": cursorRow = max(0, cursorRow - count); cursorColumn = 0; pendingWrap = false
        case "G": cursorColumn = min(columns - 1, count - 1); pendingWrap = false
        case "d": cursorRow = min(rows - 1, count - 1); pendingWrap = false
        case "H", "f":
            cursorRow = min(rows - 1, number(0, default: 1) - 1)
            cursorColumn = min(columns - 1, number(1, default: 1) - 1)
            pendingWrap = false
        case "J":
            let mode = numbers.first.flatMap { $0 } ?? 0
            if mode == 0 {
                erase(row: cursorRow, from: cursorColumn, to: columns)
                for row in cursorRow + 1..<rows { cells[row] = blankRow }
            } else if mode == 1 {
                for row in 0..<cursorRow { cells[row] = blankRow }
                erase(row: cursorRow, from: 0, to: cursorColumn + 1)
            } else {
                cells = Array(repeating: blankRow, count: rows)
            }
        case "K":
            let mode = numbers.first.flatMap { $0 } ?? 0
            if mode == 0 {
                erase(row: cursorRow, from: cursorColumn, to: columns)
            } else if mode == 1 {
                erase(row: cursorRow, from: 0, to: cursorColumn + 1)
            } else {
                cells[cursorRow] = blankRow
            }
        case "L":
            for _ in 0..<min(count, rows - cursorRow) { cells.insert(blankRow, at: cursorRow); cells.removeLast() }
        case "M":
            for _ in 0..<min(count, rows - cursorRow) { cells.remove(at: cursorRow); cells.append(blankRow) }
        case "P":
            for _ in 0..<min(count, columns - cursorColumn) { cells[cursorRow].remove(at: cursorColumn); cells[cursorRow].append(" ") }
        case "@":
            for _ in 0..<min(count, columns - cursorColumn) { cells[cursorRow].insert(" ", at: cursorColumn); cells[cursorRow].removeLast() }
        case "X":
            erase(row: cursorRow, from: cursorColumn, to: min(columns, cursorColumn + count))
        case "h" where isPrivate:
            for mode in numbers {
                if mode == 25 { cursorVisible = true }
                if mode == 1049, normalScreen == nil {
                    normalScreen = (cells, cursorRow, cursorColumn)
                    cells = Array(repeating: blankRow, count: rows)
                }
            }
        case "l" where isPrivate:
            for mode in numbers {
                if mode == 25 { cursorVisible = false }
                if mode == 1049, let normal = normalScreen {
                    cells = normal.cells
                    cursorRow = normal.row
                    cursorColumn = normal.column
                    normalScreen = nil
                    pendingWrap = false
                }
            }
        default:
            break
        }
    }

    private mutating func erase(row: Int, from start: Int, to end: Int) {
        guard start < end else { return }
        for column in start..<end { cells[row][column] = " " }
        // A wide character cut in half goes whole.
        if start > 0, cells[row][start - 1] != " ", start < columns, cells[row][start].isEmpty { cells[row][start - 1] = " " }
    }

    /// What a terminal that measures one scalar at a time gives: wide East Asian characters
    /// and emoji two columns, combining and format characters none.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        let value = scalar.value
        if (0xFE00...0xFE0F).contains(value) || (0x1160...0x11FF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }
}
