/* A TimePickerMonitor whose "response" handler drops the app's last reference to it (the
 * careless "one outcome was all I wanted"), while the outcomes it heard before it trusted their
 * sender are being reported: they come here from a same-user service that takes the name and
 * sends a burst at once. Built with the library's sources under AddressSanitizer by
 * monitor-test.sh; exit 0 when exactly one outcome was reported and nothing read freed memory.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <timepicker/timepicker.h>

#define SERVICE "io.github.timepickerd.TimePicker1"
#define BURST 50

static guint responses;
static GMainLoop *loop;
static GDBusConnection *service; /* the burst's sender: it keeps the name until the program ends */

static void
on_response (TimePickerMonitor *monitor, const char *path, guint code, GVariant *results, TimePickerRange *range,
             gpointer user_data)
{
  responses++;
  if (responses > 1)
    return;
  g_object_unref (monitor);
  /* A little longer: a monitor still alive would report the rest of the burst meanwhile. */
  g_timeout_add (500, G_SOURCE_FUNC (g_main_loop_quit), loop);
}

/* Takes the service's name on a connection of its own and sends a burst of outcomes at once. */
static void
burst (const char *address)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) owned = NULL;

  service = g_dbus_connection_new_for_address_sync (
    address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION, NULL, NULL, &error);
  g_assert_no_error (error);
  owned = g_dbus_connection_call_sync (service, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                       "RequestName", g_variant_new ("(su)", SERVICE, 4), NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < BURST; i++)
    {
      g_autofree char *path = g_strdup_printf ("/io/github/timepickerd/TimePicker1/session/1_1/s%u", i);
      GVariantBuilder results;

      g_variant_builder_init (&results, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&results, "{sv}", "start", g_variant_new_string ("09:00"));
      g_variant_builder_add (&results, "{sv}", "end", g_variant_new_string ("10:00"));
      g_dbus_connection_emit_signal (service, NULL, path, SERVICE ".Session", "Response", g_variant_new ("(ua{sv})", 0, &results), NULL);
      g_dbus_connection_emit_signal (service, NULL, path, SERVICE ".Session", "Selected", g_variant_new ("(ss)", "09:00", "10:00"), NULL);
    }
  g_dbus_connection_flush_sync (service, NULL, &error);
  g_assert_no_error (error);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  const char *address = g_getenv ("DBUS_SESSION_BUS_ADDRESS");
  g_autoptr(GDBusConnection) connection = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_autoptr(GVariant) id = NULL;

  g_assert_no_error (error);
  g_signal_connect (time_picker_monitor_new_for_connection (connection), "response", G_CALLBACK (on_response), NULL);
  /* A round trip after the monitor's subscriptions: the bus has them before the name changes. */
  id = g_dbus_connection_call_sync (connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                    "GetId", NULL, NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
  burst (address);
  loop = g_main_loop_new (NULL, FALSE);
  /* Nothing heard in 5 s fails the run (responses stays 0). */
  g_timeout_add_seconds (5, G_SOURCE_FUNC (g_main_loop_quit), loop);
  g_main_loop_run (loop);
  printf ("%u response(s) reported\n", responses);
  return responses == 1 ? 0 : 1;
}
