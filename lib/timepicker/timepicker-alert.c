/* The alert: what an app configures (typed properties) and picks with, one pick at a time.
 *
 * What each raw-D-Bus example writes by hand happens in the library, once: a pick
 * (timepicker-pick.c, timepicker-pick-call.c) asks for the name's owner and checks its Unix
 * user before anything is sent to it, calls that unique name, makes the session's path
 * predictable (handle_token) and subscribes to it before the call, and fails when the owner
 * leaves the bus; every reply and signal is checked for its type (timepicker-session-signal.c).
 * The alert follows nothing on the bus beyond its own pick's session: every session's outcome
 * is TimePickerMonitor's (timepicker-monitor-object.c), which an app makes only if it listens.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-alert-private.h"

/**
 * TimePickerAlert:
 *
 * Asks timepickerd, the time picker service of the session bus, for a range of
 * time: set the options as properties (#TimePickerAlert:title,
 * #TimePickerAlert:step, #TimePickerAlert:time-zone, ...), then
 * time_picker_alert_pick() shows a picker and time_picker_alert_pick_finish()
 * gives the #TimePickerRange the person chose, or fails with a
 * #TIME_PICKER_ERROR naming why there is none.
 *
 * Each pick runs, and completes, on the thread-default #GMainContext of the
 * thread that called time_picker_alert_pick(), as every asynchronous GIO call
 * does; nothing blocks. An alert is not thread-safe: use it from the thread
 * that made it. The session ends, with the reason "caller", when the program
 * leaves the bus, as a portal's request does.
 */

GParamSpec *tp_alert_properties[N_PROPERTIES];

G_DEFINE_FINAL_TYPE (TimePickerAlert, time_picker_alert, G_TYPE_OBJECT)

static void
time_picker_alert_finalize (GObject *object)
{
  TimePickerAlert *alert = TIME_PICKER_ALERT (object);

  g_clear_object (&alert->connection);
  g_free (alert->title);
  g_free (alert->first);
  g_free (alert->last);
  g_free (alert->start);
  g_free (alert->end);
  g_free (alert->locale);
  g_clear_pointer (&alert->date, g_date_time_unref);
  g_clear_pointer (&alert->time_zone, g_time_zone_unref);
  g_clear_pointer (&alert->parent, time_picker_parent_unref);
  g_clear_pointer (&alert->options, g_variant_unref);
  G_OBJECT_CLASS (time_picker_alert_parent_class)->finalize (object);
}

static void
time_picker_alert_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  TimePickerAlert *alert = TIME_PICKER_ALERT (object);

  switch (id)
    {
    case PROP_TITLE: time_picker_alert_set_title (alert, g_value_get_string (value)); break;
    case PROP_STEP: time_picker_alert_set_step (alert, g_value_get_uint (value)); break;
    case PROP_FIRST: time_picker_alert_set_first (alert, g_value_get_string (value)); break;
    case PROP_LAST: time_picker_alert_set_last (alert, g_value_get_string (value)); break;
    case PROP_START: time_picker_alert_set_start (alert, g_value_get_string (value)); break;
    case PROP_END: time_picker_alert_set_end (alert, g_value_get_string (value)); break;
    case PROP_MIN_DURATION: time_picker_alert_set_min_duration (alert, g_value_get_uint (value)); break;
    case PROP_TIMEOUT: time_picker_alert_set_timeout (alert, g_value_get_uint (value)); break;
    case PROP_TIMEOUT_EXTENSIONS: time_picker_alert_set_timeout_extensions (alert, g_value_get_uint (value)); break;
    case PROP_CLOCK: time_picker_alert_set_clock (alert, g_value_get_enum (value)); break;
    case PROP_OVERNIGHT: time_picker_alert_set_overnight (alert, g_value_get_boolean (value)); break;
    case PROP_DATE: time_picker_alert_set_date (alert, g_value_get_boxed (value)); break;
    case PROP_TIME_ZONE: time_picker_alert_set_time_zone (alert, g_value_get_boxed (value)); break;
    case PROP_USER_INTERFACE: time_picker_alert_set_user_interface (alert, g_value_get_enum (value)); break;
    case PROP_LOCALE: time_picker_alert_set_locale (alert, g_value_get_string (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
time_picker_alert_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  TimePickerAlert *alert = TIME_PICKER_ALERT (object);

  switch (id)
    {
    case PROP_TITLE: g_value_set_string (value, alert->title); break;
    case PROP_STEP: g_value_set_uint (value, alert->step); break;
    case PROP_FIRST: g_value_set_string (value, alert->first); break;
    case PROP_LAST: g_value_set_string (value, alert->last); break;
    case PROP_START: g_value_set_string (value, alert->start); break;
    case PROP_END: g_value_set_string (value, alert->end); break;
    case PROP_MIN_DURATION: g_value_set_uint (value, alert->min_duration); break;
    case PROP_TIMEOUT: g_value_set_uint (value, alert->timeout); break;
    case PROP_TIMEOUT_EXTENSIONS: g_value_set_uint (value, alert->timeout_extensions); break;
    case PROP_CLOCK: g_value_set_enum (value, alert->clock); break;
    case PROP_OVERNIGHT: g_value_set_boolean (value, alert->overnight); break;
    case PROP_DATE: g_value_set_boxed (value, alert->date); break;
    case PROP_TIME_ZONE: g_value_set_boxed (value, alert->time_zone); break;
    case PROP_USER_INTERFACE: g_value_set_enum (value, alert->user_interface); break;
    case PROP_LOCALE: g_value_set_string (value, alert->locale); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

/* A string property whose NULL default means "not sent". */
static GParamSpec *
string_property (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

/* A whole-number property whose 0 default means "not sent". */
static GParamSpec *
uint_property (const char *name, guint maximum)
{
  return g_param_spec_uint (name, NULL, NULL, 0, maximum, 0, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static void
time_picker_alert_class_init (TimePickerAlertClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = time_picker_alert_finalize;
  object_class->set_property = time_picker_alert_set_property;
  object_class->get_property = time_picker_alert_get_property;

  /**
   * TimePickerAlert:title: (setter set_title) (getter get_title)
   *
   * The header above the picker; %NULL for the service's.
   */
  tp_alert_properties[PROP_TITLE] = string_property ("title");
  /**
   * TimePickerAlert:step: (setter set_step) (getter get_step)
   *
   * Minutes between slots, a divisor of 1440; 0 for the service's (60).
   */
  tp_alert_properties[PROP_STEP] = uint_property ("step", 1440);
  /**
   * TimePickerAlert:first: (setter set_first) (getter get_first)
   *
   * The first slot, `HH:MM`; the service checks it (%TIME_PICKER_ERROR_INVALID_ARGS).
   */
  tp_alert_properties[PROP_FIRST] = string_property ("first");
  /**
   * TimePickerAlert:last: (setter set_last) (getter get_last)
   *
   * The last slot, `HH:MM` (`24:00` allowed); with overnight one at or before first is the next day's.
   */
  tp_alert_properties[PROP_LAST] = string_property ("last");
  /**
   * TimePickerAlert:start: (setter set_start) (getter get_start)
   *
   * The start selected first, `HH:MM` or `now`.
   */
  tp_alert_properties[PROP_START] = string_property ("start");
  /**
   * TimePickerAlert:end: (setter set_end) (getter get_end)
   *
   * The end selected first, `HH:MM`.
   */
  tp_alert_properties[PROP_END] = string_property ("end");
  /**
   * TimePickerAlert:min-duration: (setter set_min_duration) (getter get_min_duration)
   *
   * The shortest range, minutes of real time; 0 for none.
   */
  tp_alert_properties[PROP_MIN_DURATION] = uint_property ("min-duration", 2880);
  /**
   * TimePickerAlert:timeout: (setter set_timeout) (getter get_timeout)
   *
   * Seconds until the pick fails with %TIME_PICKER_ERROR_TIMEOUT; 0 never.
   */
  tp_alert_properties[PROP_TIMEOUT] = uint_property ("timeout", G_MAXUINT32);
  /**
   * TimePickerAlert:timeout-extensions: (setter set_timeout_extensions) (getter get_timeout_extensions)
   *
   * How many times the person may extend the timeout.
   */
  tp_alert_properties[PROP_TIMEOUT_EXTENSIONS] = uint_property ("timeout-extensions", 100);
  /**
   * TimePickerAlert:clock: (setter set_clock) (getter get_clock)
   *
   * How the labels are written.
   */
  tp_alert_properties[PROP_CLOCK] = g_param_spec_enum ("clock", NULL, NULL, TIME_PICKER_TYPE_CLOCK, TIME_PICKER_CLOCK_DEFAULT, flags);
  /**
   * TimePickerAlert:overnight: (setter set_overnight) (getter get_overnight)
   *
   * Whether the range may end on the next day, as a night shift does.
   */
  tp_alert_properties[PROP_OVERNIGHT] = g_param_spec_boolean ("overnight", NULL, NULL, FALSE, flags);
  /**
   * TimePickerAlert:date: (setter set_date) (getter get_date)
   *
   * The day the range starts on (its year, month and day), or %NULL.
   */
  tp_alert_properties[PROP_DATE] = g_param_spec_boxed ("date", NULL, NULL, G_TYPE_DATE_TIME, flags);
  /**
   * TimePickerAlert:time-zone: (setter set_time_zone) (getter get_time_zone)
   *
   * The session's zone, an IANA one; %NULL for the program's own.
   */
  tp_alert_properties[PROP_TIME_ZONE] = g_param_spec_boxed ("time-zone", NULL, NULL, G_TYPE_TIME_ZONE, flags);
  /**
   * TimePickerAlert:user-interface: (setter set_user_interface) (getter get_user_interface)
   *
   * Which user interface shows the picker.
   */
  tp_alert_properties[PROP_USER_INTERFACE] = g_param_spec_enum ("user-interface", NULL, NULL, TIME_PICKER_TYPE_USER_INTERFACE,
                                                                TIME_PICKER_USER_INTERFACE_DEFAULT, flags);
  /**
   * TimePickerAlert:locale: (setter set_locale) (getter get_locale)
   *
   * The locale the picker speaks; %NULL for the program's own.
   */
  tp_alert_properties[PROP_LOCALE] = string_property ("locale");
  g_object_class_install_properties (object_class, N_PROPERTIES, tp_alert_properties);
}

static void
time_picker_alert_init (TimePickerAlert *alert)
{
}

/**
 * time_picker_alert_new:
 *
 * An alert on the session bus, connected to when a pick starts.
 *
 * Returns: (transfer full): a new #TimePickerAlert
 */
TimePickerAlert *
time_picker_alert_new (void)
{
  return g_object_new (TIME_PICKER_TYPE_ALERT, NULL);
}

/**
 * time_picker_alert_new_for_connection:
 * @connection: a connection to the bus the service is on
 *
 * An alert on another bus than the session bus of the environment.
 *
 * Returns: (transfer full): a new #TimePickerAlert
 */
TimePickerAlert *
time_picker_alert_new_for_connection (GDBusConnection *connection)
{
  TimePickerAlert *alert;

  g_return_val_if_fail (G_IS_DBUS_CONNECTION (connection), NULL);
  alert = g_object_new (TIME_PICKER_TYPE_ALERT, NULL);
  alert->connection = g_object_ref (connection);
  return alert;
}

/**
 * time_picker_alert_set_parent:
 * @alert: a #TimePickerAlert
 * @parent: (nullable): the window the dialog belongs to, or %NULL
 *
 * Its identifiers win over `parent_window` and `activation_token` given to
 * time_picker_alert_set_options().
 */
void
time_picker_alert_set_parent (TimePickerAlert *alert, TimePickerParent *parent)
{
  g_return_if_fail (TIME_PICKER_IS_ALERT (alert));
  if (parent != NULL)
    time_picker_parent_ref (parent);
  g_clear_pointer (&alert->parent, time_picker_parent_unref);
  alert->parent = parent;
}

void
tp_alert_pick_ended (TimePickerAlert *alert)
{
  alert->picking = FALSE;
}

/**
 * time_picker_alert_pick:
 * @alert: a #TimePickerAlert
 * @cancellable: (nullable): cancels the pick: it fails with
 *   %G_IO_ERROR_CANCELLED at once, from any phase, without waiting for the
 *   service; the session, when one was made, is ended with the reason "caller"
 * @callback: (scope async): called when the session has ended
 * @user_data: data for @callback
 *
 * Shows a time picker with the alert's options (or queues it behind the
 * pickers already showing) and calls @callback when the person has chosen or
 * the session has ended otherwise; call time_picker_alert_pick_finish() there.
 * While a pick runs, another pick of the same alert fails with
 * %TIME_PICKER_ERROR_ALREADY_SHOWING and the first goes on.
 */
void
time_picker_alert_pick (TimePickerAlert *alert, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  GVariant *options;

  g_return_if_fail (TIME_PICKER_IS_ALERT (alert));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (alert, cancellable, callback, user_data);
  g_task_set_source_tag (task, time_picker_alert_pick);
  if (alert->picking)
    {
      g_task_return_new_error (task, TIME_PICKER_ERROR, TIME_PICKER_ERROR_ALREADY_SHOWING,
                               "This alert's picker is already showing");
      return;
    }
  options = tp_alert_options (alert, &error);
  if (options == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  alert->picking = TRUE;
  tp_pick_start (task, alert->connection, alert->parent, options);
}

/**
 * time_picker_alert_pick_finish:
 * @alert: a #TimePickerAlert
 * @result: the #GAsyncResult given to the callback
 * @error: return location for a #GError
 *
 * Returns: (transfer full): the range the person chose, or %NULL with @error
 *   set: in %TIME_PICKER_ERROR (a code per reason the session ended without a
 *   choice, or per way the service failed), or %G_IO_ERROR_CANCELLED when the
 *   pick's #GCancellable cancelled it
 */
TimePickerRange *
time_picker_alert_pick_finish (TimePickerAlert *alert, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (TIME_PICKER_IS_ALERT (alert), NULL);
  g_return_val_if_fail (g_task_is_valid (result, alert), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == time_picker_alert_pick, NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
