/* libtimepicker-gtk4-1: a #TimePickerParent from a GTK 4 window, kept out of libtimepicker-1
 * so that the main library links no GTK (as libportal-gtk4 is to libportal).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>
#include <timepicker/timepicker.h>

G_BEGIN_DECLS

TimePickerParent *time_picker_parent_new_gtk (GtkWindow *window);

G_END_DECLS
