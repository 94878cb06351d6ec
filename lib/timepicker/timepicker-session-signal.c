/* The checks of a session's outcome signals, for a pick and for the monitor alike: a
 * Response, Selected or Cancelled is believed only with the interface's types, and a
 * Selected only with two clock texts.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"

/* Fills session_signal from a Session signal's member and parameters; FALSE with
 * TIME_PICKER_ERROR_INVALID_REPLY when an outcome signal is not what the interface says. */
gboolean
tp_session_signal_read (const char *member, GVariant *parameters, TpSessionSignal *session_signal, GError **error)
{
  *session_signal = (TpSessionSignal) { .kind = TP_SESSION_SIGNAL_OTHER };
  if (g_str_equal (member, "Response"))
    {
      if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ua{sv})")))
        {
          g_set_error (error, TIME_PICKER_ERROR, TIME_PICKER_ERROR_INVALID_REPLY, "The time picker sent a Response of type %s",
                       g_variant_get_type_string (parameters));
          return FALSE;
        }
      session_signal->kind = TP_SESSION_SIGNAL_RESPONSE;
      g_variant_get_child (parameters, 0, "u", &session_signal->response);
      session_signal->results = g_variant_get_child_value (parameters, 1);
    }
  else if (g_str_equal (member, "Selected"))
    {
      if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ss)")))
        {
          g_set_error (error, TIME_PICKER_ERROR, TIME_PICKER_ERROR_INVALID_REPLY, "The time picker sent a Selected of type %s",
                       g_variant_get_type_string (parameters));
          return FALSE;
        }
      g_variant_get (parameters, "(&s&s)", &session_signal->start, &session_signal->end);
      if (!time_picker_is_clock_text (session_signal->start) || !time_picker_is_clock_text (session_signal->end))
        {
          g_set_error_literal (error, TIME_PICKER_ERROR, TIME_PICKER_ERROR_INVALID_REPLY,
                               "The time picker answered something that is not a time");
          return FALSE;
        }
      session_signal->kind = TP_SESSION_SIGNAL_SELECTED;
    }
  else if (g_str_equal (member, "Cancelled"))
    {
      if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(s)")))
        {
          g_set_error (error, TIME_PICKER_ERROR, TIME_PICKER_ERROR_INVALID_REPLY, "The time picker sent a Cancelled of type %s",
                       g_variant_get_type_string (parameters));
          return FALSE;
        }
      g_variant_get (parameters, "(&s)", &session_signal->reason);
      session_signal->kind = TP_SESSION_SIGNAL_CANCELLED;
    }
  return TRUE;
}
