/// A window of the caller's to attach a dialog to, in xdg-desktop-portal's `parent_window`
/// convention: `x11:XID` (hexadecimal) or `wayland:HANDLE` (an xdg-foreign handle).
///
/// The daemon checks it and the dialog backend reads it with this one parser, so they never
/// disagree about a window: whatever the daemon accepts, the backend accepts too, and a window
/// it cannot find leaves the dialog unparented.
public enum ParentWindow: Sendable, Equatable {
    case x11(UInt32)
    case wayland(String)

    /// The most hexadecimal digits of an XID: the X protocol's XIDs are 32 bits.
    static let maxXIDDigits = 8
    /// The longest xdg-foreign handle taken (mutter's are 32 characters).
    static let maxHandleBytes = 256

    /// Reads the convention's text; nil for anything else. "" is no parent, handled by the caller.
    ///
    /// An XID is what xdg-desktop-portal's backends read with `strtol(…, 16)`, without what
    /// only strtol forgives (spaces, a sign, trailing junk): an optional `0x` or `0X`, then one
    /// to eight hexadecimal digits, any 32-bit value but 0 (None). Values a server never hands
    /// out as a window (above 29 bits) are well-formed: the backend finds no such window and
    /// shows the dialog unparented, as for a window that is gone.
    public init?(_ text: String) {
        if text.hasPrefix("x11:") {
            var digits = text.utf8.dropFirst(4)
            if digits.starts(with: "0x".utf8) || digits.starts(with: "0X".utf8) { digits = digits.dropFirst(2) }
            guard !digits.isEmpty, digits.count <= Self.maxXIDDigits, digits.allSatisfy(Self.isHexDigit),
                  let xid = UInt32(String(decoding: digits, as: UTF8.self), radix: 16), xid != 0
            else { return nil }
            self = .x11(xid)
        } else if text.hasPrefix("wayland:") {
            let handle = String(text.dropFirst(8))
            // xdg-foreign handles are printable ASCII: mutter's are 32 random characters from
            // space to tilde (spaces, quotes and `$` included).
            guard !handle.isEmpty, handle.utf8.count <= Self.maxHandleBytes, handle.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
            else { return nil }
            self = .wayland(handle)
        } else {
            return nil
        }
    }

    /// The text form, as it travels on the bus: lower-case hexadecimal without a prefix.
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
