/* SPDX-License-Identifier: MIT */
#pragma once

#if !defined(TIME_PICKER_INSIDE) && !defined(TIME_PICKER_COMPILATION)
#error "Only <timepicker/timepicker.h> can be included directly."
#endif

#include <gio/gio.h>
#include <timepicker/timepicker-parent.h>
#include <timepicker/timepicker-range.h>

G_BEGIN_DECLS

#define TIME_PICKER_TYPE_PICKER (time_picker_picker_get_type ())
G_DECLARE_FINAL_TYPE (TimePickerPicker, time_picker_picker, TIME_PICKER, PICKER, GObject)

TimePickerPicker *time_picker_picker_new                 (void);
TimePickerPicker *time_picker_picker_new_for_connection  (GDBusConnection     *connection);

void              time_picker_picker_pick                (TimePickerPicker    *picker,
                                                          TimePickerParent    *parent,
                                                          GVariant            *options,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
TimePickerRange  *time_picker_picker_pick_finish         (TimePickerPicker    *picker,
                                                          GAsyncResult        *result,
                                                          GError             **error);

G_END_DECLS
