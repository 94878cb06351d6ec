/// Turns raw-mode terminal input into keys, keeping state so sequences may arrive split across reads.
///
/// Escape sequences are always consumed whole, so none of their bytes can turn into
/// `.character` keys (a stray "q" from a half-parsed sequence would cancel the picker).
public struct KeyDecoder: Sendable {
    /// Where the decoder is inside a multi-byte input.
    private enum State: Sendable {
        case ground
        /// Saw ESC; the next byte decides between a sequence, Alt+key and a lone Escape.
        case escape
        /// Inside `ESC [`; parameter bytes are kept (bounded) to tell `~` keys apart.
        case csi(parameters: [UInt8], intermediates: Bool)
        /// Inside `ESC O`; some terminals add parameters here too.
        case ss3(parameters: Bool)
        /// After the X10 mouse report `ESC [ M`, three raw bytes (button, column, row) follow.
        case mouse(remaining: Int)
        /// Inside a bracketed paste: everything up to `ESC [ 201 ~` is dropped, so pasted
        /// text can never act as key presses.
        case paste(matched: Int)
        /// Inside a UTF-8 character: the scalar so far, continuation bytes still due, and
        /// its total length (to reject overlong encodings).
        case utf8(value: UInt32, remaining: Int, length: Int)
    }

    private static let esc: UInt8 = 0x1B
    /// More parameter bytes than any key sequence needs; longer ones are junk (kept out of memory).
    private static let maxParameters = 16
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    private var state: State = .ground

    public init() {}

    /// Decodes one chunk of input; incomplete sequences wait for the next chunk, except a
    /// lone ESC at the very end of a chunk, which is the Escape key.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        var keys: [Key] = []
        for byte in bytes {
            feed(byte, into: &keys)
        }
        // A terminal writes a whole sequence at once, so an ESC with nothing after it in
        // the same read was typed on its own; waiting for more would make Escape feel stuck.
        if case .escape = state {
            keys.append(.escape)
            state = .ground
        }
        return keys
    }

    /// Advances the state machine by one byte, appending any key it completes.
    private mutating func feed(_ byte: UInt8, into keys: inout [Key]) {
        switch state {
        case .ground:
            ground(byte, into: &keys)

        case .escape:
            switch byte {
            case UInt8(ascii: "["):
                state = .csi(parameters: [], intermediates: false)
            case UInt8(ascii: "O"):
                state = .ss3(parameters: false)
            case Self.esc:
                // ESC ESC: the first was a lone Escape; the second may start a sequence.
                keys.append(.escape)
                state = .escape
            case 0x20...0x7E:
                // Alt+key arrives as ESC plus the key; it is no picker key, and its
                // character must not leak through.
                keys.append(.other)
                state = .ground
            default:
                // ESC before a control or non-ASCII byte: Escape, then that byte on its own.
                keys.append(.escape)
                state = .ground
                ground(byte, into: &keys)
            }

        case .csi(var parameters, let intermediates):
            switch byte {
            case 0x30...0x3F where !intermediates:
                // One byte past the limit is kept, to mark the sequence as too long.
                if parameters.count <= Self.maxParameters { parameters.append(byte) }
                state = .csi(parameters: parameters, intermediates: false)
            case 0x20...0x2F:
                state = .csi(parameters: parameters, intermediates: true)
            case 0x40...0x7E:
                state = .ground
                finishCSI(parameters: parameters, intermediates: intermediates, final: byte, into: &keys)
            default:
                abortSequence(at: byte, into: &keys)
            }

        case .ss3(let parameters):
            switch byte {
            case 0x20...0x3F:
                state = .ss3(parameters: true)
            case 0x40...0x7E:
                state = .ground
                keys.append(parameters ? .other : Self.ss3Key(final: byte))
            default:
                abortSequence(at: byte, into: &keys)
            }

        case .mouse(let remaining):
            state = remaining > 1 ? .mouse(remaining: remaining - 1) : .ground

        case .paste(let matched):
            if byte == Self.pasteEnd[matched] {
                state = matched + 1 == Self.pasteEnd.count ? .ground : .paste(matched: matched + 1)
            } else {
                state = .paste(matched: byte == Self.esc ? 1 : 0)
            }

        case .utf8(let value, let remaining, let length):
            guard byte & 0xC0 == 0x80 else {
                // Truncated character: report it as junk, then read this byte afresh.
                keys.append(.other)
                state = .ground
                ground(byte, into: &keys)
                return
            }
            let next = value << 6 | UInt32(byte & 0x3F)
            if remaining > 1 {
                state = .utf8(value: next, remaining: remaining - 1, length: length)
            } else {
                state = .ground
                keys.append(Self.scalarKey(next, length: length))
            }
        }
    }

    /// Handles a byte outside any sequence.
    private mutating func ground(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case Self.esc:
            state = .escape
        case 0x09:
            keys.append(.tab)
        case 0x0A, 0x0D:
            // Raw mode turns off ICRNL, so Enter is CR; LF is accepted too (Ctrl-J, some terminals).
            keys.append(.enter)
        case 0x7F, 0x08:
            keys.append(.backspace)
        case 0x20...0x7E:
            keys.append(.character(Unicode.Scalar(byte)))
        case 0xC2...0xDF:
            state = .utf8(value: UInt32(byte & 0x1F), remaining: 1, length: 2)
        case 0xE0...0xEF:
            state = .utf8(value: UInt32(byte & 0x0F), remaining: 2, length: 3)
        case 0xF0...0xF4:
            state = .utf8(value: UInt32(byte & 0x07), remaining: 3, length: 4)
        default:
            // Other controls, DEL, stray continuation bytes and invalid lead bytes.
            keys.append(.other)
        }
    }

    /// Ends a sequence broken by an unexpected byte: the part seen so far is one `.other`,
    /// and the byte is read again on its own (it may be an ESC starting the next sequence).
    private mutating func abortSequence(at byte: UInt8, into keys: inout [Key]) {
        keys.append(.other)
        state = .ground
        ground(byte, into: &keys)
    }

    /// Maps a complete `ESC [ parameters final` sequence to its key.
    private mutating func finishCSI(parameters: [UInt8], intermediates: Bool, final: UInt8, into keys: inout [Key]) {
        // Private markers (`<`, `=`, `>`, `?`) start SGR mouse reports and replies to
        // queries; intermediates and overlong parameters mark sequences no key sends.
        if intermediates || parameters.count > Self.maxParameters || parameters.first.map({ $0 >= 0x3C }) == true {
            keys.append(.other)
            return
        }
        switch final {
        case UInt8(ascii: "A"): keys.append(.up)
        case UInt8(ascii: "B"): keys.append(.down)
        case UInt8(ascii: "C"): keys.append(.right)
        case UInt8(ascii: "D"): keys.append(.left)
        case UInt8(ascii: "H"): keys.append(.home)
        case UInt8(ascii: "F"): keys.append(.end)
        case UInt8(ascii: "Z"): keys.append(.backTab)
        case UInt8(ascii: "M") where parameters.isEmpty:
            keys.append(.other)
            state = .mouse(remaining: 3)
        case UInt8(ascii: "~"):
            let key = Self.tildeKey(firstParameter: parameters)
            if key == nil {
                // ESC [ 200 ~ opens a bracketed paste; swallow it up to its end marker.
                state = .paste(matched: 0)
            }
            keys.append(key ?? .other)
        default:
            keys.append(.other)
        }
    }

    /// The key for `ESC [ n ~` (modifiers after `;` ignored); nil for the paste-start marker.
    private static func tildeKey(firstParameter parameters: [UInt8]) -> Key? {
        let number = parameters.prefix { $0 != UInt8(ascii: ";") }
        switch String(decoding: number, as: UTF8.self) {
        case "1", "7": return .home
        case "4", "8": return .end
        case "5": return .pageUp
        case "6": return .pageDown
        case "200": return nil
        default: return .other
        }
    }

    /// The key for `ESC O x` (application cursor mode).
    private static func ss3Key(final: UInt8) -> Key {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "M"): .enter  // keypad Enter in application keypad mode
        default: .other
        }
    }

    /// A decoded UTF-8 scalar, or `.other` for overlong forms, surrogates and out-of-range values.
    private static func scalarKey(_ value: UInt32, length: Int) -> Key {
        let minimum: UInt32 = switch length {
        case 2: 0x80
        case 3: 0x800
        default: 0x10000
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return .other }
        // C1 controls are encoded as two-byte UTF-8; they are controls, not characters.
        return (0x80...0x9F).contains(value) ? .other : .character(scalar)
    }
}
