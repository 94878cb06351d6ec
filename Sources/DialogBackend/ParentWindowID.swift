internal import TimePickerCore

/// The `parent_window` argument in xdg-desktop-portal's convention: "" for none,
/// "x11:XID" (hexadecimal) or "wayland:HANDLE" (an xdg-foreign export handle).
package enum ParentWindowID: Sendable, Equatable {
    case none
    /// An X11 window id; one that names no window leaves the dialog unparented.
    case x11(UInt)
    /// An xdg-foreign handle exported by the parent's toolkit.
    case wayland(String)

    /// Parses `text` with the daemon's own parser (`ParentWindow`), so that whatever the daemon
    /// accepts is accepted here; nil when it is none of the three forms.
    package init?(parsing text: String) {
        guard !text.isEmpty else {
            self = .none
            return
        }
        switch ParentWindow(text) {
        case .x11(let xid)?: self = .x11(UInt(xid))
        case .wayland(let handle)?: self = .wayland(handle)
        case nil: return nil
        }
    }

    /// Why a `parent_window` was refused, for InvalidArgs.
    package static func problem(with text: String) -> String {
        "parent_window must be '', 'x11:XID' (XID in hexadecimal) or 'wayland:HANDLE', got "
            + quotedForMessage(text)
    }
}
