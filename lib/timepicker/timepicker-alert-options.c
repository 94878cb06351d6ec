/* The alert's typed options: a setter and a getter per option of the service, and the a{sv}
 * a pick sends, made of them over set_options's dictionary (for options newer than the library).
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-alert-private.h"

/* Sets a string field, notifying only on a change. */
static void
set_string (TimePickerAlert *alert, char **field, const char *value, guint property)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (alert), tp_alert_properties[property]);
}

/* Sets a number field, notifying only on a change. */
static void
set_uint (TimePickerAlert *alert, guint *field, guint value, guint property)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (alert), tp_alert_properties[property]);
}

/* One setter and getter per string option (docs are on the properties, timepicker-alert.c). */
#define STRING_OPTION(name, PROPERTY) \
  void time_picker_alert_set_##name (TimePickerAlert *alert, const char *value) \
  { \
    g_return_if_fail (TIME_PICKER_IS_ALERT (alert)); \
    set_string (alert, &alert->name, value, PROPERTY); \
  } \
  const char *time_picker_alert_get_##name (TimePickerAlert *alert) \
  { \
    g_return_val_if_fail (TIME_PICKER_IS_ALERT (alert), NULL); \
    return alert->name; \
  }

/* One setter and getter per whole-number option; 0 is "not sent". */
#define UINT_OPTION(name, PROPERTY) \
  void time_picker_alert_set_##name (TimePickerAlert *alert, guint value) \
  { \
    g_return_if_fail (TIME_PICKER_IS_ALERT (alert)); \
    set_uint (alert, &alert->name, value, PROPERTY); \
  } \
  guint time_picker_alert_get_##name (TimePickerAlert *alert) \
  { \
    g_return_val_if_fail (TIME_PICKER_IS_ALERT (alert), 0); \
    return alert->name; \
  }

/**
 * time_picker_alert_set_title:
 * @alert: a #TimePickerAlert
 * @title: (nullable): the header above the picker, or %NULL for the service's
 */
/**
 * time_picker_alert_get_title:
 * @alert: a #TimePickerAlert
 * Returns: (nullable): the title, or %NULL
 */
STRING_OPTION (title, PROP_TITLE)
/**
 * time_picker_alert_set_first:
 * @alert: a #TimePickerAlert
 * @first: (nullable): the first slot, `HH:MM`, or %NULL for the service's
 */
/**
 * time_picker_alert_get_first:
 * @alert: a #TimePickerAlert
 * Returns: (nullable): the first slot, or %NULL
 */
STRING_OPTION (first, PROP_FIRST)
/**
 * time_picker_alert_set_last:
 * @alert: a #TimePickerAlert
 * @last: (nullable): the last slot, `HH:MM` (`24:00` allowed), or %NULL
 */
/**
 * time_picker_alert_get_last:
 * @alert: a #TimePickerAlert
 * Returns: (nullable): the last slot, or %NULL
 */
STRING_OPTION (last, PROP_LAST)
/**
 * time_picker_alert_set_start:
 * @alert: a #TimePickerAlert
 * @start: (nullable): the start selected first, `HH:MM` or `now`, or %NULL
 */
/**
 * time_picker_alert_get_start:
 * @alert: a #TimePickerAlert
 * Returns: (nullable): the initial start, or %NULL
 */
STRING_OPTION (start, PROP_START)
/**
 * time_picker_alert_set_end:
 * @alert: a #TimePickerAlert
 * @end: (nullable): the end selected first, `HH:MM`, or %NULL
 */
/**
 * time_picker_alert_get_end:
 * @alert: a #TimePickerAlert
 * Returns: (nullable): the initial end, or %NULL
 */
STRING_OPTION (end, PROP_END)
/**
 * time_picker_alert_set_locale:
 * @alert: a #TimePickerAlert
 * @locale: (nullable): the locale the picker speaks, such as `de_DE.UTF-8`, or
 *   %NULL for the program's own
 */
/**
 * time_picker_alert_get_locale:
 * @alert: a #TimePickerAlert
 * Returns: (nullable): the locale set, or %NULL
 */
STRING_OPTION (locale, PROP_LOCALE)
/**
 * time_picker_alert_set_step:
 * @alert: a #TimePickerAlert
 * @minutes: minutes between slots (a divisor of 1440), 0 for the service's
 */
/**
 * time_picker_alert_get_step:
 * @alert: a #TimePickerAlert
 * Returns: the step in minutes, 0 when not set
 */
UINT_OPTION (step, PROP_STEP)
/**
 * time_picker_alert_set_min_duration:
 * @alert: a #TimePickerAlert
 * @minutes: the shortest range in minutes of real time, 0 for none
 */
/**
 * time_picker_alert_get_min_duration:
 * @alert: a #TimePickerAlert
 * Returns: the minimum length in minutes
 */
UINT_OPTION (min_duration, PROP_MIN_DURATION)
/**
 * time_picker_alert_set_timeout:
 * @alert: a #TimePickerAlert
 * @seconds: seconds until the pick fails with %TIME_PICKER_ERROR_TIMEOUT, 0 never
 */
/**
 * time_picker_alert_get_timeout:
 * @alert: a #TimePickerAlert
 * Returns: the timeout in seconds, 0 for none
 */
UINT_OPTION (timeout, PROP_TIMEOUT)
/**
 * time_picker_alert_set_timeout_extensions:
 * @alert: a #TimePickerAlert
 * @extensions: how many times the person may extend the timeout (at most 100)
 */
/**
 * time_picker_alert_get_timeout_extensions:
 * @alert: a #TimePickerAlert
 * Returns: the extensions allowed
 */
UINT_OPTION (timeout_extensions, PROP_TIMEOUT_EXTENSIONS)

/**
 * time_picker_alert_set_clock:
 * @alert: a #TimePickerAlert
 * @clock: how the labels are written
 */
void
time_picker_alert_set_clock (TimePickerAlert *alert, TimePickerClock clock)
{
  g_return_if_fail (TIME_PICKER_IS_ALERT (alert));
  set_uint (alert, (guint *) &alert->clock, clock, PROP_CLOCK);
}

/**
 * time_picker_alert_get_clock:
 * @alert: a #TimePickerAlert
 * Returns: the clock set
 */
TimePickerClock
time_picker_alert_get_clock (TimePickerAlert *alert)
{
  g_return_val_if_fail (TIME_PICKER_IS_ALERT (alert), TIME_PICKER_CLOCK_DEFAULT);
  return alert->clock;
}

/**
 * time_picker_alert_set_user_interface:
 * @alert: a #TimePickerAlert
 * @user_interface: which user interface shows the picker
 */
void
time_picker_alert_set_user_interface (TimePickerAlert *alert, TimePickerUserInterface user_interface)
{
  g_return_if_fail (TIME_PICKER_IS_ALERT (alert));
  set_uint (alert, (guint *) &alert->user_interface, user_interface, PROP_USER_INTERFACE);
}

/**
 * time_picker_alert_get_user_interface:
 * @alert: a #TimePickerAlert
 * Returns: the user interface set
 */
TimePickerUserInterface
time_picker_alert_get_user_interface (TimePickerAlert *alert)
{
  g_return_val_if_fail (TIME_PICKER_IS_ALERT (alert), TIME_PICKER_USER_INTERFACE_DEFAULT);
  return alert->user_interface;
}

/**
 * time_picker_alert_set_overnight:
 * @alert: a #TimePickerAlert
 * @overnight: whether the range may end on the next day
 */
void
time_picker_alert_set_overnight (TimePickerAlert *alert, gboolean overnight)
{
  g_return_if_fail (TIME_PICKER_IS_ALERT (alert));
  set_uint (alert, (guint *) &alert->overnight, overnight != FALSE, PROP_OVERNIGHT);
}

/**
 * time_picker_alert_get_overnight:
 * @alert: a #TimePickerAlert
 * Returns: whether the range may end on the next day
 */
gboolean
time_picker_alert_get_overnight (TimePickerAlert *alert)
{
  g_return_val_if_fail (TIME_PICKER_IS_ALERT (alert), FALSE);
  return alert->overnight;
}

/**
 * time_picker_alert_set_date:
 * @alert: a #TimePickerAlert
 * @date: (nullable): the day the range starts on: the year, month and day of
 *   @date as it is given (its own zone), or %NULL for an undated pick
 *
 * A dated pick's slots are that real day's clock times in the alert's
 * #TimePickerAlert:time-zone, and its range has instants
 * (time_picker_range_get_start_date_time()).
 */
void
time_picker_alert_set_date (TimePickerAlert *alert, GDateTime *date)
{
  g_return_if_fail (TIME_PICKER_IS_ALERT (alert));
  if (alert->date == date)
    return;
  g_clear_pointer (&alert->date, g_date_time_unref);
  alert->date = date != NULL ? g_date_time_ref (date) : NULL;
  g_object_notify_by_pspec (G_OBJECT (alert), tp_alert_properties[PROP_DATE]);
}

/**
 * time_picker_alert_get_date:
 * @alert: a #TimePickerAlert
 * Returns: (nullable) (transfer none): the date set, or %NULL
 */
GDateTime *
time_picker_alert_get_date (TimePickerAlert *alert)
{
  g_return_val_if_fail (TIME_PICKER_IS_ALERT (alert), NULL);
  return alert->date;
}

/**
 * time_picker_alert_set_time_zone:
 * @alert: a #TimePickerAlert
 * @time_zone: (nullable): the session's zone, one whose identifier is an IANA
 *   name (g_time_zone_new_identifier ("Europe/Berlin")), or %NULL for the
 *   program's own
 */
void
time_picker_alert_set_time_zone (TimePickerAlert *alert, GTimeZone *time_zone)
{
  g_return_if_fail (TIME_PICKER_IS_ALERT (alert));
  if (alert->time_zone == time_zone)
    return;
  g_clear_pointer (&alert->time_zone, g_time_zone_unref);
  alert->time_zone = time_zone != NULL ? g_time_zone_ref (time_zone) : NULL;
  g_object_notify_by_pspec (G_OBJECT (alert), tp_alert_properties[PROP_TIME_ZONE]);
}

/**
 * time_picker_alert_get_time_zone:
 * @alert: a #TimePickerAlert
 * Returns: (nullable) (transfer none): the zone set, or %NULL
 */
GTimeZone *
time_picker_alert_get_time_zone (TimePickerAlert *alert)
{
  g_return_val_if_fail (TIME_PICKER_IS_ALERT (alert), NULL);
  return alert->time_zone;
}

/**
 * time_picker_alert_set_options:
 * @alert: a #TimePickerAlert
 * @options: (nullable): an `a{sv}` of the service's options the alert has no
 *   property for (a later service's; see io.github.timepickerd.TimePicker1(5)),
 *   or %NULL. A typed property that is set (not at its
 *   default: 0, %NULL, %FALSE) wins over the same key. A floating
 *   reference is sunk.
 */
void
time_picker_alert_set_options (TimePickerAlert *alert, GVariant *options)
{
  g_autoptr(GVariant) sunk = options != NULL ? g_variant_ref_sink (options) : NULL;

  /* Sunk first, so that a floating dictionary refused here is not leaked. */
  g_return_if_fail (TIME_PICKER_IS_ALERT (alert));
  g_return_if_fail (options == NULL || g_variant_is_of_type (options, G_VARIANT_TYPE_VARDICT));
  g_clear_pointer (&alert->options, g_variant_unref);
  alert->options = g_steal_pointer (&sunk);
}

/* Adds a string option when it is set. */
static void
add_string (GVariantDict *dict, const char *key, const char *value)
{
  if (value != NULL)
    g_variant_dict_insert_value (dict, key, g_variant_new_string (value));
}

/* Adds a whole-number option when it is set (not 0). */
static void
add_uint (GVariantDict *dict, const char *key, guint value)
{
  if (value != 0)
    g_variant_dict_insert_value (dict, key, g_variant_new_uint32 (value));
}

GVariant *
tp_alert_options (TimePickerAlert *alert, GError **error)
{
  g_autoptr(GVariantDict) dict = g_variant_dict_new (alert->options);

  add_string (dict, "title", alert->title);
  add_string (dict, "first", alert->first);
  add_string (dict, "last", alert->last);
  add_string (dict, "start", alert->start);
  add_string (dict, "end", alert->end);
  add_string (dict, "locale", alert->locale);
  add_uint (dict, "step", alert->step);
  add_uint (dict, "min_duration", alert->min_duration);
  add_uint (dict, "timeout", alert->timeout);
  add_uint (dict, "timeout_extensions", alert->timeout_extensions);
  if (alert->clock == TIME_PICKER_CLOCK_TWELVE_HOUR || alert->clock == TIME_PICKER_CLOCK_TWENTY_FOUR_HOUR)
    add_string (dict, "clock", alert->clock == TIME_PICKER_CLOCK_TWELVE_HOUR ? "12h" : "24h");
  add_string (dict, "ui", tp_enum_option_text (TIME_PICKER_TYPE_USER_INTERFACE, alert->user_interface));
  if (alert->overnight)
    g_variant_dict_insert_value (dict, "overnight", g_variant_new_boolean (TRUE));
  if (alert->date != NULL)
    {
      g_autofree char *day = g_strdup_printf ("%04d-%02d-%02d", g_date_time_get_year (alert->date),
                                              g_date_time_get_month (alert->date), g_date_time_get_day_of_month (alert->date));
      add_string (dict, "date", day);
    }
  if (alert->time_zone != NULL)
    {
      /* GLib keeps what the zone was made from (":/etc/localtime", a path, "CET-1CEST"): the
       * service takes an IANA name, so the name is found as for the program's own zone. */
      const char *identifier = g_time_zone_get_identifier (alert->time_zone);
      g_autofree char *name = tp_zone_name (identifier);

      if (name == NULL)
        {
          g_set_error (error, TIME_PICKER_ERROR, TIME_PICKER_ERROR_INVALID_ARGS,
                       "option 'time_zone': the zone \"%s\" has no name in the time zone database", identifier);
          return NULL;
        }
      add_string (dict, "time_zone", name);
    }
  return g_variant_dict_end (dict);
}
