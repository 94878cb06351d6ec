internal import CGtk

/// A Wayland toplevel of another process, exported through xdg-foreign, that a dialog is made
/// transient for, as xdg-desktop-portal-gnome's externalwindow-wayland.c does.
///
/// GTK 4.8 imports through xdg-foreign v1 (`zxdg_importer_v1`) only: mutter and sway offer it,
/// KWin 5.27 only v2, so on Plasma a `wayland:` handle cannot parent the dialog. The import
/// is set on the realized surface, before the window is first shown (sway tiles a child whose
/// parent comes later). A handle the compositor does not know cannot be told from here: the
/// compositor drops the import and the dialog shows unparented.
struct ExternalParentWayland {
    let handle: String

    /// Imports the handle for the dialog's realized `surface`; nil when done, else why not.
    @MainActor
    func attach(to surface: OpaquePointer) -> String? {
        guard cgtk_is_wayland_toplevel(surface) != 0 else {
            return "parent_window is a Wayland handle, and the dialog is not on a Wayland display"
        }
        guard gdk_wayland_toplevel_set_transient_for_exported(surface, handle) != 0 else {
            return "the compositor offers no xdg-foreign v1 importer (GTK 4.8 speaks only v1; KWin offers v2 only)"
        }
        return nil
    }
}
