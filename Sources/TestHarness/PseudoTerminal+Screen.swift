import Glibc

/// Reading the terminal as a person sees it: the latest frame, and the terminal's mode.
extension PseudoTerminal {
    /// The text of the latest frame: what was written after the last cursor-home (every frame
    /// starts with one), with escape sequences removed.
    public var currentScreen: String {
        let home: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "H")]
        return plainText(String(decoding: rawOutput(sinceLast: home), as: UTF8.self))
    }

    /// Waits until the screen shows `text`, and returns the screen.
    @discardableResult
    public func waitForScreen(containing text: String, seconds: Double = 10) throws -> String {
        var seen = ""
        do {
            try waitUntil("the terminal to show '\(text)'", seconds: seconds) {
                seen = currentScreen
                return seen.contains(text)
            }
        } catch {
            throw HarnessError("\(error); the screen showed:\n\(seen)")
        }
        return seen
    }

    /// Whether the terminal is in ordinary line mode: echo and line editing on.
    public var isCooked: Bool {
        var settings = termios()
        tcgetattr(terminal, &settings)
        return settings.c_lflag & tcflag_t(ICANON) != 0 && settings.c_lflag & tcflag_t(ECHO) != 0
    }
}

/// Terminal output with CSI and OSC escape sequences removed and CR LF turned into newlines.
public func plainText(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
        switch scalar {
        case "\u{1B}":
            guard let kind = scalars.next() else { break }
            if kind == "[" {
                while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            } else if kind == "]" {
                while let next = scalars.next(), next != "\u{07}", next != "\u{1B}" {}
            }
        case "\r":
            continue
        default:
            result.append(scalar)
        }
    }
    return String(result)
}
