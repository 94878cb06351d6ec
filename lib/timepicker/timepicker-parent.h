/* SPDX-License-Identifier: MIT */
#pragma once

#if !defined(TIME_PICKER_INSIDE) && !defined(TIME_PICKER_COMPILATION)
#error "Only <timepicker/timepicker.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/* Opaque, as libportal's XdpParent: a toolkit's helper fills it through the uninstalled
 * timepicker-parent-private.h. */
typedef struct _TimePickerParent TimePickerParent;

#define TIME_PICKER_TYPE_PARENT (time_picker_parent_get_type ())
GType             time_picker_parent_get_type (void);

TimePickerParent *time_picker_parent_new      (const char       *parent_window,
                                               const char       *activation_token);
TimePickerParent *time_picker_parent_ref      (TimePickerParent *parent);
void              time_picker_parent_unref    (TimePickerParent *parent);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TimePickerParent, time_picker_parent_unref)

G_END_DECLS
