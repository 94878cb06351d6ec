/* A TimePickerParent that makes a GTK 4 window's identifier when a pick needs it: the X11
 * window's XID at once, or a Wayland xdg-foreign handle when the compositor has exported it
 * (asynchronously), and an activation token from the display's launch context.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-gtk4.h"
#include "timepicker/timepicker-parent-private.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/wayland/gdkwayland.h>
#endif

/* The parent's data: the window, weakly (a parent must not keep a closed window alive), and
 * the Wayland export shared by the picks that use it: GTK 4.8 exports a toplevel once at a time. */
typedef struct
{
  GWeakRef window;
  char *wayland_handle; /* the export's handle while exported */
  guint exports;        /* picks using the export */
  GList *waiting;       /* GTasks waiting for the handle */
} TimePickerParentGtk;

/* What one export gives: the window's identifier and the activation token. */
typedef struct
{
  char *parent_window;
  char *activation_token;
} Exported;

static void
exported_free (Exported *exported)
{
  g_free (exported->parent_window);
  g_free (exported->activation_token);
  g_free (exported);
}

/* A token that lets the dialog take the focus: the display's launch context makes one (an XDG
 * activation token on Wayland, a startup notification id on X11). GLib 2.74 asks for an app
 * info, whose name only labels the startup notification. */
static char *
activation_token_for (GtkWindow *window)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (window));
  g_autoptr(GdkAppLaunchContext) context = gdk_display_get_app_launch_context (display);
  g_autoptr(GAppInfo) info = g_app_info_create_from_commandline ("timepicker", "Time picker", G_APP_INFO_CREATE_NONE, NULL);

  if (info == NULL)
    return NULL;
  return g_app_launch_context_get_startup_notify_id (G_APP_LAUNCH_CONTEXT (context), info, NULL);
}

static void
return_exported (GTask *task, const char *parent_window, GtkWindow *window)
{
  Exported *exported = g_new0 (Exported, 1);

  exported->parent_window = g_strdup (parent_window);
  exported->activation_token = window != NULL ? activation_token_for (window) : NULL;
  g_task_return_pointer (task, exported, (GDestroyNotify) exported_free);
}

#ifdef GDK_WINDOWING_WAYLAND
static void
wayland_exported (GdkToplevel *toplevel, const char *handle, gpointer user_data)
{
  TimePickerParentGtk *self = user_data;
  g_autoptr(GtkWindow) window = g_weak_ref_get (&self->window);
  g_autofree char *parent_window = g_strconcat ("wayland:", handle, NULL);
  GList *waiting = g_steal_pointer (&self->waiting);

  g_free (self->wayland_handle);
  self->wayland_handle = g_strdup (handle);
  for (GList *link = waiting; link != NULL; link = link->next)
    {
      return_exported (link->data, parent_window, window);
      g_object_unref (link->data);
    }
  g_list_free (waiting);
}
#endif

static void
time_picker_parent_gtk_export (TimePickerParent *parent, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  TimePickerParentGtk *self = parent->data;
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_autoptr(GtkWindow) window = g_weak_ref_get (&self->window);
  GdkSurface *surface = window != NULL ? gtk_native_get_surface (GTK_NATIVE (window)) : NULL;

  g_task_set_source_tag (task, time_picker_parent_gtk_export);
  /* A window not yet shown (or gone) has no identifier: the dialog shows unattached. */
  if (surface == NULL)
    {
      return_exported (task, NULL, window);
      return;
    }
#ifdef GDK_WINDOWING_X11
  if (GDK_IS_X11_SURFACE (surface))
    {
      g_autofree char *parent_window = g_strdup_printf ("x11:%lx", (unsigned long) gdk_x11_surface_get_xid (surface));

      return_exported (task, parent_window, window);
      return;
    }
#endif
#ifdef GDK_WINDOWING_WAYLAND
  if (GDK_IS_WAYLAND_TOPLEVEL (surface))
    {
      self->exports++;
      if (self->wayland_handle != NULL)
        {
          g_autofree char *parent_window = g_strconcat ("wayland:", self->wayland_handle, NULL);

          return_exported (task, parent_window, window);
          return;
        }
      self->waiting = g_list_append (self->waiting, g_object_ref (task));
      if (self->exports == 1 && !gdk_wayland_toplevel_export_handle (GDK_TOPLEVEL (surface), wayland_exported, self, NULL))
        {
          /* The compositor has no xdg-foreign: no parent, as for an unknown windowing system. */
          GList *waiting = g_steal_pointer (&self->waiting);

          self->exports = 0;
          for (GList *link = waiting; link != NULL; link = link->next)
            {
              return_exported (link->data, NULL, window);
              g_object_unref (link->data);
            }
          g_list_free (waiting);
        }
      return;
    }
#endif
  return_exported (task, NULL, window);
}

static gboolean
time_picker_parent_gtk_export_finish (TimePickerParent *parent, GAsyncResult *result, char **parent_window,
                                      char **activation_token, GError **error)
{
  Exported *exported = g_task_propagate_pointer (G_TASK (result), error);

  if (exported == NULL)
    return FALSE;
  if (parent_window != NULL)
    *parent_window = g_steal_pointer (&exported->parent_window);
  if (activation_token != NULL)
    *activation_token = g_steal_pointer (&exported->activation_token);
  exported_free (exported);
  return TRUE;
}

static void
time_picker_parent_gtk_unexport (TimePickerParent *parent)
{
#ifdef GDK_WINDOWING_WAYLAND
  TimePickerParentGtk *self = parent->data;
  g_autoptr(GtkWindow) window = g_weak_ref_get (&self->window);
  GdkSurface *surface = window != NULL ? gtk_native_get_surface (GTK_NATIVE (window)) : NULL;

  if (self->exports == 0 || --self->exports > 0)
    return;
  g_clear_pointer (&self->wayland_handle, g_free);
  if (surface != NULL && GDK_IS_WAYLAND_TOPLEVEL (surface))
    gdk_wayland_toplevel_unexport_handle (GDK_TOPLEVEL (surface));
#endif
}

/* The parent's last reference went: its data goes with it. */
static void
time_picker_parent_gtk_free (gpointer data)
{
  TimePickerParentGtk *self = data;

  g_weak_ref_clear (&self->window);
  g_free (self->wayland_handle);
  g_free (self);
}

/**
 * time_picker_parent_new_gtk:
 * @window: the application's window the picker's dialog belongs to
 *
 * A parent for time_picker_alert_set_parent() from a GTK 4 window: on X11 its XID
 * (`x11:XID`), on Wayland a handle exported with xdg-foreign (`wayland:HANDLE`,
 * made when a pick needs it and withdrawn when the picker is gone), and an
 * activation token so that the dialog gets the focus. A window not shown yet,
 * or on a compositor without xdg-foreign, gives no identifier: the dialog then
 * shows unattached. The parent holds the window weakly.
 *
 * Returns: (transfer full): a new #TimePickerParent
 */
TimePickerParent *
time_picker_parent_new_gtk (GtkWindow *window)
{
  TimePickerParentGtk *self;
  TimePickerParent *parent;

  g_return_val_if_fail (GTK_IS_WINDOW (window), NULL);
  self = g_new0 (TimePickerParentGtk, 1);
  g_weak_ref_init (&self->window, window);
  /* Filled as libtimepicker's private header says; libtimepicker frees it. */
  parent = g_new0 (TimePickerParent, 1);
  g_atomic_ref_count_init (&parent->ref_count);
  parent->export = time_picker_parent_gtk_export;
  parent->export_finish = time_picker_parent_gtk_export_finish;
  parent->unexport = time_picker_parent_gtk_unexport;
  parent->data = self;
  parent->data_free = time_picker_parent_gtk_free;
  return parent;
}
