/* SPDX-License-Identifier: MIT */
#pragma once

#if !defined(TIME_PICKER_INSIDE) && !defined(TIME_PICKER_COMPILATION)
#error "Only <timepicker/timepicker.h> can be included directly."
#endif

#include <gio/gio.h>
#include <timepicker/timepicker-enums.h>
#include <timepicker/timepicker-parent.h>
#include <timepicker/timepicker-range.h>

G_BEGIN_DECLS

#define TIME_PICKER_TYPE_ALERT (time_picker_alert_get_type ())
G_DECLARE_FINAL_TYPE (TimePickerAlert, time_picker_alert, TIME_PICKER, ALERT, GObject)

TimePickerAlert *time_picker_alert_new                    (void);
TimePickerAlert *time_picker_alert_new_for_connection     (GDBusConnection *connection);

void             time_picker_alert_set_title              (TimePickerAlert *alert, const char *title);
const char      *time_picker_alert_get_title              (TimePickerAlert *alert);
void             time_picker_alert_set_step               (TimePickerAlert *alert, guint minutes);
guint            time_picker_alert_get_step               (TimePickerAlert *alert);
void             time_picker_alert_set_first              (TimePickerAlert *alert, const char *first);
const char      *time_picker_alert_get_first              (TimePickerAlert *alert);
void             time_picker_alert_set_last               (TimePickerAlert *alert, const char *last);
const char      *time_picker_alert_get_last               (TimePickerAlert *alert);
void             time_picker_alert_set_start              (TimePickerAlert *alert, const char *start);
const char      *time_picker_alert_get_start              (TimePickerAlert *alert);
void             time_picker_alert_set_end                (TimePickerAlert *alert, const char *end);
const char      *time_picker_alert_get_end                (TimePickerAlert *alert);
void             time_picker_alert_set_min_duration       (TimePickerAlert *alert, guint minutes);
guint            time_picker_alert_get_min_duration       (TimePickerAlert *alert);
void             time_picker_alert_set_timeout            (TimePickerAlert *alert, guint seconds);
guint            time_picker_alert_get_timeout            (TimePickerAlert *alert);
void             time_picker_alert_set_timeout_extensions (TimePickerAlert *alert, guint extensions);
guint            time_picker_alert_get_timeout_extensions (TimePickerAlert *alert);
void             time_picker_alert_set_clock              (TimePickerAlert *alert, TimePickerClock clock);
TimePickerClock  time_picker_alert_get_clock              (TimePickerAlert *alert);
void             time_picker_alert_set_overnight          (TimePickerAlert *alert, gboolean overnight);
gboolean         time_picker_alert_get_overnight          (TimePickerAlert *alert);
void             time_picker_alert_set_date               (TimePickerAlert *alert, GDateTime *date);
GDateTime       *time_picker_alert_get_date               (TimePickerAlert *alert);
void             time_picker_alert_set_time_zone          (TimePickerAlert *alert, GTimeZone *time_zone);
GTimeZone       *time_picker_alert_get_time_zone          (TimePickerAlert *alert);
void             time_picker_alert_set_user_interface     (TimePickerAlert *alert, TimePickerUserInterface user_interface);
TimePickerUserInterface time_picker_alert_get_user_interface (TimePickerAlert *alert);
void             time_picker_alert_set_locale             (TimePickerAlert *alert, const char *locale);
const char      *time_picker_alert_get_locale             (TimePickerAlert *alert);
void             time_picker_alert_set_parent             (TimePickerAlert *alert, TimePickerParent *parent);
void             time_picker_alert_set_options            (TimePickerAlert *alert, GVariant *options);

void             time_picker_alert_pick                   (TimePickerAlert     *alert,
                                                           GCancellable        *cancellable,
                                                           GAsyncReadyCallback  callback,
                                                           gpointer             user_data);
TimePickerRange *time_picker_alert_pick_finish            (TimePickerAlert     *alert,
                                                           GAsyncResult        *result,
                                                           GError             **error);

G_END_DECLS
