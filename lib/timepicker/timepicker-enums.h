/* SPDX-License-Identifier: MIT */
#pragma once

#if !defined(TIME_PICKER_INSIDE) && !defined(TIME_PICKER_COMPILATION)
#error "Only <timepicker/timepicker.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * TimePickerClock:
 * @TIME_PICKER_CLOCK_DEFAULT: the service chooses (the person's setting, else
 *   the locale's clock); the `clock` option is not sent
 * @TIME_PICKER_CLOCK_TWELVE_HOUR: labels on a 12-hour clock ("12h")
 * @TIME_PICKER_CLOCK_TWENTY_FOUR_HOUR: labels on a 24-hour clock ("24h")
 *
 * How the labels the person sees are written; times on the bus are always
 * 24-hour `HH:MM`.
 */
typedef enum {
  TIME_PICKER_CLOCK_DEFAULT,
  TIME_PICKER_CLOCK_TWELVE_HOUR,
  TIME_PICKER_CLOCK_TWENTY_FOUR_HOUR,
} TimePickerClock;

/**
 * TimePickerUserInterface:
 * @TIME_PICKER_USER_INTERFACE_DEFAULT: the service's own choice; the `ui`
 *   option is not sent
 * @TIME_PICKER_USER_INTERFACE_TERMINAL: the terminal the service runs in
 * @TIME_PICKER_USER_INTERFACE_NOTIFICATION: a desktop notification
 * @TIME_PICKER_USER_INTERFACE_DIALOG: a dialog window
 *
 * Which user interface shows the picker; when that one cannot, the pick fails
 * with %TIME_PICKER_ERROR_UNAVAILABLE (no fallback).
 */
typedef enum {
  TIME_PICKER_USER_INTERFACE_DEFAULT,
  TIME_PICKER_USER_INTERFACE_TERMINAL,
  TIME_PICKER_USER_INTERFACE_NOTIFICATION,
  TIME_PICKER_USER_INTERFACE_DIALOG,
} TimePickerUserInterface;

GType time_picker_clock_get_type (void);
#define TIME_PICKER_TYPE_CLOCK (time_picker_clock_get_type ())
GType time_picker_user_interface_get_type (void);
#define TIME_PICKER_TYPE_USER_INTERFACE (time_picker_user_interface_get_type ())

G_END_DECLS
