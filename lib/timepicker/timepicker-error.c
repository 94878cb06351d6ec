/* The error domain: one code per cancel reason and per way a call can fail.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"

G_DEFINE_QUARK (time-picker-error-quark, time_picker_error)

GType
time_picker_error_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { TIME_PICKER_ERROR_USER, "TIME_PICKER_ERROR_USER", "user" },
    { TIME_PICKER_ERROR_TIMEOUT, "TIME_PICKER_ERROR_TIMEOUT", "timeout" },
    { TIME_PICKER_ERROR_CALLER, "TIME_PICKER_ERROR_CALLER", "caller" },
    { TIME_PICKER_ERROR_SHUTDOWN, "TIME_PICKER_ERROR_SHUTDOWN", "shutdown" },
    { TIME_PICKER_ERROR_UNAVAILABLE, "TIME_PICKER_ERROR_UNAVAILABLE", "unavailable" },
    { TIME_PICKER_ERROR_SERVICE_UNAVAILABLE, "TIME_PICKER_ERROR_SERVICE_UNAVAILABLE", "service-unavailable" },
    { TIME_PICKER_ERROR_VANISHED, "TIME_PICKER_ERROR_VANISHED", "vanished" },
    { TIME_PICKER_ERROR_OTHER_USER, "TIME_PICKER_ERROR_OTHER_USER", "other-user" },
    { TIME_PICKER_ERROR_INVALID_REPLY, "TIME_PICKER_ERROR_INVALID_REPLY", "invalid-reply" },
    { TIME_PICKER_ERROR_INVALID_ARGS, "TIME_PICKER_ERROR_INVALID_ARGS", "invalid-args" },
    { TIME_PICKER_ERROR_LIMITS_EXCEEDED, "TIME_PICKER_ERROR_LIMITS_EXCEEDED", "limits-exceeded" },
    { TIME_PICKER_ERROR_FAILED, "TIME_PICKER_ERROR_FAILED", "failed" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("TimePickerError"), values));
  return type;
}

GError *
time_picker_error_for_reason (const char *reason)
{
  static const struct { const char *reason; TimePickerError code; const char *message; } reasons[] = {
    { "user", TIME_PICKER_ERROR_USER, "The person cancelled the time picker" },
    { "timeout", TIME_PICKER_ERROR_TIMEOUT, "The time picker timed out" },
    { "caller", TIME_PICKER_ERROR_CALLER, "The time picker was cancelled by a program" },
    { "shutdown", TIME_PICKER_ERROR_SHUTDOWN, "The time picker service stopped" },
    { "unavailable", TIME_PICKER_ERROR_UNAVAILABLE, "No user interface could show the time picker" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (reasons); i++)
    if (g_str_equal (reason, reasons[i].reason))
      return g_error_new_literal (TIME_PICKER_ERROR, reasons[i].code, reasons[i].message);
  return g_error_new (TIME_PICKER_ERROR, TIME_PICKER_ERROR_FAILED, "The time picker was cancelled (%s)", reason);
}

GError *
time_picker_error_for_call (const GError *call_error)
{
  static const struct { const char *name; TimePickerError code; } names[] = {
    { "org.freedesktop.DBus.Error.InvalidArgs", TIME_PICKER_ERROR_INVALID_ARGS },
    { "org.freedesktop.DBus.Error.ServiceUnknown", TIME_PICKER_ERROR_VANISHED },
    { "org.freedesktop.DBus.Error.NameHasNoOwner", TIME_PICKER_ERROR_VANISHED },
    { "org.freedesktop.DBus.Error.NoReply", TIME_PICKER_ERROR_VANISHED },
    { "org.freedesktop.DBus.Error.Disconnected", TIME_PICKER_ERROR_VANISHED },
    { "org.freedesktop.DBus.Error.LimitsExceeded", TIME_PICKER_ERROR_LIMITS_EXCEEDED },
    { "org.freedesktop.DBus.Error.AccessDenied", TIME_PICKER_ERROR_OTHER_USER },
    { TP_ERROR_PREFIX "LimitsExceeded", TIME_PICKER_ERROR_LIMITS_EXCEEDED },
    { TP_ERROR_PREFIX "NoUserInterface", TIME_PICKER_ERROR_UNAVAILABLE },
  };
  g_autofree char *remote = g_dbus_error_get_remote_error (call_error);
  g_autoptr(GError) stripped = g_error_copy (call_error);

  g_dbus_error_strip_remote_error (stripped);
  if (remote == NULL)
    {
      /* GDBus's own errors: a reply of another type, or the connection closed. */
      if (g_error_matches (call_error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT))
        return g_error_new (TIME_PICKER_ERROR, TIME_PICKER_ERROR_INVALID_REPLY, "The time picker service answered wrongly: %s", stripped->message);
      if (g_error_matches (call_error, G_IO_ERROR, G_IO_ERROR_CLOSED))
        return g_error_new (TIME_PICKER_ERROR, TIME_PICKER_ERROR_SERVICE_UNAVAILABLE, "The session bus closed: %s", stripped->message);
      if (g_error_matches (call_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return g_error_copy (call_error);
      return g_error_new_literal (TIME_PICKER_ERROR, TIME_PICKER_ERROR_FAILED, stripped->message);
    }
  if (g_str_equal (remote, TP_ERROR_PREFIX "Cancelled"))
    return time_picker_error_for_reason (stripped->message);
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (remote, names[i].name))
      return g_error_new_literal (TIME_PICKER_ERROR, names[i].code, stripped->message);
  return g_error_new (TIME_PICKER_ERROR, TIME_PICKER_ERROR_FAILED, "%s: %s", remote, stripped->message);
}

gboolean
time_picker_is_clock_text (const char *text)
{
  if (text == NULL || strlen (text) != 5 || text[2] != ':')
    return FALSE;
  if (!g_ascii_isdigit (text[0]) || !g_ascii_isdigit (text[1]) || !g_ascii_isdigit (text[3]) || !g_ascii_isdigit (text[4]))
    return FALSE;
  int hours = (text[0] - '0') * 10 + (text[1] - '0');
  int minutes = (text[3] - '0') * 10 + (text[4] - '0');
  return minutes < 60 && (hours < 24 || (hours == 24 && minutes == 0));
}
