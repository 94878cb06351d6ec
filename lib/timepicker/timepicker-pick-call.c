/* A pick's call: the session's path made predictable (handle_token) and subscribed to before
 * PickTimeRange is sent to the service's unique name, the options merged with the parent's,
 * the session's outcome signals read into the pick's end, and the owner leaving the bus, or
 * the bus closing, noticed.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-pick-private.h"

#include <string.h>

static gboolean pick_retried_without_own_setting (GTask *task, const GError *error);

/* Cancel is on the bus: the pick ends now, whatever the service does with it. */
static void
pick_cancel_flushed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;

  g_dbus_connection_flush_finish (G_DBUS_CONNECTION (source), result, NULL);
  tp_pick_cancelled (task);
}

void
tp_pick_send_cancel (GTask *task)
{
  Pick *pick = g_task_get_task_data (task);

  if (pick->cancel_sent)
    return;
  pick->cancel_sent = TRUE;
  /* No reply is awaited: a frozen service would hold the caller for the call's time limit. */
  g_dbus_connection_call (pick->connection, pick->owner, pick->session_path, TP_SESSION_INTERFACE, "Cancel", NULL, NULL,
                          G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
  /* Written to the bus before the pick ends, so that an app that quits then still ends it. */
  g_dbus_connection_flush (pick->connection, NULL, pick_cancel_flushed, g_object_ref (task));
}

/* The session's Response, Selected and Cancelled, from the owner alone (the subscription's
 * sender is its unique name). */
static void
pick_session_signal (GDBusConnection *connection, const char *sender, const char *path, const char *interface,
                     const char *member, GVariant *parameters, gpointer user_data)
{
  GTask *task = user_data;
  Pick *pick = g_task_get_task_data (task);
  TpSessionSignal session_signal;
  GError *error = NULL;

  if (pick->done)
    return;
  if (!tp_session_signal_read (member, parameters, &session_signal, &error))
    {
      tp_pick_complete (task, NULL, error);
      return;
    }
  switch (session_signal.kind)
    {
    case TP_SESSION_SIGNAL_RESPONSE:
      g_clear_pointer (&pick->results, g_variant_unref);
      pick->results = session_signal.results;
      break;
    case TP_SESSION_SIGNAL_SELECTED:
      tp_pick_complete (task, time_picker_range_new (session_signal.start, session_signal.end, pick->results), NULL);
      break;
    case TP_SESSION_SIGNAL_CANCELLED:
      if (pick->cancel_requested)
        tp_pick_cancelled (task);
      else
        tp_pick_complete (task, NULL, time_picker_error_for_reason (session_signal.reason));
      break;
    case TP_SESSION_SIGNAL_OTHER:
      break;
    }
}

/* NameOwnerChanged of the owner's unique name: it left the bus, and with it the session. */
static void
pick_owner_changed (GDBusConnection *connection, const char *sender, const char *path, const char *interface,
                    const char *member, GVariant *parameters, gpointer user_data)
{
  GTask *task = user_data;
  Pick *pick = g_task_get_task_data (task);
  const char *name, *old_owner, *new_owner;

  if (pick->done || !g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(sss)")))
    return;
  g_variant_get (parameters, "(&s&s&s)", &name, &old_owner, &new_owner);
  if (g_str_equal (name, pick->owner) && *new_owner == '\0')
    {
      if (pick->cancel_requested)
        tp_pick_cancelled (task);
      else
        tp_pick_fail (task, TIME_PICKER_ERROR_VANISHED, "The time picker service (%s) left the bus before the person chose", name);
    }
}

/* The connection closed, heard on the pick's own context. */
static gboolean
pick_connection_closed_here (gpointer user_data)
{
  GTask *task = user_data;
  Pick *pick = g_task_get_task_data (task);

  if (!pick->done)
    tp_pick_fail (task, TIME_PICKER_ERROR_SERVICE_UNAVAILABLE, "The session bus closed");
  return G_SOURCE_REMOVE;
}

/* GDBus says "closed" on the context the connection was made on, which need not be the pick's
 * (a pick on a thread of its own, with a connection of the main thread's): the pick ends on
 * its own context, where everything else of it runs. */
static void
pick_connection_closed (GDBusConnection *connection, gboolean remote_peer_vanished, GError *error, gpointer user_data)
{
  GTask *task = user_data;

  g_main_context_invoke_full (g_task_get_context (task), G_PRIORITY_DEFAULT, pick_connection_closed_here, g_object_ref (task),
                              g_object_unref);
}

/* PickTimeRange's answer, which comes when the session has ended, after its signals: the pick
 * has mostly ended with them already. Else (a refusal before any session, or an answer whose
 * signals are still on their way) it ends here. */
static void
pick_answered (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  Pick *pick = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = tp_call_finish (G_DBUS_CONNECTION (source), result, &error);
  const char *start, *end;

  if (pick->done)
    return;
  if (reply == NULL)
    {
      if (pick_retried_without_own_setting (task, error))
        return;
      if (pick->cancel_requested)
        tp_pick_cancelled (task);
      else
        tp_pick_complete (task, NULL, time_picker_error_for_call (error));
      return;
    }
  g_variant_get (reply, "(&s&s)", &start, &end);
  if (!time_picker_is_clock_text (start) || !time_picker_is_clock_text (end))
    {
      tp_pick_fail (task, TIME_PICKER_ERROR_INVALID_REPLY, "The time picker answered something that is not a range of times");
      return;
    }
  tp_pick_complete (task, time_picker_range_new (start, end, pick->results), NULL);
}

static void pick_show (GTask *task);

/* The service refused what the pick sent of the program's own settings, unasked: its locale or
 * its zone (the service's system lacks it: an app in a container or sandbox has locales and
 * zones of its own; or the service is older than the option). The pick goes on in the service's
 * language or zone rather than fail, as the Swift library's does. TRUE when it was sent again. */
static gboolean
pick_retried_without_own_setting (GTask *task, const GError *error)
{
  Pick *pick = g_task_get_task_data (task);
  g_autofree char *name = g_dbus_error_get_remote_error (error);
  const char *message;

  /* A pick the app cancelled is never asked again: its Cancel went to a session the refusal
   * says was never made, and a new one would be left open for nobody. */
  if (pick->cancel_requested || g_strcmp0 (name, "org.freedesktop.DBus.Error.InvalidArgs") != 0)
    return FALSE;
  /* The message after GDBus's "GDBus.Error:NAME: " prefix. */
  message = strstr (error->message, ": ");
  message = message != NULL ? message + 2 : error->message;
  if (g_str_has_prefix (message, "option 'locale':") && pick->own_locale != NULL)
    g_clear_pointer (&pick->own_locale, g_free);
  else if (g_str_has_prefix (message, "option 'time_zone':") && pick->own_zone != NULL)
    g_clear_pointer (&pick->own_zone, g_free);
  else
    return FALSE;
  g_debug ("libtimepicker: the service refused the program's own setting, asked again without it: %s", message);
  pick_show (task);
  return TRUE;
}

/* The caller's options with the parent's identifiers and the library's handle_token. */
static GVariant *
pick_options (Pick *pick)
{
  GVariantBuilder options;

  g_variant_builder_init (&options, G_VARIANT_TYPE_VARDICT);
  if (pick->options != NULL)
    {
      GVariantIter iter;
      const char *key;
      GVariant *value;

      g_variant_iter_init (&iter, pick->options);
      while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
        {
          /* The parent's identifiers win over the same options: they are what it is for. */
          if (!((g_str_equal (key, "parent_window") && pick->parent_window != NULL)
                || (g_str_equal (key, "activation_token") && pick->activation_token != NULL)))
            g_variant_builder_add (&options, "{sv}", key, value);
          g_variant_unref (value);
        }
    }
  if (pick->parent_window != NULL)
    g_variant_builder_add (&options, "{sv}", "parent_window", g_variant_new_string (pick->parent_window));
  if (pick->activation_token != NULL)
    g_variant_builder_add (&options, "{sv}", "activation_token", g_variant_new_string (pick->activation_token));
  if (pick->own_locale != NULL)
    g_variant_builder_add (&options, "{sv}", "locale", g_variant_new_string (pick->own_locale));
  if (pick->own_zone != NULL)
    g_variant_builder_add (&options, "{sv}", "time_zone", g_variant_new_string (pick->own_zone));
  g_variant_builder_add (&options, "{sv}", "handle_token", g_variant_new_string (pick->token));
  return g_variant_builder_end (&options);
}

void
tp_pick_call (GTask *task)
{
  Pick *pick = g_task_get_task_data (task);
  g_autofree char *sender = NULL;

  /* The path the service makes of the caller's unique name (":1.42" is "1_42") and the token. */
  sender = g_strdup (g_dbus_connection_get_unique_name (pick->connection) + 1);
  g_strdelimit (sender, ".", '_');
  pick->session_path = g_strdup_printf (TP_SESSION_PATH_PREFIX "%s/%s", sender, pick->token);

  pick->session_subscription = g_dbus_connection_signal_subscribe (
    pick->connection, pick->owner, TP_SESSION_INTERFACE, NULL, pick->session_path, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
    pick_session_signal, g_object_ref (task), g_object_unref);
  pick->owner_subscription = g_dbus_connection_signal_subscribe (
    pick->connection, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
    pick->owner, G_DBUS_SIGNAL_FLAGS_NONE, pick_owner_changed, g_object_ref (task), g_object_unref);
  /* The handler holds the task: an emission on another thread may still run it as the pick ends. */
  pick->closed_handler = g_signal_connect_data (pick->connection, "closed", G_CALLBACK (pick_connection_closed), g_object_ref (task),
                                                (GClosureNotify) (void (*) (void)) g_object_unref, 0);

  pick_show (task);
}

/* Sends PickTimeRange, which the service answers when the session ends: with no time limit,
 * since the person takes the time they take. PickTimeRange rather than ShowTimePicker because
 * its session ends when this connection leaves the bus, as a portal's request does: an app
 * that dies mid-pick leaves no picker behind. */
static void
pick_show (GTask *task)
{
  Pick *pick = g_task_get_task_data (task);

  pick->call_sent = TRUE;
  if (pick->call_cancellable == NULL)
    pick->call_cancellable = g_cancellable_new ();
  tp_call (pick->connection, pick->owner, TP_MANAGER_PATH, TP_MANAGER_INTERFACE, "PickTimeRange",
           g_variant_new ("(@a{sv})", pick_options (pick)), G_VARIANT_TYPE ("(ss)"),
           G_DBUS_CALL_FLAGS_NO_AUTO_START, G_MAXINT, pick->call_cancellable, pick_answered, g_object_ref (task));
}
