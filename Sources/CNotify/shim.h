#ifndef CNOTIFY_SHIM_H
#define CNOTIFY_SHIM_H
// libnotify, and GLib's unix-fd sources for the notification thread's main context.
#include <libnotify/notify.h>
#include <glib-unix.h>

// GLib's fundamental type macros are casts Swift cannot import.
static const GType CNOTIFY_TYPE_INT = G_TYPE_INT;
#endif
