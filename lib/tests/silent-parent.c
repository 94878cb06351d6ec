/* A pick whose parent's export never calls back, as a compositor that never answers, for
 * Tests/ServiceTests/LibraryTests.swift: the pick must go on without a parent after the export's
 * deadline. TimePickerParent is opaque (as XdpParent), so the parent is made as a toolkit's
 * helper makes one, through the uninstalled private header (found through the build's
 * include/timepicker-1/timepicker link to lib/timepicker).
 * Prints "from A to B" or "error DOMAIN CODE-NICK: MESSAGE" (exit 1), as lib/tests/pick.py does.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <timepicker/timepicker.h>
#include <timepicker/timepicker-parent-private.h>

static int status;

/* Never calls back: the export is lost, as with a compositor that does not answer. */
static void
silent_export (TimePickerParent *parent G_GNUC_UNUSED, GCancellable *cancellable G_GNUC_UNUSED,
               GAsyncReadyCallback callback G_GNUC_UNUSED, gpointer user_data G_GNUC_UNUSED)
{
}

static gboolean
silent_export_finish (TimePickerParent *parent G_GNUC_UNUSED, GAsyncResult *result G_GNUC_UNUSED,
                      char **parent_window G_GNUC_UNUSED, char **activation_token G_GNUC_UNUSED, GError **error G_GNUC_UNUSED)
{
  return FALSE;
}

static void
silent_unexport (TimePickerParent *parent G_GNUC_UNUSED)
{
}

static void
picked (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GError *error = NULL;
  TimePickerRange *range = time_picker_alert_pick_finish (TIME_PICKER_ALERT (source), result, &error);

  if (range != NULL)
    {
      printf ("from %s to %s\n", time_picker_range_get_start (range), time_picker_range_get_end (range));
      g_object_unref (range);
    }
  else
    {
      GEnumClass *codes = g_type_class_ref (TIME_PICKER_TYPE_ERROR);
      GEnumValue *code = error->domain == TIME_PICKER_ERROR ? g_enum_get_value (codes, error->code) : NULL;

      printf ("error %s %s: %s\n", g_quark_to_string (error->domain), code != NULL ? code->value_nick : "?", error->message);
      g_type_class_unref (codes);
      g_error_free (error);
      status = 1;
    }
  fflush (stdout);
  g_main_loop_quit (user_data);
}

int
main (void)
{
  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  TimePickerAlert *alert = time_picker_alert_new ();
  TimePickerParent *parent = g_new0 (TimePickerParent, 1);

  g_atomic_ref_count_init (&parent->ref_count);
  parent->export = silent_export;
  parent->export_finish = silent_export_finish;
  parent->unexport = silent_unexport;
  time_picker_alert_set_title (alert, "Lunch break");
  time_picker_alert_set_parent (alert, parent);
  time_picker_parent_unref (parent);
  time_picker_alert_pick (alert, NULL, picked, loop);
  g_main_loop_run (loop);
  g_object_unref (alert);
  g_main_loop_unref (loop);
  return status;
}
