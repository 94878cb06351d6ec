/* The error domain: one code per cancel reason and per way a call can fail.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"

G_DEFINE_QUARK (time-picker-error-quark, time_picker_error)

/* Every code, its nick, and for the codes a session's Cancelled reason gives (the reason is
 * the nick) the message: the one table of reasons, for the enum's type and the errors alike. */
#define CODE(code, nick, reason_message) { { TIME_PICKER_ERROR_##code, "TIME_PICKER_ERROR_" #code, nick }, reason_message }
static const struct
{
  GEnumValue value;
  const char *reason_message; /* NULL: no Cancelled reason gives the code */
} codes[] = {
  CODE (USER, "user", "The person cancelled the time picker"),
  CODE (TIMEOUT, "timeout", "The time picker timed out"),
  CODE (CALLER, "caller", "The time picker was cancelled by a program"),
  CODE (SHUTDOWN, "shutdown", "The time picker service stopped"),
  CODE (UNAVAILABLE, "unavailable", "No user interface could show the time picker"),
  CODE (SERVICE_UNAVAILABLE, "service-unavailable", NULL),
  CODE (VANISHED, "vanished", NULL),
  CODE (OTHER_USER, "other-user", NULL),
  CODE (INVALID_REPLY, "invalid-reply", NULL),
  CODE (INVALID_ARGS, "invalid-args", NULL),
  CODE (LIMITS_EXCEEDED, "limits-exceeded", NULL),
  CODE (FAILED, "failed", NULL),
  CODE (ALREADY_SHOWING, "already-showing", NULL),
  CODE (INTERRUPTED, "interrupted", NULL),
};
#undef CODE

GType
time_picker_error_get_type (void)
{
  static gsize type = 0;
  /* GLib keeps the array: static, and zero-terminated by its last element. */
  static GEnumValue values[G_N_ELEMENTS (codes) + 1];

  if (g_once_init_enter (&type))
    {
      for (gsize i = 0; i < G_N_ELEMENTS (codes); i++)
        values[i] = codes[i].value;
      g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("TimePickerError"), values));
    }
  return type;
}

GError *
time_picker_error_for_reason (const char *reason)
{
  for (gsize i = 0; i < G_N_ELEMENTS (codes); i++)
    if (codes[i].reason_message != NULL && g_str_equal (reason, codes[i].value.value_nick))
      return g_error_new_literal (TIME_PICKER_ERROR, codes[i].value.value, codes[i].reason_message);
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
    { "org.freedesktop.DBus.Error.Disconnected", TIME_PICKER_ERROR_SERVICE_UNAVAILABLE },
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
