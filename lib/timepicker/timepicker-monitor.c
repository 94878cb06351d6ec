/* The monitor's inside: every session's outcome on the bus, whoever asked for it, for
 * TimePickerMonitor's signals (timepicker-monitor-object.c; what `timepickerctl monitor` prints).
 *
 * It follows the service's well-known name, so it goes on after the service restarts, and
 * believes only an owner that runs as the program's Unix user: each new owner's user is asked
 * of the bus, and what it sends meanwhile is kept until the answer. Its callbacks run on the
 * thread-default main context of the thread that made it (tp_monitor_new subscribes there).
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"

#include <unistd.h>

/* At most this many signals are kept while an owner's user is asked, and this many
 * Responses for the Selected they come before (a service has at most 256 sessions open). */
#define TP_MONITOR_MAX_KEPT 1024

struct _TpMonitor
{
  GDBusConnection *connection;
  TpMonitorReport report;
  TpMonitorListening listening;
  gpointer report_data;
  GCancellable *cancellable;   /* the owner checks out */
  guint owner_subscription;    /* NameOwnerChanged of the service's name */
  gboolean owner_change_seen;  /* one came: the first GetNameOwner answer is stale */
  guint outcome_subscription;
  char *current_owner;         /* the service's unique name, as NameOwnerChanged or GetNameOwner last said */
  char *trusted_owner;         /* the same once its user is checked, else NULL */
  GQueue pending;              /* PendingSignals of current_owner while its user is being checked */
  GHashTable *responses;       /* session path -> its Response's results, until Selected/Cancelled */
  gboolean *freed;             /* set by tp_monitor_free while kept signals are being reported */
};

/* A Session signal of a new owner that came before its user was known. */
typedef struct
{
  char *path;
  char *member;
  GVariant *parameters;
} PendingSignal;

static void
pending_signal_free (gpointer data)
{
  PendingSignal *pending = data;

  g_free (pending->path);
  g_free (pending->member);
  g_variant_unref (pending->parameters);
  g_free (pending);
}

/* A question to the bus about a new owner's user. */
typedef struct
{
  TpMonitor *monitor; /* not owned: tp_monitor_free cancels the call, and a cancelled call never reads it */
  char *owner;
} OwnerCheck;

static void
owner_check_free (OwnerCheck *check)
{
  g_free (check->owner);
  g_free (check);
}

/* Reports a Session signal of the trusted owner that has the interface's types (a Response
 * is kept for the Selected it comes before). */
static void
monitor_report (TpMonitor *monitor, const char *path, const char *member, GVariant *parameters)
{
  TpSessionSignal session_signal;

  if (!g_str_has_prefix (path, TP_SESSION_PATH_PREFIX) || !tp_session_signal_read (member, parameters, &session_signal, NULL))
    return;
  switch (session_signal.kind)
    {
    case TP_SESSION_SIGNAL_RESPONSE:
      {
        g_autoptr(GVariant) results = session_signal.results;
        g_autoptr(TimePickerRange) range = NULL;
        const char *start = NULL, *end = NULL;

        /* A choice's Response carries the range itself: the same checks as Selected's. */
        if (session_signal.response == 0 && g_variant_lookup (results, "start", "&s", &start)
            && g_variant_lookup (results, "end", "&s", &end) && time_picker_is_clock_text (start) && time_picker_is_clock_text (end))
          range = time_picker_range_new (start, end, results);
        /* Only the sessions still open are kept, for the Selected that follows. */
        if (g_hash_table_size (monitor->responses) < TP_MONITOR_MAX_KEPT)
          g_hash_table_replace (monitor->responses, g_strdup (path), g_variant_ref (results));
        monitor->report (path, &session_signal, range, monitor->report_data);
      }
      break;
    case TP_SESSION_SIGNAL_SELECTED:
      {
        g_autofree char *kept_path = NULL;
        g_autoptr(GVariant) results = NULL;
        g_autoptr(TimePickerRange) range = NULL;

        /* Stolen, key and value: both are the caller's to free now. */
        g_hash_table_steal_extended (monitor->responses, path, (gpointer *) &kept_path, (gpointer *) &results);
        range = time_picker_range_new (session_signal.start, session_signal.end, results);
        monitor->report (path, &session_signal, range, monitor->report_data);
      }
      break;
    case TP_SESSION_SIGNAL_CANCELLED:
      g_hash_table_remove (monitor->responses, path);
      monitor->report (path, &session_signal, NULL, monitor->report_data);
      break;
    case TP_SESSION_SIGNAL_OTHER:
      break;
    }
}

static void
monitor_owner_checked (GObject *source, GAsyncResult *result, gpointer user_data)
{
  OwnerCheck *check = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = tp_call_finish (G_DBUS_CONNECTION (source), result, &error);
  TpMonitor *monitor = check->monitor;
  guint32 uid;

  if (reply == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("libtimepicker: the user of %s is unknown: %s", check->owner, error->message);
      owner_check_free (check);
      return;
    }
  g_variant_get (reply, "(u)", &uid);
  if (g_strcmp0 (monitor->current_owner, check->owner) != 0)
    ; /* An owner already gone: the new one has a check of its own. */
  else if (uid != getuid ())
    {
      g_debug ("libtimepicker: %s belongs to uid %u: its signals are ignored", check->owner, uid);
      g_queue_clear_full (&monitor->pending, pending_signal_free);
    }
  else
    {
      PendingSignal *pending;
      gboolean freed = FALSE;
      gboolean *outer = monitor->freed;

      /* Trusted from now on; what it sent while it was checked is reported now, in order. A
       * report's handler may free the monitor (the app's last reference dropped in it): the
       * loop then stops, told so through freed, and reads nothing of it again. */
      g_free (monitor->trusted_owner);
      monitor->trusted_owner = g_strdup (check->owner);
      monitor->freed = &freed;
      while (!freed && (pending = g_queue_pop_head (&monitor->pending)) != NULL)
        {
          monitor_report (monitor, pending->path, pending->member, pending->parameters);
          pending_signal_free (pending);
        }
      if (!freed)
        monitor->freed = outer;
      else if (outer != NULL)
        *outer = TRUE;
    }
  owner_check_free (check);
}

/* Forgets the owner that was: its trust, its sessions' Responses, what it sent unchecked. */
static void
monitor_forget_owner (TpMonitor *monitor)
{
  g_clear_pointer (&monitor->trusted_owner, g_free);
  g_hash_table_remove_all (monitor->responses);
  g_queue_clear_full (&monitor->pending, pending_signal_free);
  g_clear_pointer (&monitor->current_owner, g_free);
}

/* A new owner of the service's name (or none): what the old one said is forgotten, and the new
 * one's user asked of the bus. */
static void
monitor_owner_is (TpMonitor *monitor, const char *owner)
{
  OwnerCheck *check;

  monitor_forget_owner (monitor);
  if (owner == NULL || *owner == '\0')
    return;
  monitor->current_owner = g_strdup (owner);
  check = g_new0 (OwnerCheck, 1);
  check->monitor = monitor;
  check->owner = g_strdup (owner);
  tp_call (monitor->connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
           "GetConnectionUnixUser", g_variant_new ("(s)", owner), G_VARIANT_TYPE ("(u)"),
           G_DBUS_CALL_FLAGS_NONE, -1, monitor->cancellable, monitor_owner_checked, check);
}

/* NameOwnerChanged of the service's name, from the bus (the only sender of that name). */
static void
monitor_owner_changed (GDBusConnection *connection, const char *sender, const char *path, const char *interface,
                       const char *member, GVariant *parameters, gpointer user_data)
{
  TpMonitor *monitor = user_data;
  const char *name, *old_owner, *new_owner;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(sss)")))
    return;
  g_variant_get (parameters, "(&s&s&s)", &name, &old_owner, &new_owner);
  if (!g_str_equal (name, TP_SERVICE))
    return;
  monitor->owner_change_seen = TRUE;
  monitor_owner_is (monitor, new_owner);
}

/* The bus said who owned the name when the monitor began. A change signalled before this answer
 * is at least as new (the subscription was made before the question), so it wins. */
static void
monitor_first_owner (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = tp_call_finish (G_DBUS_CONNECTION (source), result, &error);
  TpMonitor *monitor = user_data; /* not read when the call was cancelled: tp_monitor_free cancels it */
  const char *owner;

  if (reply == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (monitor->owner_change_seen)
    ;
  else if (reply == NULL)
    /* Nobody owns it yet (NameHasNoOwner): its NameOwnerChanged will say who does. */
    g_debug ("libtimepicker: %s has no owner yet: %s", TP_SERVICE, error->message);
  else
    {
      g_variant_get (reply, "(&s)", &owner);
      monitor_owner_is (monitor, owner);
    }
  /* The answer to a call sent after the subscriptions: the bus has them. Told last, since the
   * app may drop the monitor when it hears it. */
  monitor->listening (monitor->report_data);
}

/* A Session signal, from any sender: reported when it comes from the checked owner,
 * kept until the check ends when it comes from an owner being checked, else dropped. */
static void
monitor_session_signal (GDBusConnection *connection, const char *sender, const char *path, const char *interface,
                        const char *member, GVariant *parameters, gpointer user_data)
{
  TpMonitor *monitor = user_data;

  if (monitor->trusted_owner != NULL && g_strcmp0 (sender, monitor->trusted_owner) == 0)
    monitor_report (monitor, path, member, parameters);
  else if (monitor->trusted_owner == NULL && g_strcmp0 (sender, monitor->current_owner) == 0
           && g_queue_get_length (&monitor->pending) < TP_MONITOR_MAX_KEPT)
    {
      PendingSignal *pending = g_new0 (PendingSignal, 1);

      pending->path = g_strdup (path);
      pending->member = g_strdup (member);
      pending->parameters = g_variant_ref (parameters);
      g_queue_push_tail (&monitor->pending, pending);
    }
}

/* Starts following the service's outcomes on connection; report is called for each, on the
 * thread-default main context of this call. */
TpMonitor *
tp_monitor_new (GDBusConnection *connection, TpMonitorReport report, TpMonitorListening listening, gpointer user_data)
{
  TpMonitor *monitor = g_new0 (TpMonitor, 1);

  monitor->connection = g_object_ref (connection);
  monitor->report = report;
  monitor->listening = listening;
  monitor->report_data = user_data;
  monitor->cancellable = g_cancellable_new ();
  monitor->responses = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_variant_unref);
  /* Matched on the interface alone, from any sender: monitor_session_signal keeps only the
   * checked owner's. Not on the well-known name: GDBus then follows that name's owner itself
   * (GLib's fix for CVE-2024-34397) with a GetNameOwner call of its own, which believes any
   * connection's reply, and a forged one blinds the subscription to the real owner. */
  monitor->outcome_subscription = g_dbus_connection_signal_subscribe (
    connection, NULL, TP_SESSION_INTERFACE, NULL, NULL, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
    monitor_session_signal, monitor, NULL);
  /* Who owns the name is followed by hand, not with g_bus_watch_name, whose GetNameOwner is a
   * GDBus call that believes any connection's reply: a forged owner would then be checked. */
  monitor->owner_subscription = g_dbus_connection_signal_subscribe (
    connection, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
    TP_SERVICE, G_DBUS_SIGNAL_FLAGS_NONE, monitor_owner_changed, monitor, NULL);
  tp_call (connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
           g_variant_new ("(s)", TP_SERVICE), G_VARIANT_TYPE ("(s)"), G_DBUS_CALL_FLAGS_NONE, -1, monitor->cancellable,
           monitor_first_owner, monitor);
  return monitor;
}

/* Stops following and frees the monitor; nothing is reported after. */
void
tp_monitor_free (TpMonitor *monitor)
{
  if (monitor->freed != NULL)
    *monitor->freed = TRUE;
  g_cancellable_cancel (monitor->cancellable);
  g_dbus_connection_signal_unsubscribe (monitor->connection, monitor->owner_subscription);
  g_dbus_connection_signal_unsubscribe (monitor->connection, monitor->outcome_subscription);
  g_clear_object (&monitor->cancellable);
  monitor_forget_owner (monitor);
  g_hash_table_unref (monitor->responses);
  g_clear_object (&monitor->connection);
  g_free (monitor);
}
