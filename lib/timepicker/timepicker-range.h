/* SPDX-License-Identifier: MIT */
#pragma once

#if !defined(TIME_PICKER_INSIDE) && !defined(TIME_PICKER_COMPILATION)
#error "Only <timepicker/timepicker.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

#define TIME_PICKER_TYPE_RANGE (time_picker_range_get_type ())
G_DECLARE_FINAL_TYPE (TimePickerRange, time_picker_range, TIME_PICKER, RANGE, GObject)

const char *time_picker_range_get_start      (TimePickerRange *range);
const char *time_picker_range_get_end        (TimePickerRange *range);
gboolean    time_picker_range_get_next_day   (TimePickerRange *range);
gboolean    time_picker_range_has_duration   (TimePickerRange *range);
guint       time_picker_range_get_duration   (TimePickerRange *range);
const char *time_picker_range_get_date       (TimePickerRange *range);
const char *time_picker_range_get_start_time (TimePickerRange *range);
const char *time_picker_range_get_end_time   (TimePickerRange *range);
const char *time_picker_range_get_time_zone  (TimePickerRange *range);
GDateTime  *time_picker_range_get_start_date_time (TimePickerRange *range);
GDateTime  *time_picker_range_get_end_date_time   (TimePickerRange *range);
GVariant   *time_picker_range_get_results    (TimePickerRange *range);

G_END_DECLS
