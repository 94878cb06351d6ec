/// The user interfaces a session can be shown in, as the `ui` option and `--ui` name them.
public enum UserInterfaceKind: String, Sendable, CaseIterable {
    /// A dialog window, through a dialog backend on the bus.
    case dialog
    /// Desktop notifications whose actions pick the times.
    case notification
    /// The terminal the daemon runs in.
    case terminal
}

/// A window of the caller's to attach a dialog to, in xdg-desktop-portal's `parent_window`
/// convention: `x11:XID` (hexadecimal) or `wayland:HANDLE` (an xdg-foreign handle).
public enum ParentWindow: Sendable, Equatable {
    case x11(UInt32)
    case wayland(String)

    /// Reads the convention's text; nil for anything else. "" is no parent, handled by the caller.
    public init?(_ text: String) {
        if text.hasPrefix("x11:") {
            let digits = text.dropFirst(4)
            guard !digits.isEmpty, digits.count <= 8, digits.utf8.allSatisfy(Self.isHexDigit),
                  let xid = UInt32(digits, radix: 16), xid != 0
            else { return nil }
            self = .x11(xid)
        } else if text.hasPrefix("wayland:") {
            let handle = String(text.dropFirst(8))
            // xdg-foreign handles are printable ASCII tokens.
            guard !handle.isEmpty, handle.utf8.count <= 256, handle.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
            self = .wayland(handle)
        } else {
            return nil
        }
    }

    /// The text form, as it travels on the bus.
    public var text: String {
        switch self {
        case .x11(let xid): "x11:" + String(xid, radix: 16)
        case .wayland(let handle): "wayland:" + handle
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
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
}
