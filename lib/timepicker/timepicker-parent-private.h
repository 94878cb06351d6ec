/* What a TimePickerParent is inside, for libtimepicker and a toolkit's helper
 * (libtimepicker-gtk4-1) alone: never installed, as libportal's parent-private.h. The helper
 * allocates one with g_new0, inits ref_count and sets the functions and its data; libtimepicker
 * frees it (data_free first) when the last reference goes.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gio/gio.h>
#include <timepicker/timepicker.h>

struct _TimePickerParent
{
  gatomicrefcount ref_count;
  /* Starts making the window's identifier (`x11:XID`, `wayland:HANDLE`) and an activation
   * token; may finish later, as Wayland's xdg-foreign export does. */
  void     (*export)        (TimePickerParent    *parent,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data);
  /* Gives what export made (each newly allocated, or NULL). */
  gboolean (*export_finish) (TimePickerParent    *parent,
                             GAsyncResult        *result,
                             char               **parent_window,
                             char               **activation_token,
                             GError             **error);
  /* Withdraws what export made, once the picker is gone. */
  void     (*unexport)      (TimePickerParent    *parent);
  gpointer data;             /* the helper's, such as its window */
  GDestroyNotify data_free;
  char *parent_window;       /* time_picker_parent_new's identifiers */
  char *activation_token;
};
