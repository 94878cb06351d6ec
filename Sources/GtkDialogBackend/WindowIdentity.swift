internal import CGtk
internal import TimePickerContract

/// Names the application a dialog window belongs to, as GtkApplication would: the backend has
/// none (GApplication exported interfaces of its own on the bus), so window managers and
/// compositors learn `io.github.timepickerd.Gtk` from the window itself.
enum WindowIdentity {
    /// Sets the id on the realized `surface`: `_GTK_APPLICATION_ID` on X11, the xdg-toplevel
    /// app id on Wayland. Only the id: GtkApplication's `_GTK_APPLICATION_OBJECT_PATH` and
    /// `_GTK_UNIQUE_BUS_NAME` would point a desktop shell at interfaces that are not there.
    @MainActor
    static func name(_ surface: OpaquePointer) {
        if cgtk_is_x11_surface(surface) != 0 {
            gdk_x11_surface_set_utf8_property(surface, "_GTK_APPLICATION_ID", DialogBackendBus.gtkName.rawValue)
        } else if cgtk_is_wayland_toplevel(surface) != 0 {
            gdk_wayland_toplevel_set_application_id(surface, DialogBackendBus.gtkName.rawValue)
        }
    }
}
