/// The user interfaces a session can be shown in, as the `ui` option and `--ui` name them.
public enum UserInterfaceKind: String, Sendable, CaseIterable {
    /// A dialog window, through a dialog backend on the bus.
    case dialog
    /// Desktop notifications whose actions pick the times.
    case notification
    /// The terminal the daemon runs in.
    case terminal
}

extension PickerOptions {
    static func validatedUserInterface(_ text: String?) throws(OptionError) -> UserInterfaceKind? {
        try validatedChoice(text, key: "ui", choicesJoinedBy: ", ", introducedBy: "must be one of")
    }

    static func validatedParentWindow(_ text: String?) throws(OptionError) -> ParentWindow? {
        guard let text, !text.isEmpty else { return nil }
        guard let window = ParentWindow(text) else {
            throw OptionError(
                key: "parent_window",
                reason: "must be 'x11:XID' (XID in hexadecimal), 'wayland:HANDLE' or '', got \(quotedForMessage(text))")
        }
        return window
    }

    static func validatedActivationToken(_ text: String?) throws(OptionError) -> String? {
        guard let text, !text.isEmpty else { return nil }
        // Tokens are printable ASCII (XDG activation, startup notification ids).
        guard text.utf8.count <= 256, text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw OptionError(
                key: "activation_token", reason: "must be at most 256 printable ASCII characters without spaces, got \(quotedForMessage(text))")
        }
        return text
    }

    /// The longest locale name taken ("de_DE.UTF-8@euro" is 16).
    public static let maxLocaleNameLength = 64

    /// A locale name as glibc spells them: language, then territory, codeset and modifier
    /// (`de_DE.UTF-8`, `sr_RS@latin`, `C.UTF-8`); nil for none. Nothing that could be a path.
    static func validatedLocaleName(_ text: String?) throws(OptionError) -> String? {
        guard let text else { return nil }
        let allowed: (UInt8) -> Bool = { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || [UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "@"), UInt8(ascii: "-")].contains(byte)
        }
        guard !text.isEmpty, text.utf8.count <= maxLocaleNameLength, text.utf8.allSatisfy(allowed),
              let first = text.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
        else {
            throw OptionError(key: "locale", reason: "must be a locale name such as 'de_DE.UTF-8', got \(quotedForMessage(text))")
        }
        return text
    }
}
