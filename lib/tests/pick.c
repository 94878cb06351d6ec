/* libtimepicker from C, for Tests/ServiceTests/LibraryTests.swift: one pick, printed as
 * "from START to END (N minutes)", or "error DOMAIN CODE: MESSAGE" (exit 1).
 * Build: cc pick.c -o pick $(pkg-config --cflags --libs timepicker-1) */
#include <stdio.h>
#include <timepicker/timepicker.h>

static int status;

static void
picked (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GMainLoop *loop = user_data;
  GError *error = NULL;
  TimePickerRange *range = time_picker_picker_pick_finish (TIME_PICKER_PICKER (source), result, &error);

  if (range != NULL)
    {
      printf ("from %s to %s (%u minutes)\n", time_picker_range_get_start (range), time_picker_range_get_end (range),
              time_picker_range_get_duration (range) / 60);
      g_object_unref (range);
    }
  else
    {
      printf ("error %s %d: %s\n", g_quark_to_string (error->domain), error->code, error->message);
      g_error_free (error);
      status = 1;
    }
  g_main_loop_quit (loop);
}

int
main (void)
{
  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  TimePickerPicker *picker = time_picker_picker_new ();

  time_picker_picker_pick (picker, NULL, g_variant_new_parsed ("{'title': <'Lunch break'>, 'step': <uint32 30>}"), NULL,
                           picked, loop);
  g_main_loop_run (loop);
  g_object_unref (picker);
  g_main_loop_unref (loop);
  return status;
}
