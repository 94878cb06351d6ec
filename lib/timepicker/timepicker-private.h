/* What the library's files share and nobody else sees: the service's D-Bus names
 * (one place, as TimePickerContract is for the Swift side) and internal constructors.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include "timepicker.h"

#define TP_SERVICE "io.github.timepickerd.TimePicker1"
#define TP_MANAGER_PATH "/io/github/timepickerd/TimePicker1"
#define TP_MANAGER_INTERFACE "io.github.timepickerd.TimePicker1"
#define TP_SESSION_INTERFACE "io.github.timepickerd.TimePicker1.Session"
#define TP_SESSION_PATH_PREFIX TP_MANAGER_PATH "/session/"
#define TP_ERROR_PREFIX "io.github.timepickerd.TimePicker1.Error."

/* How long a pick waits for its parent's export (xdg-foreign answers in a round trip). */
#define TP_EXPORT_SECONDS 5

/* A range from a session's Selected (start, end) and its Response's results (or NULL). */
TimePickerRange *time_picker_range_new (const char *start, const char *end, GVariant *results);

/* Whether text is a time as the interface writes it: HH:MM, 00:00 to 24:00. */
gboolean time_picker_is_clock_text (const char *text);

/* The error for a session's Cancelled reason ("user", "timeout", ...). */
GError *time_picker_error_for_reason (const char *reason);

/* The error for a failed D-Bus call: the service's and the bus's error names mapped to ours. */
GError *time_picker_error_for_call (const GError *call_error);
