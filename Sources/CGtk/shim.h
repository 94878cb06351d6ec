#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H
// GTK 4 and libadwaita for the dialog backend, GDK's X11 and Wayland backends for parent
// windows, and Xlib for the transient-for hint. Headers only; macros Swift cannot import
// become static inline helpers below, nothing more.
#include <gtk/gtk.h>
#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <gdk/wayland/gdkwayland.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <glib-unix.h>

/// G_TYPE_STRING, for GValues.
static inline GType cgtk_type_string(void) { return G_TYPE_STRING; }

/// G_TYPE_BOOLEAN, for GValues.
static inline GType cgtk_type_boolean(void) { return G_TYPE_BOOLEAN; }

/// XA_ATOM, the type of an atom-list property.
static inline Atom cgtk_xa_atom(void) { return XA_ATOM; }

/// GDK_IS_X11_DISPLAY.
static inline gboolean cgtk_is_x11_display(GdkDisplay *display) { return GDK_IS_X11_DISPLAY(display); }
/// GDK_IS_X11_SURFACE.
static inline gboolean cgtk_is_x11_surface(GdkSurface *surface) { return GDK_IS_X11_SURFACE(surface); }
/// GDK_IS_WAYLAND_DISPLAY.
static inline gboolean cgtk_is_wayland_display(GdkDisplay *display) { return GDK_IS_WAYLAND_DISPLAY(display); }
/// GDK_IS_WAYLAND_TOPLEVEL.
static inline gboolean cgtk_is_wayland_toplevel(GdkSurface *surface) { return GDK_IS_WAYLAND_TOPLEVEL(surface); }

#endif
