internal import TimePickerCore

/// The `parent_window` argument in xdg-desktop-portal's convention: "" for none,
/// "x11:XID" (hexadecimal) or "wayland:HANDLE" (an xdg-foreign export handle).
public enum ParentWindowID: Sendable, Equatable {
    case none
    /// An X11 window id.
    case x11(UInt)
    /// An xdg-foreign handle exported by the parent's toolkit.
    case wayland(String)

    /// The largest X11 resource id: XIDs have 29 bits.
    static let maxXID: UInt = 0x1FFF_FFFF
    /// The longest Wayland handle taken (real ones are UUIDs, 36 characters).
    static let maxHandleBytes = 256

    /// Parses `text`; nil when it is none of the three forms.
    public init?(parsing text: String) {
        if text.isEmpty {
            self = .none
        } else if text.hasPrefix("x11:") {
            var digits = text.dropFirst(4)
            if digits.hasPrefix("0x") || digits.hasPrefix("0X") { digits = digits.dropFirst(2) }
            guard (1...8).contains(digits.utf8.count), digits.utf8.allSatisfy(\.isASCIIHexDigit),
                  let xid = UInt(digits, radix: 16), xid != 0, xid <= Self.maxXID
            else { return nil }
            self = .x11(xid)
        } else if text.hasPrefix("wayland:") {
            let handle = text.dropFirst(8)
            guard (1...Self.maxHandleBytes).contains(handle.utf8.count),
                  handle.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
            else { return nil }
            self = .wayland(String(handle))
        } else {
            return nil
        }
    }

    /// Why a `parent_window` was refused, for InvalidArgs.
    public static func problem(with text: String) -> String {
        "parent_window must be '', 'x11:XID' (XID in hexadecimal) or 'wayland:HANDLE', got "
            + quotedForMessage(text)
    }
}

extension UInt8 {
    fileprivate var isASCIIHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
