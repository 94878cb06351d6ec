/* What the library's files share and nobody else sees: the service's D-Bus names
 * (one place, as TimePickerContract is for the Swift side) and internal functions.
 *
 * The functions are named tp_*, never time_picker_*: the version script exports every
 * time_picker_* symbol (the public API) and hides the rest, so a new internal function
 * stays hidden without a line there. The older time_picker_* ones are hidden by name.
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

/* A method call as g_dbus_connection_call, whose reply is believed only from destination (a
 * unique name, or the bus itself), or an error from the bus (timepicker-call.c): GDBus matches
 * a reply by its serial alone, and any connection may send one. */
void      tp_call        (GDBusConnection     *connection,
                          const char          *destination,
                          const char          *path,
                          const char          *interface,
                          const char          *method,
                          GVariant            *parameters,
                          const GVariantType  *reply_type,
                          GDBusCallFlags       flags,
                          int                  timeout_ms,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data);
GVariant *tp_call_finish (GDBusConnection     *connection,
                          GAsyncResult        *result,
                          GError             **error);

/* The program's own locale for messages (LC_ALL, LC_MESSAGES, LANG, when the system has it)
 * and its zone's name (TZ, else where /etc/localtime links), or NULL; newly allocated
 * (timepicker-own-settings.c). */
char *tp_own_locale    (void);
/* The most option bytes a pick sends: well under the bus's message limit. */
#define TP_MAX_OPTIONS_BYTES (16u * 1024u * 1024u)

char *tp_own_time_zone (void);
/* The IANA name of a zone as TZ names it (NULL: /etc/localtime; ":Europe/Paris", a path into
 * the zone database, a link to one), or NULL when it has none (a POSIX rule, a missing zone). */
char *tp_zone_name (const char *variable);

/* Which of the session's outcome signals a TpSessionSignal is. */
typedef enum
{
  TP_SESSION_SIGNAL_OTHER,     /* a member the library does not read (a later service's) */
  TP_SESSION_SIGNAL_RESPONSE,
  TP_SESSION_SIGNAL_SELECTED,
  TP_SESSION_SIGNAL_CANCELLED,
} TpSessionSignalKind;

/* A Session signal whose arguments have the interface's types (timepicker-session-signal.c). */
typedef struct
{
  TpSessionSignalKind kind;
  guint32 response;   /* RESPONSE: 0 chosen, 1 the person cancelled, 2 ended otherwise */
  GVariant *results;  /* RESPONSE: its a{sv}, owned by the caller of tp_session_signal_read */
  const char *start;  /* SELECTED: clock texts, inside the signal's parameters */
  const char *end;
  const char *reason; /* CANCELLED: inside the signal's parameters */
} TpSessionSignal;

gboolean tp_session_signal_read (const char      *member,
                                 GVariant        *parameters,
                                 TpSessionSignal *session_signal,
                                 GError         **error);

/* Every session's outcome on a bus, from the service's owner once its user is checked
 * (timepicker-monitor.c). */
typedef struct _TpMonitor TpMonitor;

/* Told of a session's outcome signal: session_signal as read (its results borrowed), range for a
 * Selected, or a Response whose code is 0 and whose results hold the range, else NULL. */
typedef void (*TpMonitorReport) (const char            *session_path,
                                 const TpSessionSignal *session_signal,
                                 TimePickerRange       *range,
                                 gpointer               user_data);

/* Told once the monitor's subscriptions are on the bus: no outcome signalled after can be missed. */
typedef void (*TpMonitorListening) (gpointer user_data);

TpMonitor *tp_monitor_new  (GDBusConnection    *connection,
                            TpMonitorReport     report,
                            TpMonitorListening  listening,
                            gpointer            user_data);
void       tp_monitor_free (TpMonitor       *monitor);

/* Runs one pick (timepicker-pick.c): task is time_picker_alert_pick's, connection the bus,
 * or NULL to connect to the session bus first; options the alert's a{sv} (floating or not). */
void tp_pick_start (GTask            *task,
                    GDBusConnection  *connection,
                    TimePickerParent *parent,
                    GVariant         *options);

/* The option text of a TimePickerUserInterface ("dialog"): its nick; NULL for DEFAULT. */
const char *tp_enum_option_text (GType type, int value);

/* The alert's pick has ended: another may start (timepicker-alert.c). */
void tp_alert_pick_ended (TimePickerAlert *alert);

/* A parent's export, through what made it (timepicker-parent.c): time_picker_parent_new's
 * identifiers, or a toolkit helper's functions. */
void     tp_parent_export        (TimePickerParent    *parent,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data);
gboolean tp_parent_export_finish (TimePickerParent    *parent,
                                  GAsyncResult        *result,
                                  char               **parent_window,
                                  char               **activation_token,
                                  GError             **error);
void     tp_parent_unexport      (TimePickerParent    *parent);
