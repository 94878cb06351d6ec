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

    /// Parses `text`; nil when it is none of the three forms. The forms are the daemon's
    /// (`ParentWindow`); an XID may also carry a `0x` prefix, and must fit in 29 bits.
    public init?(parsing text: String) {
        guard !text.isEmpty else {
            self = .none
            return
        }
        let hexPrefixed = text.hasPrefix("x11:0x") || text.hasPrefix("x11:0X")
        switch ParentWindow(hexPrefixed ? "x11:" + text.dropFirst(6) : text) {
        case .x11(let xid)? where UInt(xid) <= Self.maxXID: self = .x11(UInt(xid))
        case .wayland(let handle)?: self = .wayland(handle)
        default: return nil
        }
    }

    /// Why a `parent_window` was refused, for InvalidArgs.
    public static func problem(with text: String) -> String {
        "parent_window must be '', 'x11:XID' (XID in hexadecimal) or 'wayland:HANDLE', got "
            + quotedForMessage(text)
    }
}
