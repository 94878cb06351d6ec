/* The answer of a pick: the range chosen and the rest of the session's Response.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"

/**
 * TimePickerRange:
 *
 * The range a person chose: its start and end as the interface writes times
 * (wall-clock `HH:MM`, 24-hour, with `24:00` for the end of the day), and what
 * the session's Response signal adds: whether the end is the next day's, the
 * length in seconds and, when the pick had a `date` option, the day, the
 * instants and the time zone. Made by time_picker_alert_pick_finish() and
 * carried by #TimePickerMonitor::selected.
 */
struct _TimePickerRange
{
  GObject parent_instance;

  char *start;
  char *end;
  GVariant *results;     /* a{sv}, never NULL (empty when the service sent no Response) */
  GVariantDict *entries; /* the same, to look keys up in */
};

G_DEFINE_FINAL_TYPE (TimePickerRange, time_picker_range, G_TYPE_OBJECT)

static void
time_picker_range_finalize (GObject *object)
{
  TimePickerRange *range = TIME_PICKER_RANGE (object);

  g_free (range->start);
  g_free (range->end);
  g_variant_unref (range->results);
  g_variant_dict_unref (range->entries);
  G_OBJECT_CLASS (time_picker_range_parent_class)->finalize (object);
}

static void
time_picker_range_class_init (TimePickerRangeClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = time_picker_range_finalize;
}

static void
time_picker_range_init (TimePickerRange *range)
{
}

TimePickerRange *
time_picker_range_new (const char *start, const char *end, GVariant *results)
{
  TimePickerRange *range = g_object_new (TIME_PICKER_TYPE_RANGE, NULL);

  range->start = g_strdup (start);
  range->end = g_strdup (end);
  range->results = results != NULL ? g_variant_ref_sink (results) : g_variant_ref_sink (g_variant_new ("a{sv}", NULL));
  range->entries = g_variant_dict_new (range->results);
  return range;
}

/* The string under key, or NULL when it is absent or not a string. */
static const char *
string_entry (TimePickerRange *range, const char *key)
{
  g_autoptr(GVariant) value = g_variant_dict_lookup_value (range->entries, key, G_VARIANT_TYPE_STRING);

  /* The dictionary's own copy outlives this function: results holds it. */
  return value != NULL ? g_variant_get_string (value, NULL) : NULL;
}

/**
 * time_picker_range_get_start:
 * @range: a #TimePickerRange
 *
 * Returns: the start, `HH:MM`, on the picker's day
 */
const char *
time_picker_range_get_start (TimePickerRange *range)
{
  g_return_val_if_fail (TIME_PICKER_IS_RANGE (range), NULL);
  return range->start;
}

/**
 * time_picker_range_get_end:
 * @range: a #TimePickerRange
 *
 * Returns: the end, `HH:MM`; with the `overnight` option it may be the next
 *   day's (see time_picker_range_get_next_day())
 */
const char *
time_picker_range_get_end (TimePickerRange *range)
{
  g_return_val_if_fail (TIME_PICKER_IS_RANGE (range), NULL);
  return range->end;
}

/**
 * time_picker_range_get_next_day:
 * @range: a #TimePickerRange
 *
 * Returns: whether the end is on the day after the picker's day (only with
 *   the `overnight` option)
 */
gboolean
time_picker_range_get_next_day (TimePickerRange *range)
{
  gboolean next_day = FALSE;

  g_return_val_if_fail (TIME_PICKER_IS_RANGE (range), FALSE);
  g_variant_dict_lookup (range->entries, "next_day", "b", &next_day);
  return next_day;
}

/**
 * time_picker_range_has_duration:
 * @range: a #TimePickerRange
 *
 * Returns: whether the service told the range's length (every version that
 *   sends the Response signal does)
 */
gboolean
time_picker_range_has_duration (TimePickerRange *range)
{
  g_autoptr(GVariant) duration = NULL;

  g_return_val_if_fail (TIME_PICKER_IS_RANGE (range), FALSE);
  /* Only a length of the interface's type is one: a "duration" of another type says nothing. */
  duration = g_variant_dict_lookup_value (range->entries, "duration", G_VARIANT_TYPE_UINT32);
  return duration != NULL;
}

/**
 * time_picker_range_get_duration:
 * @range: a #TimePickerRange
 *
 * Returns: the seconds from start to end in real elapsed time (25200 for
 *   22:00 to 06:00 on the night the clocks go forward), or 0 when the service
 *   did not say (see time_picker_range_has_duration())
 */
guint
time_picker_range_get_duration (TimePickerRange *range)
{
  guint32 duration = 0;

  g_return_val_if_fail (TIME_PICKER_IS_RANGE (range), 0);
  g_variant_dict_lookup (range->entries, "duration", "u", &duration);
  return duration;
}

/**
 * time_picker_range_get_date:
 * @range: a #TimePickerRange
 *
 * Returns: (nullable): with the `date` option, the picker's day, `YYYY-MM-DD`
 */
const char *
time_picker_range_get_date (TimePickerRange *range)
{
  g_return_val_if_fail (TIME_PICKER_IS_RANGE (range), NULL);
  return string_entry (range, "date");
}

/**
 * time_picker_range_get_start_time:
 * @range: a #TimePickerRange
 *
 * Returns: (nullable): with the `date` option, the start instant in ISO 8601
 *   with its UTC offset, such as `2026-03-28T22:00:00+01:00`
 */
const char *
time_picker_range_get_start_time (TimePickerRange *range)
{
  g_return_val_if_fail (TIME_PICKER_IS_RANGE (range), NULL);
  return string_entry (range, "start_time");
}

/**
 * time_picker_range_get_end_time:
 * @range: a #TimePickerRange
 *
 * Returns: (nullable): with the `date` option, the end instant likewise
 */
const char *
time_picker_range_get_end_time (TimePickerRange *range)
{
  g_return_val_if_fail (TIME_PICKER_IS_RANGE (range), NULL);
  return string_entry (range, "end_time");
}

/* The instant under key as a GDateTime in the fixed offset its text gives, or NULL when the
 * pick was undated or the text is not ISO 8601 with an offset. */
static GDateTime *
instant_entry (TimePickerRange *range, const char *key)
{
  const char *text = string_entry (range, key);

  /* No default zone: a text without its offset is not the service's and gives NULL. */
  return text != NULL ? g_date_time_new_from_iso8601 (text, NULL) : NULL;
}

/**
 * time_picker_range_get_start_date_time:
 * @range: a #TimePickerRange
 *
 * The start instant of a dated pick, in the UTC offset the service gave for it
 * (`+01:00` for a winter evening in Europe/Berlin): the zone of the returned
 * #GDateTime is that fixed offset, not the IANA zone
 * (time_picker_range_get_time_zone() names that).
 *
 * Returns: (nullable) (transfer full): the start, or %NULL when the pick had
 *   no date
 */
GDateTime *
time_picker_range_get_start_date_time (TimePickerRange *range)
{
  g_return_val_if_fail (TIME_PICKER_IS_RANGE (range), NULL);
  return instant_entry (range, "start_time");
}

/**
 * time_picker_range_get_end_date_time:
 * @range: a #TimePickerRange
 *
 * The end instant of a dated pick likewise, in its own offset (which differs
 * from the start's across a change of the clocks).
 *
 * Returns: (nullable) (transfer full): the end, or %NULL when the pick had no
 *   date
 */
GDateTime *
time_picker_range_get_end_date_time (TimePickerRange *range)
{
  g_return_val_if_fail (TIME_PICKER_IS_RANGE (range), NULL);
  return instant_entry (range, "end_time");
}

/**
 * time_picker_range_get_time_zone:
 * @range: a #TimePickerRange
 *
 * Returns: (nullable): with the `date` option, the IANA name of the session's
 *   time zone
 */
const char *
time_picker_range_get_time_zone (TimePickerRange *range)
{
  g_return_val_if_fail (TIME_PICKER_IS_RANGE (range), NULL);
  return string_entry (range, "time_zone");
}

/**
 * time_picker_range_get_results:
 * @range: a #TimePickerRange
 *
 * The whole results of the session's Response signal, keys this version of
 * the library does not know included (an empty dictionary when the service
 * sent none).
 *
 * Returns: (transfer none): an `a{sv}` #GVariant
 */
GVariant *
time_picker_range_get_results (TimePickerRange *range)
{
  g_return_val_if_fail (TIME_PICKER_IS_RANGE (range), NULL);
  return range->results;
}
