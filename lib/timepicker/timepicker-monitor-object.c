/* TimePickerMonitor: every session's outcome on the bus as GObject signals, an object of its own
 * so that only an app that listens subscribes to the whole bus (an alert never does). The
 * following and the trust rules are TpMonitor's (timepicker-monitor.c).
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"

/**
 * TimePickerMonitor:
 *
 * Reports the outcome of every session on the bus, whoever asked for it,
 * through #TimePickerMonitor::response, #TimePickerMonitor::selected and
 * #TimePickerMonitor::cancelled (what `timepickerctl monitor` prints). It
 * follows the service's name, so it keeps reporting after the service
 * restarts, and it takes signals only from an owner that runs as the same
 * Unix user as the program.
 *
 * The signals are emitted on the thread-default #GMainContext of the thread
 * that made the monitor, as #GFileMonitor's are. Drop the last reference to
 * stop it.
 */
struct _TimePickerMonitor
{
  GObject parent_instance;

  GCancellable *cancellable; /* the session bus's connection, asked for by time_picker_monitor_new */
  TpMonitor *monitor;        /* from the time the bus is known */
  gboolean listening;        /* its subscriptions are on the bus */
};

enum { PROP_0, PROP_LISTENING, N_PROPERTIES };
static GParamSpec *properties[N_PROPERTIES];

enum { SIGNAL_RESPONSE, SIGNAL_SELECTED, SIGNAL_CANCELLED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TimePickerMonitor, time_picker_monitor, G_TYPE_OBJECT)

static void
time_picker_monitor_dispose (GObject *object)
{
  TimePickerMonitor *self = TIME_PICKER_MONITOR (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_pointer (&self->monitor, tp_monitor_free);
  G_OBJECT_CLASS (time_picker_monitor_parent_class)->dispose (object);
}

static void
time_picker_monitor_finalize (GObject *object)
{
  g_clear_object (&TIME_PICKER_MONITOR (object)->cancellable);
  G_OBJECT_CLASS (time_picker_monitor_parent_class)->finalize (object);
}

static void
time_picker_monitor_get_property (GObject *object, guint property_id, GValue *value, GParamSpec *pspec)
{
  if (property_id == PROP_LISTENING)
    g_value_set_boolean (value, TIME_PICKER_MONITOR (object)->listening);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
}

static void
time_picker_monitor_class_init (TimePickerMonitorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = time_picker_monitor_get_property;
  /**
   * TimePickerMonitor:listening:
   *
   * Whether the monitor hears every outcome from now on: %TRUE once its
   * subscriptions are on the bus (notified then), as the Swift library's
   * `TimePickerMonitor(onListening:)` is told. A picker shown after this
   * cannot be missed.
   */
  properties[PROP_LISTENING] = g_param_spec_boolean ("listening", NULL, NULL, FALSE,
                                                     G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);

  object_class->dispose = time_picker_monitor_dispose;
  object_class->finalize = time_picker_monitor_finalize;

  /**
   * TimePickerMonitor::response:
   * @monitor: the #TimePickerMonitor
   * @session: the session's object path
   * @response: 0 when the person chose, 1 when the person cancelled, 2 when
   *   the session ended otherwise
   * @results: the session's whole answer, an `a{sv}`
   * @range: (nullable): the range chosen when @response is 0, else %NULL
   *
   * A session's Response, as xdg-desktop-portal's Request has: it comes just
   * before #TimePickerMonitor::selected or #TimePickerMonitor::cancelled.
   */
  signals[SIGNAL_RESPONSE] = g_signal_new ("response", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 4, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_VARIANT, TIME_PICKER_TYPE_RANGE);

  /**
   * TimePickerMonitor::selected:
   * @monitor: the #TimePickerMonitor
   * @session: the session's object path
   * @range: the range chosen
   *
   * A session on the bus, of this program or any other of the same user,
   * ended with the person's choice.
   */
  signals[SIGNAL_SELECTED] = g_signal_new ("selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 2, G_TYPE_STRING, TIME_PICKER_TYPE_RANGE);

  /**
   * TimePickerMonitor::cancelled:
   * @monitor: the #TimePickerMonitor
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
time_picker_monitor_init (TimePickerMonitor *self)
{
  self->cancellable = g_cancellable_new ();
}

/* TpMonitor is on the bus: TimePickerMonitor:listening becomes TRUE. */
static void
monitor_listening (gpointer user_data)
{
  /* Held through the notification, which may drop the app's last reference. */
  g_autoptr(TimePickerMonitor) self = g_object_ref (user_data);

  self->listening = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LISTENING]);
}

/**
 * time_picker_monitor_get_listening:
 * @monitor: a #TimePickerMonitor
 *
 * Returns: whether the monitor hears every outcome from now on (#TimePickerMonitor:listening)
 */
gboolean
time_picker_monitor_get_listening (TimePickerMonitor *monitor)
{
  g_return_val_if_fail (TIME_PICKER_IS_MONITOR (monitor), FALSE);
  return monitor->listening;
}

/* TpMonitor's report of an outcome signal, emitted as the object's signal. */
static void
monitor_reported (const char *session_path, const TpSessionSignal *session_signal, TimePickerRange *range, gpointer user_data)
{
  /* Held through the emission: a handler may drop the app's last reference ("one outcome was
   * all I wanted"), and the monitor must outlive its own signal. */
  g_autoptr(TimePickerMonitor) self = g_object_ref (user_data);

  switch (session_signal->kind)
    {
    case TP_SESSION_SIGNAL_RESPONSE:
      g_signal_emit (self, signals[SIGNAL_RESPONSE], 0, session_path, session_signal->response, session_signal->results, range);
      break;
    case TP_SESSION_SIGNAL_SELECTED:
      g_signal_emit (self, signals[SIGNAL_SELECTED], 0, session_path, range);
      break;
    case TP_SESSION_SIGNAL_CANCELLED:
      g_signal_emit (self, signals[SIGNAL_CANCELLED], 0, session_path, session_signal->reason);
      break;
    case TP_SESSION_SIGNAL_OTHER:
      break;
    }
}

static void
monitor_got_bus (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(TimePickerMonitor) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) connection = g_bus_get_finish (result, &error);

  if (connection == NULL)
    {
      g_debug ("libtimepicker: no session bus: %s", error->message);
      return;
    }
  /* GTask calls back with the context time_picker_monitor_new() ran on pushed as the
   * thread-default one: TpMonitor subscribes there. */
  if (!g_cancellable_is_cancelled (self->cancellable))
    self->monitor = tp_monitor_new (connection, monitor_reported, monitor_listening, self);
}

/**
 * time_picker_monitor_new:
 *
 * A monitor of the session bus, connected to asynchronously.
 *
 * Returns: (transfer full): a new #TimePickerMonitor
 */
TimePickerMonitor *
time_picker_monitor_new (void)
{
  TimePickerMonitor *self = g_object_new (TIME_PICKER_TYPE_MONITOR, NULL);

  g_bus_get (G_BUS_TYPE_SESSION, self->cancellable, monitor_got_bus, g_object_ref (self));
  return self;
}

/**
 * time_picker_monitor_new_for_connection:
 * @connection: a connection to the bus the service is on
 *
 * A monitor of another bus than the session bus of the environment.
 *
 * Returns: (transfer full): a new #TimePickerMonitor
 */
TimePickerMonitor *
time_picker_monitor_new_for_connection (GDBusConnection *connection)
{
  TimePickerMonitor *self;

  g_return_val_if_fail (G_IS_DBUS_CONNECTION (connection), NULL);
  self = g_object_new (TIME_PICKER_TYPE_MONITOR, NULL);
  self->monitor = tp_monitor_new (connection, monitor_reported, monitor_listening, self);
  return self;
}
