/* SPDX-License-Identifier: MIT */
#pragma once

#if !defined(TIME_PICKER_INSIDE) && !defined(TIME_PICKER_COMPILATION)
#error "Only <timepicker/timepicker.h> can be included directly."
#endif

#include <gio/gio.h>

G_BEGIN_DECLS

#define TIME_PICKER_TYPE_PARENT (time_picker_parent_get_type ())
G_DECLARE_DERIVABLE_TYPE (TimePickerParent, time_picker_parent, TIME_PICKER, PARENT, GObject)

/**
 * TimePickerParentClass:
 * @parent_class: the parent class
 * @export: starts making the window's identifier (`x11:XID`, `wayland:HANDLE`)
 *   and an activation token; may finish later, as Wayland's xdg-foreign export does
 * @export_finish: gives what @export made
 * @unexport: withdraws what @export made, once the picker is gone
 *
 * A toolkit's helper (libtimepicker-gtk4-1) subclasses #TimePickerParent and
 * makes the identifier only when a pick needs it.
 */
struct _TimePickerParentClass
{
  GObjectClass parent_class;

  void     (*export)        (TimePickerParent    *parent,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data);
  gboolean (*export_finish) (TimePickerParent    *parent,
                             GAsyncResult        *result,
                             char               **parent_window,
                             char               **activation_token,
                             GError             **error);
  void     (*unexport)      (TimePickerParent    *parent);

  /*< private >*/
  gpointer padding[8];
};

TimePickerParent *time_picker_parent_new           (const char          *parent_window,
                                                    const char          *activation_token);

void              time_picker_parent_export        (TimePickerParent    *parent,
                                                    GCancellable        *cancellable,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
gboolean          time_picker_parent_export_finish (TimePickerParent    *parent,
                                                    GAsyncResult        *result,
                                                    char               **parent_window,
                                                    char               **activation_token,
                                                    GError             **error);
void              time_picker_parent_unexport      (TimePickerParent    *parent);

G_END_DECLS
