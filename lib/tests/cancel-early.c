/* A C program that cancels its pick early, for Tests/ServiceTests/LibraryTypedTests.swift:
 * right after time_picker_alert_pick (at-once), from an idle callback as a closing window does
 * (idle), or once FILE exists, which a service the bus is activating makes (when FILE).
 * Prints the error ("error DOMAIN CODE: MESSAGE") and "ended N ms after the cancel"; exit 1.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <string.h>
#include <timepicker/timepicker.h>

static GMainLoop *loop;
static GCancellable *cancellable;
static gint64 cancelled_at;
static const char *marker;

static void
ended (GObject *source, GAsyncResult *result, gpointer user_data G_GNUC_UNUSED)
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
      printf ("error %s %d: %s\n", g_quark_to_string (error->domain), error->code, error->message);
      g_error_free (error);
    }
  printf ("ended %d ms after the cancel\n", cancelled_at != 0 ? (int) ((g_get_monotonic_time () - cancelled_at) / 1000) : -1);
  fflush (stdout);
  g_main_loop_quit (loop);
}

/* Cancels now; for the idle and the file's poll, once. */
static gboolean
cancel_now (gpointer user_data G_GNUC_UNUSED)
{
  cancelled_at = g_get_monotonic_time ();
  g_cancellable_cancel (cancellable);
  return G_SOURCE_REMOVE;
}

/* Polls for the activated service's file: the pick is then waiting on the activation. */
static gboolean
cancel_when_there (gpointer user_data G_GNUC_UNUSED)
{
  if (!g_file_test (marker, G_FILE_TEST_EXISTS))
    return G_SOURCE_CONTINUE;
  return cancel_now (NULL);
}

int
main (int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "at-once";
  TimePickerAlert *alert = time_picker_alert_new ();

  loop = g_main_loop_new (NULL, FALSE);
  cancellable = g_cancellable_new ();
  time_picker_alert_set_title (alert, "Cancelled early");
  time_picker_alert_pick (alert, cancellable, ended, NULL);
  if (strcmp (mode, "at-once") == 0)
    cancel_now (NULL);
  else if (strcmp (mode, "idle") == 0)
    g_idle_add (cancel_now, NULL);
  else if (strcmp (mode, "when") == 0 && argc > 2)
    {
      marker = argv[2];
      g_timeout_add (20, cancel_when_there, NULL);
    }
  g_main_loop_run (loop);
  g_object_unref (alert);
  g_object_unref (cancellable);
  g_main_loop_unref (loop);
  return 1;
}
