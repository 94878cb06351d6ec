/* A libtimepicker client for lib/tests/valgrind-library.py, run under valgrind memcheck.
 *
 * Usage: valgrind-client pick            one pick; prints "from A to B" or "error ..."
 *        valgrind-client cancel MS       one pick cancelled after MS milliseconds
 *        valgrind-client cancel-at-once  one pick cancelled right after pick()
 *        valgrind-client monitor SECONDS [COUNT]  prints every outcome on the bus until COUNT
 *                                        were heard (or SECONDS passed), then "heard N outcomes"
 *        valgrind-client picks N [MS]    N picks one after the other, each cancelled after MS
 *                                        milliseconds (300)
 * Everything it made is freed before it exits, so that what memcheck finds lost is the library's.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <timepicker/timepicker.h>

static GMainLoop *loop;
static int status;
static guint outcomes_heard, outcomes_wanted; /* the monitor's: Selected and Cancelled */

/* One more outcome heard: the monitor's run ends once it heard what it waits for. */
static void
outcome_heard (void)
{
  outcomes_heard++;
  if (outcomes_wanted != 0 && outcomes_heard >= outcomes_wanted)
    g_main_loop_quit (loop);
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
      printf ("error %s %d: %s\n", g_quark_to_string (error->domain), error->code, error->message);
      g_error_free (error);
      status = 1;
    }
  fflush (stdout);
  g_main_loop_quit (loop);
}

static gboolean
cancel_now (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

static gboolean
quit_now (gpointer data)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

static void
responded (TimePickerMonitor *monitor, const char *path, guint code, GVariant *results, TimePickerRange *range, gpointer data)
{
  printf ("response %s %u %s\n", path, code, range != NULL ? time_picker_range_get_start (range) : "-");
  fflush (stdout);
}

static void
selected (TimePickerMonitor *monitor, const char *path, TimePickerRange *range, gpointer data)
{
  printf ("selected %s %s %s\n", path, time_picker_range_get_start (range), time_picker_range_get_end (range));
  fflush (stdout);
  outcome_heard ();
}

static void
cancelled (TimePickerMonitor *monitor, const char *path, const char *reason, gpointer data)
{
  printf ("cancelled %s %s\n", path, reason);
  fflush (stdout);
  outcome_heard ();
}

static void
one_pick (const char *mode, guint cancel_ms)
{
  TimePickerAlert *picker = time_picker_alert_new ();
  GCancellable *cancellable = g_cancellable_new ();
  GTimeZone *zone = g_time_zone_new_identifier ("Europe/Berlin");
  GDateTime *date = g_date_time_new_utc (2026, 1, 15, 12, 0, 0);
  TimePickerParent *parent = time_picker_parent_new (NULL, NULL);

  /* Every kind of typed option, so that each is freed with the alert. */
  time_picker_alert_set_title (picker, "Valgrind");
  time_picker_alert_set_first (picker, "08:00");
  time_picker_alert_set_time_zone (picker, zone);
  time_picker_alert_set_date (picker, date);
  time_picker_alert_set_options (picker, g_variant_new_parsed ("{'title': <'under the typed one'>, 'step': <uint32 30>}"));
  time_picker_alert_set_parent (picker, parent);
  time_picker_parent_unref (parent);
  g_time_zone_unref (zone);
  g_date_time_unref (date);
  time_picker_alert_pick (picker, cancellable, picked, NULL);
  if (g_str_equal (mode, "cancel-at-once"))
    g_cancellable_cancel (cancellable);
  else if (g_str_equal (mode, "cancel"))
    g_timeout_add (cancel_ms, cancel_now, cancellable);
  g_main_loop_run (loop);
  /* What the pick left on the context (the Cancel's flush, a late answer) is run out. */
  g_timeout_add (500, quit_now, NULL);
  g_main_loop_run (loop);
  g_object_unref (cancellable);
  g_object_unref (picker);
}

int
main (int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "pick";
  GDBusConnection *bus;

  loop = g_main_loop_new (NULL, FALSE);
  if (g_str_equal (mode, "monitor"))
    {
      TimePickerMonitor *picker;

      bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
      picker = time_picker_monitor_new_for_connection (bus);
      g_signal_connect (picker, "response", G_CALLBACK (responded), NULL);
      g_signal_connect (picker, "selected", G_CALLBACK (selected), NULL);
      g_signal_connect (picker, "cancelled", G_CALLBACK (cancelled), NULL);
      printf ("ready\n");
      fflush (stdout);
      outcomes_wanted = argc > 3 ? (guint) atoi (argv[3]) : 0;
      g_timeout_add_seconds (atoi (argv[2]), quit_now, NULL);
      g_main_loop_run (loop);
      printf ("heard %u outcomes\n", outcomes_heard);
      g_object_unref (picker);
      g_timeout_add (300, quit_now, NULL);
      g_main_loop_run (loop);
      g_object_unref (bus);
    }
  else if (g_str_equal (mode, "picks"))
    for (int n = atoi (argv[2]); n > 0; n--)
      one_pick ("cancel", argc > 3 ? (guint) atoi (argv[3]) : 300);
  else
    one_pick (mode, argc > 2 ? (guint) atoi (argv[2]) : 0);
  g_main_loop_unref (loop);
  return status;
}
