/* One pick, from the bus to its end: the parent window exported (or given up on after
 * TP_EXPORT_SECONDS), the service's name owner asked for (and the service started by the bus
 * once if nobody owns it) and its Unix user checked before anything is sent to it, then the
 * call (timepicker-pick-call.c); the caller's cancellable heard; the pick ended once.
 *
 * No call blocks: each step is an asynchronous call whose reply starts the next, on the
 * thread-default main context of the thread that called time_picker_alert_pick() (the
 * GTask's), as every asynchronous GIO call completes.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-pick-private.h"

#include <unistd.h>

static void
pick_free (Pick *pick)
{
  g_clear_object (&pick->connection);
  g_clear_pointer (&pick->options, g_variant_unref);
  g_clear_pointer (&pick->parent, time_picker_parent_unref);
  g_free (pick->parent_window);
  g_free (pick->activation_token);
  g_free (pick->token);
  g_free (pick->own_locale);
  g_free (pick->own_zone);
  g_free (pick->owner);
  g_free (pick->session_path);
  g_clear_pointer (&pick->results, g_variant_unref);
  g_clear_object (&pick->call_cancellable);
  g_free (pick);
}

void
tp_pick_complete (GTask *task, TimePickerRange *range, GError *error)
{
  Pick *pick = g_task_get_task_data (task);

  if (pick->done)
    {
      g_clear_object (&range);
      g_clear_error (&error);
      return;
    }
  pick->done = TRUE;
  tp_alert_pick_ended (g_task_get_source_object (task));
  if (pick->session_subscription != 0)
    g_dbus_connection_signal_unsubscribe (pick->connection, pick->session_subscription);
  if (pick->owner_subscription != 0)
    g_dbus_connection_signal_unsubscribe (pick->connection, pick->owner_subscription);
  pick->session_subscription = pick->owner_subscription = 0;
  if (pick->closed_handler != 0)
    g_signal_handler_disconnect (pick->connection, pick->closed_handler);
  pick->closed_handler = 0;
  if (pick->cancel_source != NULL)
    g_source_destroy (pick->cancel_source);
  g_clear_pointer (&pick->cancel_source, g_source_unref);
  if (pick->call_cancellable != NULL)
    g_cancellable_cancel (pick->call_cancellable);
  if (pick->parent_exported)
    tp_parent_unexport (pick->parent);
  pick->parent_exported = FALSE;
  if (pick->export_timeout != NULL)
    g_source_destroy (pick->export_timeout);
  g_clear_pointer (&pick->export_timeout, g_source_unref);

  /* A pick its caller cancelled fails with G_IO_ERROR_CANCELLED, as GIO's operations do
   * (GTask checks the cancellable itself). */
  if (range != NULL)
    g_task_return_pointer (task, range, g_object_unref);
  else
    g_task_return_error (task, error);
}

void
tp_pick_fail (GTask *task, TimePickerError code, const char *format, ...)
{
  va_list arguments;
  g_autofree char *message = NULL;

  va_start (arguments, format);
  message = g_strdup_vprintf (format, arguments);
  va_end (arguments);
  tp_pick_complete (task, NULL, g_error_new_literal (TIME_PICKER_ERROR, code, message));
}

void
tp_pick_cancelled (GTask *task)
{
  tp_pick_complete (task, NULL, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "The pick was cancelled"));
}

/* The caller's cancellable fired: heard from the pick's main context (a GCancellableSource),
 * never inside the cancellable's own handler, where ending the pick would disconnect from it and
 * deadlock. The pick ends at once; a session made meanwhile is ended too, without waiting. */
static gboolean
pick_cancellable_fired (GCancellable *cancellable, gpointer user_data)
{
  GTask *task = user_data;
  Pick *pick = g_task_get_task_data (task);

  if (pick->done)
    return G_SOURCE_REMOVE;
  pick->cancel_requested = TRUE;
  if (pick->call_sent)
    /* The bus delivers Cancel after PickTimeRange: even a session still being made ends. */
    tp_pick_send_cancel (task);
  else
    tp_pick_cancelled (task);
  return G_SOURCE_REMOVE;
}

/* The service's owner answered who runs it: only a process of the program's own user is called. */
static void
pick_owner_checked (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  Pick *pick = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = tp_call_finish (G_DBUS_CONNECTION (source), result, &error);
  guint32 uid;

  if (pick->done)
    return;
  if (reply == NULL)
    {
      /* Whose process owns the name cannot be told: nothing is sent to it. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CLOSED))
        tp_pick_fail (task, TIME_PICKER_ERROR_SERVICE_UNAVAILABLE, "The session bus closed: %s", error->message);
      else
        tp_pick_fail (task, TIME_PICKER_ERROR_OTHER_USER, "Whose process owns " TP_SERVICE " cannot be told: %s", error->message);
      return;
    }
  g_variant_get (reply, "(u)", &uid);
  if (uid != getuid ())
    {
      tp_pick_fail (task, TIME_PICKER_ERROR_OTHER_USER, TP_SERVICE " is owned by another user's process (uid %u)", uid);
      return;
    }
  tp_pick_call (task);
}

static void pick_ask_owner (GTask *task);

static void
pick_service_started (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  Pick *pick = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = tp_call_finish (G_DBUS_CONNECTION (source), result, &error);

  if (pick->done)
    return;
  if (reply == NULL)
    {
      g_dbus_error_strip_remote_error (error);
      tp_pick_fail (task, TIME_PICKER_ERROR_SERVICE_UNAVAILABLE, "The time picker service cannot be started: %s", error->message);
      return;
    }
  pick_ask_owner (task);
}

static void
pick_owner_known (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  Pick *pick = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = tp_call_finish (G_DBUS_CONNECTION (source), result, &error);

  if (pick->done)
    return;
  if (reply == NULL)
    {
      /* Nobody owns the name: the bus starts the service (D-Bus activation), once. */
      if (!pick->service_started)
        {
          pick->service_started = TRUE;
          tp_call (pick->connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                   "StartServiceByName", g_variant_new ("(su)", TP_SERVICE, 0), G_VARIANT_TYPE ("(u)"),
                   G_DBUS_CALL_FLAGS_NONE, -1, NULL, pick_service_started, g_object_ref (task));
          return;
        }
      g_dbus_error_strip_remote_error (error);
      tp_pick_fail (task, TIME_PICKER_ERROR_SERVICE_UNAVAILABLE, "The time picker service is not running: %s", error->message);
      return;
    }
  g_variant_get (reply, "(s)", &pick->owner);
  tp_call (pick->connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
           "GetConnectionUnixUser", g_variant_new ("(s)", pick->owner), G_VARIANT_TYPE ("(u)"),
           G_DBUS_CALL_FLAGS_NONE, -1, NULL, pick_owner_checked, g_object_ref (task));
}

/* Asks the bus who owns the service's name: every call goes to that unique name. */
static void
pick_ask_owner (GTask *task)
{
  Pick *pick = g_task_get_task_data (task);

  tp_call (pick->connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
           "GetNameOwner", g_variant_new ("(s)", TP_SERVICE), G_VARIANT_TYPE ("(s)"),
           G_DBUS_CALL_FLAGS_NONE, -1, NULL, pick_owner_known, g_object_ref (task));
}

static void
pick_parent_exported (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  Pick *pick = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autofree char *parent_window = NULL;
  g_autofree char *activation_token = NULL;
  gboolean exported = tp_parent_export_finish (pick->parent, result, &parent_window, &activation_token, &error);

  if (pick->done || pick->export_abandoned)
    {
      /* Cancelled, or gone on without it, while the window was exported: withdraw it now. */
      if (exported)
        tp_parent_unexport (pick->parent);
      return;
    }
  if (exported)
    pick->parent_exported = TRUE;
  if (pick->export_timeout != NULL)
    g_source_destroy (pick->export_timeout);
  g_clear_pointer (&pick->export_timeout, g_source_unref);
  if (!exported)
    {
      /* Without its parent the dialog still shows, only unattached. */
      g_debug ("libtimepicker: the parent window could not be exported: %s", error->message);
    }
  pick->parent_window = g_steal_pointer (&parent_window);
  pick->activation_token = g_steal_pointer (&activation_token);
  pick_ask_owner (task);
}

/* The parent's export did not finish in time (a Wayland compositor that never answers, a window
 * unmapped meanwhile): the pick goes on without a parent rather than wait for ever. */
static gboolean
pick_export_too_slow (gpointer user_data)
{
  GTask *task = user_data;
  Pick *pick = g_task_get_task_data (task);

  g_clear_pointer (&pick->export_timeout, g_source_unref);
  if (pick->done)
    return G_SOURCE_REMOVE;
  g_debug ("libtimepicker: the parent window was not exported within %u seconds: the dialog will have no parent",
           TP_EXPORT_SECONDS);
  pick->export_abandoned = TRUE;
  pick_ask_owner (task);
  return G_SOURCE_REMOVE;
}

/* The bus is known: export the parent, then find the service. */
static void
pick_on_connection (GTask *task, GDBusConnection *connection)
{
  Pick *pick = g_task_get_task_data (task);

  pick->connection = connection;
  if (pick->parent != NULL)
    {
      pick->export_timeout = g_timeout_source_new_seconds (TP_EXPORT_SECONDS);
      g_source_set_callback (pick->export_timeout, pick_export_too_slow, g_object_ref (task), g_object_unref);
      g_source_attach (pick->export_timeout, g_task_get_context (task));
      tp_parent_export (pick->parent, NULL, pick_parent_exported, g_object_ref (task));
    }
  else
    pick_ask_owner (task);
}

static void
pick_got_bus (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  Pick *pick = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  GDBusConnection *connection = g_bus_get_finish (result, &error);

  if (pick->done)
    {
      g_clear_object (&connection);
      return;
    }
  if (connection == NULL)
    {
      tp_pick_fail (task, TIME_PICKER_ERROR_SERVICE_UNAVAILABLE, "No session bus: %s", error->message);
      return;
    }
  pick_on_connection (task, connection);
}

void
tp_pick_start (GTask *task, GDBusConnection *connection, TimePickerParent *parent, GVariant *options)
{
  /* The process's picks share its connection, so their handle_tokens are numbered in the
   * process, not per picker: the service refuses a token an open session of the caller has. */
  static gint picks_made = 0;
  GCancellable *cancellable = g_task_get_cancellable (task);
  Pick *pick = g_new0 (Pick, 1);

  pick->options = options != NULL ? g_variant_ref_sink (options) : NULL;
  pick->parent = parent != NULL ? time_picker_parent_ref (parent) : NULL;
  pick->token = g_strdup_printf ("libtimepicker_%u_%u", (guint) getpid (), (guint) g_atomic_int_add (&picks_made, 1) + 1);
  g_task_set_task_data (task, pick, (GDestroyNotify) pick_free);

  if (pick->options != NULL && !g_variant_is_of_type (pick->options, G_VARIANT_TYPE_VARDICT))
    {
      tp_pick_fail (task, TIME_PICKER_ERROR_INVALID_ARGS, "The options are of type %s, not a{sv}", g_variant_get_type_string (pick->options));
      return;
    }
  if (pick->options != NULL && g_variant_lookup (pick->options, "handle_token", "*", NULL))
    {
      tp_pick_fail (task, TIME_PICKER_ERROR_INVALID_ARGS, "handle_token is the library's own option");
      return;
    }
  /* A message past the bus's limit (128 MiB) makes the bus close the connection, and GDBus
   * ends a program whose shared session connection closes: refused here instead, far above
   * anything the service takes (it refuses a megabyte of text with InvalidArgs itself). */
  if (pick->options != NULL && g_variant_get_size (pick->options) > TP_MAX_OPTIONS_BYTES)
    {
      tp_pick_fail (task, TIME_PICKER_ERROR_INVALID_ARGS, "The options take %" G_GSIZE_FORMAT " bytes, more than the %u the library sends",
                    g_variant_get_size (pick->options), (guint) TP_MAX_OPTIONS_BYTES);
      return;
    }
  /* The program's own language and zone, unless it chose them: the picker then speaks and
   * counts as the app does, not as the service's environment. */
  if (pick->options == NULL || !g_variant_lookup (pick->options, "locale", "*", NULL))
    pick->own_locale = tp_own_locale ();
  if (pick->options == NULL || !g_variant_lookup (pick->options, "time_zone", "*", NULL))
    pick->own_zone = tp_own_time_zone ();
  if (g_task_return_error_if_cancelled (task))
    {
      pick->done = TRUE;
      tp_alert_pick_ended (g_task_get_source_object (task));
      return;
    }
  if (cancellable != NULL)
    {
      pick->cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (pick->cancel_source, G_SOURCE_FUNC (pick_cancellable_fired), g_object_ref (task), g_object_unref);
      g_source_attach (pick->cancel_source, g_task_get_context (task));
    }

  if (connection != NULL)
    pick_on_connection (task, g_object_ref (connection));
  else
    g_bus_get (G_BUS_TYPE_SESSION, NULL, pick_got_bus, g_object_ref (task));
}
