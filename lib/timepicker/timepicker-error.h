/* SPDX-License-Identifier: MIT */
#pragma once

#if !defined(TIME_PICKER_INSIDE) && !defined(TIME_PICKER_COMPILATION)
#error "Only <timepicker/timepicker.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * TIME_PICKER_ERROR:
 *
 * The error domain of libtimepicker: every #GError a pick fails with is of this
 * domain, except %G_IO_ERROR_CANCELLED when the caller's own #GCancellable
 * ended it.
 */
#define TIME_PICKER_ERROR (time_picker_error_quark ())

/**
 * TimePickerError:
 * @TIME_PICKER_ERROR_USER: the person cancelled the picker (Cancelled reason "user").
 * @TIME_PICKER_ERROR_TIMEOUT: the timeout option ran out (reason "timeout").
 * @TIME_PICKER_ERROR_CALLER: the session was cancelled by a caller: another
 *   program called its Cancel method (reason "caller"). A pick cancelled through
 *   its own #GCancellable fails with %G_IO_ERROR_CANCELLED instead, as every
 *   GIO operation does.
 * @TIME_PICKER_ERROR_SHUTDOWN: the service stopped (reason "shutdown").
 * @TIME_PICKER_ERROR_UNAVAILABLE: no user interface could show the picker
 *   (reason "unavailable", or the NoUserInterface error).
 * @TIME_PICKER_ERROR_SERVICE_UNAVAILABLE: no session bus, the connection to it
 *   was lost, or nobody owns the service's name and the bus could not start it
 *   (the message says which).
 * @TIME_PICKER_ERROR_VANISHED: the service left the bus (it crashed or was
 *   killed) before the session ended.
 * @TIME_PICKER_ERROR_OTHER_USER: the service's name is owned by a process of
 *   another Unix user, or whose it is cannot be told; nothing was sent to it.
 * @TIME_PICKER_ERROR_INVALID_REPLY: the service answered something that is not
 *   what its interface says.
 * @TIME_PICKER_ERROR_INVALID_ARGS: the service refused an option (the message
 *   names it and says why), or the options were not an a{sv}.
 * @TIME_PICKER_ERROR_LIMITS_EXCEEDED: the caller or the service has too many
 *   open sessions.
 * @TIME_PICKER_ERROR_FAILED: any other failure; the message says what.
 * @TIME_PICKER_ERROR_ALREADY_SHOWING: time_picker_alert_pick() was called while
 *   that alert's pick runs; that pick goes on.
 * @TIME_PICKER_ERROR_INTERRUPTED: a signal ended a pick while the app's terminal
 *   was lent (the Swift library's; libtimepicker lends no terminal and never
 *   raises it: the code is here so that both libraries share one table).
 *
 * Why a pick failed.
 */
typedef enum {
  TIME_PICKER_ERROR_USER,
  TIME_PICKER_ERROR_TIMEOUT,
  TIME_PICKER_ERROR_CALLER,
  TIME_PICKER_ERROR_SHUTDOWN,
  TIME_PICKER_ERROR_UNAVAILABLE,
  TIME_PICKER_ERROR_SERVICE_UNAVAILABLE,
  TIME_PICKER_ERROR_VANISHED,
  TIME_PICKER_ERROR_OTHER_USER,
  TIME_PICKER_ERROR_INVALID_REPLY,
  TIME_PICKER_ERROR_INVALID_ARGS,
  TIME_PICKER_ERROR_LIMITS_EXCEEDED,
  TIME_PICKER_ERROR_FAILED,
  /* Appended after FAILED, so that every older code keeps its number. */
  TIME_PICKER_ERROR_ALREADY_SHOWING,
  TIME_PICKER_ERROR_INTERRUPTED,
} TimePickerError;

GQuark time_picker_error_quark (void);
GType time_picker_error_get_type (void);
#define TIME_PICKER_TYPE_ERROR (time_picker_error_get_type ())

G_END_DECLS
