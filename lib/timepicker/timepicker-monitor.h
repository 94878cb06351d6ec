/* SPDX-License-Identifier: MIT */
#pragma once

#if !defined(TIME_PICKER_INSIDE) && !defined(TIME_PICKER_COMPILATION)
#error "Only <timepicker/timepicker.h> can be included directly."
#endif

#include <gio/gio.h>
#include <timepicker/timepicker-range.h>

G_BEGIN_DECLS

#define TIME_PICKER_TYPE_MONITOR (time_picker_monitor_get_type ())
G_DECLARE_FINAL_TYPE (TimePickerMonitor, time_picker_monitor, TIME_PICKER, MONITOR, GObject)

TimePickerMonitor *time_picker_monitor_new                (void);
TimePickerMonitor *time_picker_monitor_new_for_connection (GDBusConnection *connection);
gboolean           time_picker_monitor_get_listening      (TimePickerMonitor *monitor);

G_END_DECLS
