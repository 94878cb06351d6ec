internal import CGtk

/// An X11 window of another process that a dialog is made transient for, as
/// xdg-desktop-portal-gnome's externalwindow-x11.c does: `WM_TRANSIENT_FOR` names it, so the
/// window manager keeps the dialog above it, and the dialog is typed as a dialog.
struct ExternalParentX11 {
    let xid: UInt

    /// Sets the hints on the dialog's realized `surface`; nil when done, else (nothing set) why
    /// not: the display is not X11, or the window does not exist.
    @MainActor
    func attach(to surface: OpaquePointer) -> String? {
        guard cgtk_is_x11_surface(surface) != 0, let display = gdk_surface_get_display(surface) else {
            return "parent_window is an X11 window, and the dialog is not on an X11 display"
        }
        let xdisplay = gdk_x11_display_get_xdisplay(display)
        let dialog = gdk_x11_surface_get_xid(surface)
        // A window that is gone raises BadWindow: trap it and show the dialog unparented.
        gdk_x11_display_error_trap_push(display)
        var attributes = XWindowAttributes()
        let exists = XGetWindowAttributes(xdisplay, Window(xid), &attributes) != 0
        guard gdk_x11_display_error_trap_pop(display) == 0, exists else {
            return "there is no X11 window 0x\(String(xid, radix: 16)) on the dialog's display"
        }
        XSetTransientForHint(xdisplay, dialog, Window(xid))
        var dialogType = gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_WINDOW_TYPE_DIALOG")
        withUnsafeBytes(of: &dialogType) { bytes in
            _ = XChangeProperty(
                xdisplay, dialog, gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_WINDOW_TYPE"),
                cgtk_xa_atom(), 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
        return nil
    }
}
