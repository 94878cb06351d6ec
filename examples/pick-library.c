/* Asks timepickerd for a time range from C, with libtimepicker-1. The library finds the
 * service, checks that it runs as your own user, shows the picker and calls back with the range;
 * the main loop keeps running meanwhile (a GUI stays responsive).
 *
 * Build and run (needs libtimepicker-1-dev):
 *   cc pick-library.c -o pick-library $(pkg-config --cflags --libs timepicker-1) && ./pick-library
 * Exit status: 0 a range chosen, 1 none chosen, 2 the picker failed. */
#include <stdio.h>
#include <timepicker/timepicker.h>

static int status;

static void
picked (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GMainLoop *loop = user_data;
  GError *error = NULL;
  TimePickerRange *range = time_picker_alert_pick_finish (TIME_PICKER_ALERT (source), result, &error);

  if (range != NULL)
    {
      /* Wall-clock HH:MM, 24-hour; the length in real time comes with it. */
      printf ("from %s to %s (%u minutes)\n", time_picker_range_get_start (range), time_picker_range_get_end (range),
              time_picker_range_get_duration (range) / 60);
      g_object_unref (range);
      status = 0;
    }
  else if (error->domain == TIME_PICKER_ERROR && error->code <= TIME_PICKER_ERROR_UNAVAILABLE)
    {
      /* The session ended without a choice: the person cancelled, it timed out, ... */
      fprintf (stderr, "No time range chosen: %s\n", error->message);
      status = 1;
    }
  else
    {
      /* The service is not there, left the bus (TIME_PICKER_ERROR_VANISHED), is another user's... */
      fprintf (stderr, "The time picker failed: %s (%s %d)\n", error->message, g_quark_to_string (error->domain), error->code);
      status = 2;
    }
  g_clear_error (&error);
  g_main_loop_quit (loop);
}

int
main (void)
{
  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  TimePickerAlert *alert = time_picker_alert_new ();

  /* Typed options: see the TimePickerAlert properties (and man io.github.timepickerd.TimePicker1). */
  time_picker_alert_set_title (alert, "Lunch break");
  time_picker_alert_set_step (alert, 30);
  time_picker_alert_pick (alert, NULL, picked, loop);
  g_main_loop_run (loop);
  g_object_unref (alert);
  g_main_loop_unref (loop);
  return status;
}
