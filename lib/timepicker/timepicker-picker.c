/* The picker: one asynchronous pick per call, and every session's outcome on the bus as signals.
 *
 * What each raw-D-Bus example writes by hand happens in the library, once: a pick
 * (timepicker-pick.c, timepicker-pick-call.c) asks for the name's owner and checks its Unix
 * user before anything is sent to it, calls that unique name, makes the session's path
 * predictable (handle_token) and subscribes to it before the call, and fails when the owner
 * leaves the bus; the monitor (timepicker-monitor.c) follows every session's outcome; every
 * reply and signal is checked for its type (timepicker-session-signal.c). This file is the
 * object that holds them.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"

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
 * Each pick runs, and completes, on the thread-default #GMainContext of the
 * thread that called time_picker_picker_pick(), as every asynchronous GIO
 * call does: a pick made with a context of its own pushed, as a synchronous
 * wrapper makes one, needs only that context iterated. The
 * #TimePickerPicker::selected and #TimePickerPicker::cancelled signals are
 * emitted on the thread-default #GMainContext of the thread that made the
 * picker, as #GFileMonitor's are. Nothing blocks either. A picker is not
 * thread-safe: use it from the thread that made it.
 */
struct _TimePickerPicker
{
  GObject parent_instance;

  GDBusConnection *connection; /* NULL until the bus is known */
  GCancellable *cancellable;   /* the session bus's connection, asked for by time_picker_picker_new */
  TpMonitor *monitor;          /* from the time the bus is known */
};

enum { SIGNAL_SELECTED, SIGNAL_CANCELLED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TimePickerPicker, time_picker_picker, G_TYPE_OBJECT)

static void
time_picker_picker_dispose (GObject *object)
{
  TimePickerPicker *picker = TIME_PICKER_PICKER (object);

  g_cancellable_cancel (picker->cancellable);
  g_clear_pointer (&picker->monitor, tp_monitor_free);
  g_clear_object (&picker->connection);
  G_OBJECT_CLASS (time_picker_picker_parent_class)->dispose (object);
}

static void
time_picker_picker_finalize (GObject *object)
{
  TimePickerPicker *picker = TIME_PICKER_PICKER (object);

  g_clear_object (&picker->cancellable);
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
  picker->cancellable = g_cancellable_new ();
}

/* The monitor's report of a session that ended, emitted as the picker's signal. */
static void
picker_session_ended (const char *session_path, TimePickerRange *range, const char *reason, gpointer user_data)
{
  TimePickerPicker *picker = user_data;

  if (range != NULL)
    g_signal_emit (picker, signals[SIGNAL_SELECTED], 0, session_path, range);
  else
    g_signal_emit (picker, signals[SIGNAL_CANCELLED], 0, session_path, reason);
}

/* The bus is known: picks use it, and the monitor follows its sessions, on the thread-default
 * context of this call, which must be the one the picker was made on. */
static void
picker_follow_bus (TimePickerPicker *picker, GDBusConnection *connection)
{
  picker->connection = g_object_ref (connection);
  picker->monitor = tp_monitor_new (connection, picker_session_ended, picker);
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
  /* GTask calls back with the context time_picker_picker_new() ran on pushed as the
   * thread-default one: the monitor subscribes there. */
  if (!g_cancellable_is_cancelled (picker->cancellable))
    picker_follow_bus (picker, connection);
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

  g_bus_get (G_BUS_TYPE_SESSION, picker->cancellable, picker_got_bus, g_object_ref (picker));
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
  picker_follow_bus (picker, connection);
  return picker;
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
 * @cancellable: (nullable): cancels the pick: it fails with
 *   %G_IO_ERROR_CANCELLED at once, from any phase, without waiting for the
 *   service; the session, when one was made, is ended with the reason "caller"
 * @callback: (scope async): called when the session has ended
 * @user_data: data for @callback
 *
 * Shows a time picker (or queues it behind the pickers already showing) and
 * calls @callback when the person has chosen or the session has ended
 * otherwise; call time_picker_picker_pick_finish() there. The pick runs, and
 * @callback is called, on the thread-default #GMainContext of this call. The
 * session ends, with the reason "caller", when the program's connection leaves
 * the bus (it quits or dies), as a portal's request does.
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

  g_return_if_fail (TIME_PICKER_IS_PICKER (picker));
  g_return_if_fail (parent == NULL || TIME_PICKER_IS_PARENT (parent));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (picker, cancellable, callback, user_data);
  g_task_set_source_tag (task, time_picker_picker_pick);
  tp_pick_start (task, picker->connection, parent, sunk);
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
