/* The picker: one asynchronous pick per call, and every session's outcome on the bus as signals.
 *
 * What each raw-D-Bus example writes by hand happens here, once: the name's owner is asked
 * for and its Unix user checked before anything is sent to it; every call goes to that
 * unique name; the session's path is made predictable (handle_token) and subscribed to
 * before the call; every reply and signal is checked for its type; the owner leaving the
 * bus fails the pick. No call blocks: each step is an asynchronous call whose reply
 * starts the next.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"

#include <unistd.h>

/**
 * TimePickerPicker:
 *
 * Asks timepickerd, the time picker service of the session bus, for a range of
 * time: time_picker_picker_pick() shows a picker and
 * time_picker_picker_pick_finish() gives the #TimePickerRange the person
 * chose, or fails with a #TIME_PICKER_ERROR naming why there is none.
 *
 * The picker also reports the outcome of every session on the bus, whoever
 * asked for it, through #TimePickerPicker::selected and
 * #TimePickerPicker::cancelled (what `timepickerctl monitor` prints). It
 * follows the service's name, so it keeps reporting after the service
 * restarts, and it takes signals only from an owner that runs as the same
 * Unix user as the program.
 *
 * Everything happens on the thread-default #GMainContext of the thread that
 * made the picker; nothing blocks it.
 */
struct _TimePickerPicker
{
  GObject parent_instance;

  GMainContext *context;
  GDBusConnection *connection; /* NULL until the bus is known */
  GCancellable *monitor_cancellable;
  guint name_watch;
  guint outcome_subscription;
  char *current_owner;         /* the service's unique name, as the name watch last said */
  char *trusted_owner;         /* the same once its user is checked, else NULL */
  GQueue pending;              /* PendingSignals of current_owner while its user is being checked */
  GHashTable *responses;       /* session path -> its Response's results, until Selected/Cancelled */
  guint next_token;
};

enum { SIGNAL_SELECTED, SIGNAL_CANCELLED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TimePickerPicker, time_picker_picker, G_TYPE_OBJECT)

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

static void monitor_report (TimePickerPicker *picker, const char *path, const char *member, GVariant *parameters);

static void monitor_start (TimePickerPicker *picker, GDBusConnection *connection);

/* ------------------------------------------------------------------------------------------ */
/* Lifetime                                                                                    */

static void
time_picker_picker_dispose (GObject *object)
{
  TimePickerPicker *picker = TIME_PICKER_PICKER (object);

  g_cancellable_cancel (picker->monitor_cancellable);
  if (picker->name_watch != 0)
    g_bus_unwatch_name (picker->name_watch);
  picker->name_watch = 0;
  if (picker->outcome_subscription != 0)
    g_dbus_connection_signal_unsubscribe (picker->connection, picker->outcome_subscription);
  picker->outcome_subscription = 0;
  g_clear_object (&picker->connection);
  G_OBJECT_CLASS (time_picker_picker_parent_class)->dispose (object);
}

static void
time_picker_picker_finalize (GObject *object)
{
  TimePickerPicker *picker = TIME_PICKER_PICKER (object);

  g_clear_object (&picker->monitor_cancellable);
  g_free (picker->current_owner);
  g_free (picker->trusted_owner);
  g_hash_table_unref (picker->responses);
  g_queue_clear_full (&picker->pending, pending_signal_free);
  g_main_context_unref (picker->context);
  G_OBJECT_CLASS (time_picker_picker_parent_class)->finalize (object);
}

static void
time_picker_picker_class_init (TimePickerPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = time_picker_picker_dispose;
  object_class->finalize = time_picker_picker_finalize;

  /**
   * TimePickerPicker::selected:
   * @picker: the #TimePickerPicker
   * @session: the session's object path
   * @range: the range chosen
   *
   * A session on the bus, of this program or any other of the same user,
   * ended with the person's choice.
   */
  signals[SIGNAL_SELECTED] = g_signal_new ("selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 2, G_TYPE_STRING, TIME_PICKER_TYPE_RANGE);

  /**
   * TimePickerPicker::cancelled:
   * @picker: the #TimePickerPicker
   * @session: the session's object path
   * @reason: why it ended without a choice: "user", "timeout", "caller",
   *   "shutdown" or "unavailable" (a later service may add reasons)
   *
   * A session on the bus, of this program or any other of the same user,
   * ended without a choice.
   */
  signals[SIGNAL_CANCELLED] = g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
}

static void
time_picker_picker_init (TimePickerPicker *picker)
{
  picker->context = g_main_context_ref_thread_default ();
  picker->monitor_cancellable = g_cancellable_new ();
  picker->responses = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_variant_unref);
}

static void
picker_got_bus (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(TimePickerPicker) picker = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) connection = g_bus_get_finish (result, &error);

  if (connection == NULL)
    {
      /* No session bus: picks say so; there is nothing to monitor. */
      g_debug ("libtimepicker: no session bus: %s", error->message);
      return;
    }
  if (!g_cancellable_is_cancelled (picker->monitor_cancellable) && picker->connection == NULL)
    monitor_start (picker, connection);
}

/**
 * time_picker_picker_new:
 *
 * A picker on the session bus. The bus is connected to asynchronously; the
 * first pick waits for it.
 *
 * Returns: (transfer full): a new #TimePickerPicker
 */
TimePickerPicker *
time_picker_picker_new (void)
{
  TimePickerPicker *picker = g_object_new (TIME_PICKER_TYPE_PICKER, NULL);

  g_bus_get (G_BUS_TYPE_SESSION, picker->monitor_cancellable, picker_got_bus, g_object_ref (picker));
  return picker;
}

/**
 * time_picker_picker_new_for_connection:
 * @connection: a connection to the bus the service is on
 *
 * A picker on another bus than the session bus of the environment.
 *
 * Returns: (transfer full): a new #TimePickerPicker
 */
TimePickerPicker *
time_picker_picker_new_for_connection (GDBusConnection *connection)
{
  TimePickerPicker *picker;

  g_return_val_if_fail (G_IS_DBUS_CONNECTION (connection), NULL);
  picker = g_object_new (TIME_PICKER_TYPE_PICKER, NULL);
  monitor_start (picker, connection);
  return picker;
}

/* ------------------------------------------------------------------------------------------ */
/* Every session's outcome                                                                     */

/* A question to the bus about a new owner's user. */
typedef struct
{
  TimePickerPicker *picker; /* not a reference: dispose cancels the call, and a cancelled call never reads it */
  char *owner;
} OwnerCheck;

static void
owner_check_free (OwnerCheck *check)
{
  g_free (check->owner);
  g_free (check);
}

static void
monitor_owner_check_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  OwnerCheck *check = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  guint32 uid;

  if (reply == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("libtimepicker: the user of %s is unknown: %s", check->owner, error->message);
      owner_check_free (check);
      return;
    }
  g_variant_get (reply, "(u)", &uid);
  if (g_strcmp0 (check->picker->current_owner, check->owner) != 0)
    ; /* An owner already gone: the new one has a check of its own. */
  else if (uid != getuid ())
    {
      g_debug ("libtimepicker: %s belongs to uid %u: its signals are ignored", check->owner, uid);
      g_queue_clear_full (&check->picker->pending, pending_signal_free);
    }
  else
    {
      TimePickerPicker *picker = check->picker;
      PendingSignal *pending;

      /* Trusted from now on; what it sent while it was checked is reported now, in order. */
      g_free (picker->trusted_owner);
      picker->trusted_owner = g_strdup (check->owner);
      while ((pending = g_queue_pop_head (&picker->pending)) != NULL)
        {
          monitor_report (picker, pending->path, pending->member, pending->parameters);
          pending_signal_free (pending);
        }
    }
  owner_check_free (check);
}

static void
monitor_name_appeared (GDBusConnection *connection, const char *name, const char *owner, gpointer user_data)
{
  TimePickerPicker *picker = user_data;
  OwnerCheck *check = g_new0 (OwnerCheck, 1);

  g_clear_pointer (&picker->trusted_owner, g_free);
  g_hash_table_remove_all (picker->responses);
  g_queue_clear_full (&picker->pending, pending_signal_free);
  g_free (picker->current_owner);
  picker->current_owner = g_strdup (owner);
  check->picker = picker;
  check->owner = g_strdup (owner);
  g_dbus_connection_call (connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                          "GetConnectionUnixUser", g_variant_new ("(s)", owner), G_VARIANT_TYPE ("(u)"),
                          G_DBUS_CALL_FLAGS_NONE, -1, picker->monitor_cancellable, monitor_owner_check_done, check);
}

static void
monitor_name_vanished (GDBusConnection *connection, const char *name, gpointer user_data)
{
  TimePickerPicker *picker = user_data;

  g_clear_pointer (&picker->trusted_owner, g_free);
  g_hash_table_remove_all (picker->responses);
  g_queue_clear_full (&picker->pending, pending_signal_free);
  g_clear_pointer (&picker->current_owner, g_free);
}

/* A Session signal from the service's name: reported when it comes from the checked owner,
 * kept until the check ends when it comes from an owner being checked, else dropped. */
static void
monitor_session_signal (GDBusConnection *connection, const char *sender, const char *path, const char *interface,
                        const char *member, GVariant *parameters, gpointer user_data)
{
  TimePickerPicker *picker = user_data;

  if (picker->trusted_owner != NULL && g_strcmp0 (sender, picker->trusted_owner) == 0)
    monitor_report (picker, path, member, parameters);
  else if (picker->trusted_owner == NULL && g_strcmp0 (sender, picker->current_owner) == 0
           && g_queue_get_length (&picker->pending) < 1024)
    {
      PendingSignal *pending = g_new0 (PendingSignal, 1);

      pending->path = g_strdup (path);
      pending->member = g_strdup (member);
      pending->parameters = g_variant_ref (parameters);
      g_queue_push_tail (&picker->pending, pending);
    }
}

/* Emits selected or cancelled for a Session signal of the trusted owner that has the
 * interface's types (a Response is kept for the Selected it comes before). */
static void
monitor_report (TimePickerPicker *picker, const char *path, const char *member, GVariant *parameters)
{
  if (!g_str_has_prefix (path, TP_SESSION_PATH_PREFIX))
    return;
  if (g_str_equal (member, "Response") && g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ua{sv})")))
    {
      /* Only the sessions still open are kept: a service sends at most 256. */
      if (g_hash_table_size (picker->responses) < 1024)
        g_hash_table_replace (picker->responses, g_strdup (path), g_variant_get_child_value (parameters, 1));
    }
  else if (g_str_equal (member, "Selected") && g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ss)")))
    {
      const char *start, *end;
      g_autoptr(TimePickerRange) range = NULL;
      g_autoptr(GVariant) results = NULL;

      g_variant_get (parameters, "(&s&s)", &start, &end);
      if (!time_picker_is_clock_text (start) || !time_picker_is_clock_text (end))
        return;
      g_hash_table_steal_extended (picker->responses, path, NULL, (gpointer *) &results);
      range = time_picker_range_new (start, end, results);
      g_signal_emit (picker, signals[SIGNAL_SELECTED], 0, path, range);
    }
  else if (g_str_equal (member, "Cancelled") && g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(s)")))
    {
      const char *reason;

      g_variant_get (parameters, "(&s)", &reason);
      g_hash_table_remove (picker->responses, path);
      g_signal_emit (picker, signals[SIGNAL_CANCELLED], 0, path, reason);
    }
}

static void
monitor_start (TimePickerPicker *picker, GDBusConnection *connection)
{
  picker->connection = g_object_ref (connection);
  /* Matched on the well-known name, so that the bus sends the signals of whoever owns it
   * now or later; each new owner's user is checked before its signals are believed. */
  picker->outcome_subscription = g_dbus_connection_signal_subscribe (
    connection, TP_SERVICE, TP_SESSION_INTERFACE, NULL, NULL, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
    monitor_session_signal, picker, NULL);
  picker->name_watch = g_bus_watch_name_on_connection (connection, TP_SERVICE, G_BUS_NAME_WATCHER_FLAGS_NONE,
                                                       monitor_name_appeared, monitor_name_vanished, picker, NULL);
}

/* ------------------------------------------------------------------------------------------ */
/* One pick                                                                                    */

/* The state of one pick, the GTask's data. Each step's callback first asks whether the pick
 * is over (done), since a cancel or a vanished service may end it while a call is out. */
typedef struct
{
  GDBusConnection *connection;
  GVariant *options;          /* the caller's a{sv}, or NULL */
  TimePickerParent *parent;   /* or NULL */
  gboolean parent_exported;
  GSource *export_timeout;    /* while the parent's export is awaited */
  gboolean export_abandoned;  /* it took too long: the pick went on without a parent */
  char *parent_window;
  char *activation_token;
  char *owner;                /* the service's unique name, its user checked */
  char *session_path;
  guint session_subscription;
  guint owner_subscription;
  gulong closed_handler;
  gulong cancelled_handler;
  gboolean session_created;   /* ShowTimePicker answered */
  gboolean cancel_requested;  /* the caller's cancellable fired */
  gboolean cancel_sent;
  gboolean done;
  GVariant *results;          /* the session's Response, once it came */
} Pick;

static void
pick_free (Pick *pick)
{
  g_clear_object (&pick->connection);
  g_clear_pointer (&pick->options, g_variant_unref);
  g_clear_object (&pick->parent);
  g_free (pick->parent_window);
  g_free (pick->activation_token);
  g_free (pick->owner);
  g_free (pick->session_path);
  g_clear_pointer (&pick->results, g_variant_unref);
  g_free (pick);
}

/* Ends the pick with range or error (one of them), once; drops every subscription. */
static void
pick_complete (GTask *task, TimePickerRange *range, GError *error)
{
  Pick *pick = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);

  if (pick->done)
    {
      g_clear_object (&range);
      g_clear_error (&error);
      return;
    }
  pick->done = TRUE;
  if (pick->session_subscription != 0)
    g_dbus_connection_signal_unsubscribe (pick->connection, pick->session_subscription);
  if (pick->owner_subscription != 0)
    g_dbus_connection_signal_unsubscribe (pick->connection, pick->owner_subscription);
  pick->session_subscription = pick->owner_subscription = 0;
  if (pick->closed_handler != 0)
    g_signal_handler_disconnect (pick->connection, pick->closed_handler);
  pick->closed_handler = 0;
  if (pick->cancelled_handler != 0)
    g_cancellable_disconnect (cancellable, pick->cancelled_handler);
  pick->cancelled_handler = 0;
  if (pick->parent_exported)
    time_picker_parent_unexport (pick->parent);
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

static void
pick_fail (GTask *task, TimePickerError code, const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
pick_fail (GTask *task, TimePickerError code, const char *format, ...)
{
  va_list arguments;
  g_autofree char *message = NULL;

  va_start (arguments, format);
  message = g_strdup_vprintf (format, arguments);
  va_end (arguments);
  pick_complete (task, NULL, g_error_new_literal (TIME_PICKER_ERROR, code, message));
}

/* The reply to the session's Cancel: the session has ended (or never will now). */
static void
pick_cancel_answered (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, NULL);

  pick_complete (task, NULL, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "The pick was cancelled"));
}

/* Ends the session with Cancelled("caller"); the pick ends when the service has answered. */
static void
pick_send_cancel (GTask *task)
{
  Pick *pick = g_task_get_task_data (task);

  if (pick->cancel_sent)
    return;
  pick->cancel_sent = TRUE;
  g_dbus_connection_call (pick->connection, pick->owner, pick->session_path, TP_SESSION_INTERFACE, "Cancel", NULL,
                          G_VARIANT_TYPE ("()"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, pick_cancel_answered, g_object_ref (task));
}

/* Runs on the pick's main context, whatever thread cancelled the cancellable. */
static gboolean
pick_cancelled_in_context (gpointer user_data)
{
  GTask *task = user_data;
  Pick *pick = g_task_get_task_data (task);

  if (pick->done)
    return G_SOURCE_REMOVE;
  pick->cancel_requested = TRUE;
  if (pick->session_created)
    pick_send_cancel (task);
  else if (pick->session_subscription == 0)
    /* No call has made a session yet and none will: nothing to cancel on the service. */
    pick_complete (task, NULL, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "The pick was cancelled"));
  /* Else ShowTimePicker is out: its reply sends Cancel. */
  return G_SOURCE_REMOVE;
}

static void
pick_cancellable_fired (GCancellable *cancellable, gpointer user_data)
{
  GTask *task = user_data;

  g_main_context_invoke_full (g_task_get_context (task), G_PRIORITY_DEFAULT, pick_cancelled_in_context,
                              g_object_ref (task), g_object_unref);
}

/* The session's Response, Selected and Cancelled, from the owner alone (the subscription's
 * sender is its unique name). */
static void
pick_session_signal (GDBusConnection *connection, const char *sender, const char *path, const char *interface,
                     const char *member, GVariant *parameters, gpointer user_data)
{
  GTask *task = user_data;
  Pick *pick = g_task_get_task_data (task);

  if (pick->done)
    return;
  if (g_str_equal (member, "Response"))
    {
      if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ua{sv})")))
        {
          pick_fail (task, TIME_PICKER_ERROR_INVALID_REPLY, "The time picker sent a Response of type %s", g_variant_get_type_string (parameters));
          return;
        }
      g_clear_pointer (&pick->results, g_variant_unref);
      pick->results = g_variant_get_child_value (parameters, 1);
    }
  else if (g_str_equal (member, "Selected"))
    {
      const char *start, *end;

      if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ss)")))
        {
          pick_fail (task, TIME_PICKER_ERROR_INVALID_REPLY, "The time picker sent a Selected of type %s", g_variant_get_type_string (parameters));
          return;
        }
      g_variant_get (parameters, "(&s&s)", &start, &end);
      if (!time_picker_is_clock_text (start) || !time_picker_is_clock_text (end))
        {
          pick_fail (task, TIME_PICKER_ERROR_INVALID_REPLY, "The time picker answered something that is not a time");
          return;
        }
      pick_complete (task, time_picker_range_new (start, end, pick->results), NULL);
    }
  else if (g_str_equal (member, "Cancelled"))
    {
      const char *reason;

      if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(s)")))
        {
          pick_fail (task, TIME_PICKER_ERROR_INVALID_REPLY, "The time picker sent a Cancelled of type %s", g_variant_get_type_string (parameters));
          return;
        }
      g_variant_get (parameters, "(&s)", &reason);
      if (pick->cancel_requested)
        pick_complete (task, NULL, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "The pick was cancelled"));
      else
        pick_complete (task, NULL, time_picker_error_for_reason (reason));
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
        pick_complete (task, NULL, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "The pick was cancelled"));
      else
        pick_fail (task, TIME_PICKER_ERROR_VANISHED, "The time picker service (%s) left the bus before the person chose", name);
    }
}

static void
pick_connection_closed (GDBusConnection *connection, gboolean remote_peer_vanished, GError *error, gpointer user_data)
{
  pick_fail (user_data, TIME_PICKER_ERROR_SERVICE_UNAVAILABLE, "The session bus closed");
}

static void
pick_shown (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  Pick *pick = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  const char *path;

  if (pick->done)
    return;
  if (reply == NULL)
    {
      pick_complete (task, NULL, time_picker_error_for_call (error));
      return;
    }
  g_variant_get (reply, "(&o)", &path);
  pick->session_created = TRUE;
  if (!g_str_equal (path, pick->session_path))
    {
      /* Not the path subscribed to: its signals would never be seen. End it. */
      g_dbus_connection_call (pick->connection, pick->owner, path, TP_SESSION_INTERFACE, "Cancel", NULL, NULL,
                              G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
      pick_fail (task, TIME_PICKER_ERROR_INVALID_REPLY, "The time picker made the session %s, not %s", path, pick->session_path);
      return;
    }
  if (pick->cancel_requested)
    pick_send_cancel (task);
}

/* Subscribes to the session's predictable path and to the owner's leaving, then calls. */
static void
pick_show (GTask *task)
{
  Pick *pick = g_task_get_task_data (task);
  TimePickerPicker *picker = g_task_get_source_object (task);
  g_autofree char *sender = NULL;
  g_autofree char *token = NULL;
  GVariantBuilder options;

  sender = g_strdup (g_dbus_connection_get_unique_name (pick->connection) + 1);
  g_strdelimit (sender, ".", '_');
  token = g_strdup_printf ("libtimepicker_%u_%u", (guint) getpid (), ++picker->next_token);
  pick->session_path = g_strdup_printf (TP_SESSION_PATH_PREFIX "%s/%s", sender, token);

  pick->session_subscription = g_dbus_connection_signal_subscribe (
    pick->connection, pick->owner, TP_SESSION_INTERFACE, NULL, pick->session_path, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
    pick_session_signal, g_object_ref (task), g_object_unref);
  pick->owner_subscription = g_dbus_connection_signal_subscribe (
    pick->connection, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
    pick->owner, G_DBUS_SIGNAL_FLAGS_NONE, pick_owner_changed, g_object_ref (task), g_object_unref);
  pick->closed_handler = g_signal_connect (pick->connection, "closed", G_CALLBACK (pick_connection_closed), task);

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
  g_variant_builder_add (&options, "{sv}", "handle_token", g_variant_new_string (token));

  /* The reply comes at once: the session's outcome is a signal. */
  g_dbus_connection_call (pick->connection, pick->owner, TP_MANAGER_PATH, TP_MANAGER_INTERFACE, "ShowTimePicker",
                          g_variant_new ("(a{sv})", &options), G_VARIANT_TYPE ("(o)"), G_DBUS_CALL_FLAGS_NO_AUTO_START,
                          -1, NULL, pick_shown, g_object_ref (task));
}

static void
pick_owner_checked (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  Pick *pick = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  guint32 uid;

  if (pick->done)
    return;
  if (reply == NULL)
    {
      pick_fail (task, TIME_PICKER_ERROR_VANISHED, "The time picker service left the bus: %s", error->message);
      return;
    }
  g_variant_get (reply, "(u)", &uid);
  if (uid != getuid ())
    {
      pick_fail (task, TIME_PICKER_ERROR_OTHER_USER, TP_SERVICE " is owned by another user's process (uid %u)", uid);
      return;
    }
  pick_show (task);
}

static void pick_ask_owner (GTask *task, gboolean started);

static void
pick_service_started (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  Pick *pick = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);

  if (pick->done)
    return;
  if (reply == NULL)
    {
      g_dbus_error_strip_remote_error (error);
      pick_fail (task, TIME_PICKER_ERROR_SERVICE_UNAVAILABLE, "The time picker service cannot be started: %s", error->message);
      return;
    }
  pick_ask_owner (task, TRUE);
}

static void
pick_owner_known (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  Pick *pick = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  gboolean started = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (task), "time-picker-started"));

  if (pick->done)
    return;
  if (reply == NULL)
    {
      /* Nobody owns the name: the bus starts the service (D-Bus activation), once. */
      if (!started)
        {
          g_dbus_connection_call (pick->connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                  "StartServiceByName", g_variant_new ("(su)", TP_SERVICE, 0), G_VARIANT_TYPE ("(u)"),
                                  G_DBUS_CALL_FLAGS_NONE, -1, NULL, pick_service_started, g_object_ref (task));
          return;
        }
      g_dbus_error_strip_remote_error (error);
      pick_fail (task, TIME_PICKER_ERROR_SERVICE_UNAVAILABLE, "The time picker service is not running: %s", error->message);
      return;
    }
  g_variant_get (reply, "(s)", &pick->owner);
  g_dbus_connection_call (pick->connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                          "GetConnectionUnixUser", g_variant_new ("(s)", pick->owner), G_VARIANT_TYPE ("(u)"),
                          G_DBUS_CALL_FLAGS_NONE, -1, NULL, pick_owner_checked, g_object_ref (task));
}

static void
pick_ask_owner (GTask *task, gboolean started)
{
  Pick *pick = g_task_get_task_data (task);

  g_object_set_data (G_OBJECT (task), "time-picker-started", GINT_TO_POINTER (started));
  g_dbus_connection_call (pick->connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
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
  gboolean exported = time_picker_parent_export_finish (pick->parent, result, &parent_window, &activation_token, &error);

  if (pick->done || pick->export_abandoned)
    {
      /* Cancelled, or gone on without it, while the window was exported: withdraw it now. */
      if (exported)
        time_picker_parent_unexport (pick->parent);
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
  pick_ask_owner (task, FALSE);
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
  pick_ask_owner (task, FALSE);
  return G_SOURCE_REMOVE;
}

/* The bus is known: export the parent, then find the service. */
static void
pick_on_connection (GTask *task, GDBusConnection *connection)
{
  Pick *pick = g_task_get_task_data (task);
  TimePickerPicker *picker = g_task_get_source_object (task);

  pick->connection = connection;
  if (picker->connection == NULL)
    monitor_start (picker, connection);
  if (pick->parent != NULL)
    {
      pick->export_timeout = g_timeout_source_new_seconds (TP_EXPORT_SECONDS);
      g_source_set_callback (pick->export_timeout, pick_export_too_slow, g_object_ref (task), g_object_unref);
      g_source_attach (pick->export_timeout, g_task_get_context (task));
      time_picker_parent_export (pick->parent, NULL, pick_parent_exported, g_object_ref (task));
    }
  else
    pick_ask_owner (task, FALSE);
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
      pick_fail (task, TIME_PICKER_ERROR_SERVICE_UNAVAILABLE, "No session bus: %s", error->message);
      return;
    }
  pick_on_connection (task, connection);
}

/**
 * time_picker_picker_pick:
 * @picker: a #TimePickerPicker
 * @parent: (nullable): the window the dialog belongs to, or %NULL
 * @options: (nullable): the service's options, an `a{sv}` #GVariant such as
 *   `{"title": <"Lunch">, "step": <uint32 15>}` (see
 *   io.github.timepickerd.TimePicker1(5) for every key), or %NULL for the
 *   defaults. `handle_token` is the library's own and is refused;
 *   `parent_window` and `activation_token` are taken from @parent when it has them.
 *   A floating reference is sunk.
 * @cancellable: (nullable): cancels the pick: the session is ended with the
 *   reason "caller" and the pick fails with %G_IO_ERROR_CANCELLED once the
 *   service has answered
 * @callback: (scope async): called when the session has ended
 * @user_data: data for @callback
 *
 * Shows a time picker (or queues it behind the pickers already showing) and
 * calls @callback when the person has chosen or the session has ended
 * otherwise; call time_picker_picker_pick_finish() there.
 *
 * Options are an `a{sv}` dictionary rather than properties of an object so that
 * every option the service has, now or in a later version, reaches it without
 * a new version of the library, and because every introspected language has
 * its way of writing one (`GLib.Variant('a{sv}', {...})` in Python and GJS).
 */
void
time_picker_picker_pick (TimePickerPicker *picker, TimePickerParent *parent, GVariant *options, GCancellable *cancellable,
                         GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GVariant) sunk = options != NULL ? g_variant_ref_sink (options) : NULL;
  Pick *pick;

  g_return_if_fail (TIME_PICKER_IS_PICKER (picker));
  g_return_if_fail (parent == NULL || TIME_PICKER_IS_PARENT (parent));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (picker, cancellable, callback, user_data);
  g_task_set_source_tag (task, time_picker_picker_pick);
  pick = g_new0 (Pick, 1);
  pick->options = g_steal_pointer (&sunk);
  pick->parent = parent != NULL ? g_object_ref (parent) : NULL;
  g_task_set_task_data (task, pick, (GDestroyNotify) pick_free);

  if (pick->options != NULL && !g_variant_is_of_type (pick->options, G_VARIANT_TYPE_VARDICT))
    {
      pick_fail (task, TIME_PICKER_ERROR_INVALID_ARGS, "The options are of type %s, not a{sv}", g_variant_get_type_string (pick->options));
      return;
    }
  if (pick->options != NULL && g_variant_lookup (pick->options, "handle_token", "*", NULL))
    {
      pick_fail (task, TIME_PICKER_ERROR_INVALID_ARGS, "handle_token is the library's own option");
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    {
      pick->done = TRUE;
      return;
    }
  if (cancellable != NULL)
    pick->cancelled_handler = g_cancellable_connect (cancellable, G_CALLBACK (pick_cancellable_fired), task, NULL);

  if (picker->connection != NULL)
    pick_on_connection (task, g_object_ref (picker->connection));
  else
    g_bus_get (G_BUS_TYPE_SESSION, NULL, pick_got_bus, g_steal_pointer (&task));
}

/**
 * time_picker_picker_pick_finish:
 * @picker: a #TimePickerPicker
 * @result: the #GAsyncResult given to the callback
 * @error: return location for a #GError
 *
 * Returns: (transfer full): the range the person chose, or %NULL with @error
 *   set: in %TIME_PICKER_ERROR (a code per reason the session ended without a
 *   choice, or per way the service failed), or %G_IO_ERROR_CANCELLED when the
 *   pick's #GCancellable cancelled it
 */
TimePickerRange *
time_picker_picker_pick_finish (TimePickerPicker *picker, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (TIME_PICKER_IS_PICKER (picker), NULL);
  g_return_val_if_fail (g_task_is_valid (result, picker), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == time_picker_picker_pick, NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
