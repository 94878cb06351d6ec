/* The window a picker's dialog belongs to, as libportal's XdpParent.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"

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

typedef struct
{
  char *parent_window;
  char *activation_token;
} TimePickerParentPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (TimePickerParent, time_picker_parent, G_TYPE_OBJECT)

static void
time_picker_parent_real_export (TimePickerParent *parent, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (parent, cancellable, callback, user_data);

  g_task_set_source_tag (task, time_picker_parent_real_export);
  g_task_return_boolean (task, TRUE);
}

static gboolean
time_picker_parent_real_export_finish (TimePickerParent *parent, GAsyncResult *result, char **parent_window, char **activation_token, GError **error)
{
  TimePickerParentPrivate *priv = time_picker_parent_get_instance_private (parent);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  if (parent_window != NULL)
    *parent_window = g_strdup (priv->parent_window);
  if (activation_token != NULL)
    *activation_token = g_strdup (priv->activation_token);
  return TRUE;
}

static void
time_picker_parent_real_unexport (TimePickerParent *parent)
{
}

static void
time_picker_parent_finalize (GObject *object)
{
  TimePickerParentPrivate *priv = time_picker_parent_get_instance_private (TIME_PICKER_PARENT (object));

  g_free (priv->parent_window);
  g_free (priv->activation_token);
  G_OBJECT_CLASS (time_picker_parent_parent_class)->finalize (object);
}

static void
time_picker_parent_class_init (TimePickerParentClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = time_picker_parent_finalize;
  klass->export = time_picker_parent_real_export;
  klass->export_finish = time_picker_parent_real_export_finish;
  klass->unexport = time_picker_parent_real_unexport;
}

static void
time_picker_parent_init (TimePickerParent *parent)
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
  TimePickerParent *parent = g_object_new (TIME_PICKER_TYPE_PARENT, NULL);
  TimePickerParentPrivate *priv = time_picker_parent_get_instance_private (parent);

  priv->parent_window = g_strdup (parent_window);
  priv->activation_token = g_strdup (activation_token);
  return parent;
}

/**
 * time_picker_parent_export:
 * @parent: a #TimePickerParent
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called when the identifiers are ready
 * @user_data: data for @callback
 *
 * Makes the window's identifier and the activation token; the picker calls it
 * before each pick. Wayland's export finishes later, hence asynchronous.
 */
void
time_picker_parent_export (TimePickerParent *parent, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (TIME_PICKER_IS_PARENT (parent));
  TIME_PICKER_PARENT_GET_CLASS (parent)->export (parent, cancellable, callback, user_data);
}

/**
 * time_picker_parent_export_finish:
 * @parent: a #TimePickerParent
 * @result: the #GAsyncResult given to the callback
 * @parent_window: (out) (optional) (nullable) (transfer full): the window's
 *   identifier, or %NULL for none
 * @activation_token: (out) (optional) (nullable) (transfer full): the
 *   activation token, or %NULL for none
 * @error: return location for a #GError
 *
 * Returns: %TRUE, or %FALSE with @error set when the export failed
 */
gboolean
time_picker_parent_export_finish (TimePickerParent *parent, GAsyncResult *result, char **parent_window, char **activation_token, GError **error)
{
  g_return_val_if_fail (TIME_PICKER_IS_PARENT (parent), FALSE);
  return TIME_PICKER_PARENT_GET_CLASS (parent)->export_finish (parent, result, parent_window, activation_token, error);
}

/**
 * time_picker_parent_unexport:
 * @parent: a #TimePickerParent
 *
 * Withdraws what time_picker_parent_export() made (a Wayland handle), once
 * the picker it was for is gone.
 */
void
time_picker_parent_unexport (TimePickerParent *parent)
{
  g_return_if_fail (TIME_PICKER_IS_PARENT (parent));
  TIME_PICKER_PARENT_GET_CLASS (parent)->unexport (parent);
}
