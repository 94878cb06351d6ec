/* The window a picker's dialog belongs to, as libportal's XdpParent: an opaque boxed type
 * whose export a toolkit's helper fills in (timepicker-parent-private.h).
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"
#include "timepicker-parent-private.h"

/**
 * TimePickerParent:
 *
 * A window of the caller's that the picker's dialog is attached to (made
 * transient for it, so that the window manager keeps it above that window),
 * and an activation token that lets the dialog take the focus.
 *
 * time_picker_parent_new() takes both as the service's options write them
 * (`x11:XID`, `wayland:HANDLE`); a toolkit's helper such as
 * `time_picker_parent_new_gtk()` of libtimepicker-gtk4-1 makes them from a
 * window when a pick needs them, and withdraws a Wayland export once the
 * picker is gone. A parent can serve any number of picks.
 */

G_DEFINE_BOXED_TYPE (TimePickerParent, time_picker_parent, time_picker_parent_ref, time_picker_parent_unref)

/* time_picker_parent_new's export: the identifiers it was given, at once. */
static void
given_export (TimePickerParent *parent, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, given_export);
  g_task_return_boolean (task, TRUE);
}

static gboolean
given_export_finish (TimePickerParent *parent, GAsyncResult *result, char **parent_window, char **activation_token, GError **error)
{
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  if (parent_window != NULL)
    *parent_window = g_strdup (parent->parent_window);
  if (activation_token != NULL)
    *activation_token = g_strdup (parent->activation_token);
  return TRUE;
}

static void
given_unexport (TimePickerParent *parent)
{
}

/**
 * time_picker_parent_new:
 * @parent_window: (nullable): the window, `x11:XID` (XID in hexadecimal) or
 *   `wayland:HANDLE` (a handle exported with xdg-foreign), or %NULL for none
 * @activation_token: (nullable): an activation token (XDG activation on
 *   Wayland, a startup notification id on X11), or %NULL for none
 *
 * A parent from identifiers the caller already has.
 *
 * Returns: (transfer full): a new #TimePickerParent
 */
TimePickerParent *
time_picker_parent_new (const char *parent_window, const char *activation_token)
{
  TimePickerParent *parent = g_new0 (TimePickerParent, 1);

  g_atomic_ref_count_init (&parent->ref_count);
  parent->export = given_export;
  parent->export_finish = given_export_finish;
  parent->unexport = given_unexport;
  parent->parent_window = g_strdup (parent_window);
  parent->activation_token = g_strdup (activation_token);
  return parent;
}

/**
 * time_picker_parent_ref:
 * @parent: a #TimePickerParent
 *
 * Returns: (transfer full): @parent, with one more reference
 */
TimePickerParent *
time_picker_parent_ref (TimePickerParent *parent)
{
  g_return_val_if_fail (parent != NULL, NULL);
  g_atomic_ref_count_inc (&parent->ref_count);
  return parent;
}

/**
 * time_picker_parent_unref:
 * @parent: (transfer full): a #TimePickerParent
 *
 * Drops a reference; the last one frees the parent.
 */
void
time_picker_parent_unref (TimePickerParent *parent)
{
  g_return_if_fail (parent != NULL);
  if (!g_atomic_ref_count_dec (&parent->ref_count))
    return;
  if (parent->data_free != NULL)
    parent->data_free (parent->data);
  g_free (parent->parent_window);
  g_free (parent->activation_token);
  g_free (parent);
}

void
tp_parent_export (TimePickerParent *parent, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  parent->export (parent, cancellable, callback, user_data);
}

gboolean
tp_parent_export_finish (TimePickerParent *parent, GAsyncResult *result, char **parent_window, char **activation_token, GError **error)
{
  return parent->export_finish (parent, result, parent_window, activation_token, error);
}

void
tp_parent_unexport (TimePickerParent *parent)
{
  parent->unexport (parent);
}
