internal import CGtk

/// A Wayland toplevel of another process, exported through xdg-foreign, that a dialog is made
/// transient for, as xdg-desktop-portal-gnome's externalwindow-wayland.c does.
struct ExternalParentWayland {
    let handle: String

    /// Imports the handle for the dialog's realized `surface`; false when the display is not
    /// Wayland or the compositor does not know the handle.
    @MainActor
    func attach(to surface: OpaquePointer) -> Bool {
        guard cgtk_is_wayland_toplevel(surface) != 0 else { return false }
        return gdk_wayland_toplevel_set_transient_for_exported(surface, handle) != 0
    }
}
