/* The floor of a session's cost on this machine, for `make bench`: a service of the contract's
 * shape that does nothing else. ShowTimePicker is answered with a path at once; Cancel on it
 * emits the Response and Cancelled the contract asks for and is answered; any other call (the
 * bench's Peer.Ping) gets an empty answer. No picker, no options read, no state but a counter:
 * what two round trips and two signals cost, which no service of this contract can go below.
 * Built with libdbus by the Makefile (.build/bench/floor-service); run beside the daemon and
 * the reference by timepickerbench --floor.
 *
 * SPDX-License-Identifier: MIT
 */
#include <dbus/dbus.h>
#include <stdio.h>
#include <string.h>

#define SERVICE "io.github.timepickerd.TimePicker1"
#define MANAGER_PATH "/io/github/timepickerd/TimePicker1"
#define SESSION_INTERFACE SERVICE ".Session"

/* Emits the session's last two signals, as the contract orders them. */
static void
end_session (DBusConnection *connection, const char *path)
{
  DBusMessage *response = dbus_message_new_signal (path, SESSION_INTERFACE, "Response");
  DBusMessage *cancelled = dbus_message_new_signal (path, SESSION_INTERFACE, "Cancelled");
  DBusMessageIter arguments, results;
  dbus_uint32_t ended_otherwise = 2;
  const char *reason = "caller";

  dbus_message_iter_init_append (response, &arguments);
  dbus_message_iter_append_basic (&arguments, DBUS_TYPE_UINT32, &ended_otherwise);
  dbus_message_iter_open_container (&arguments, DBUS_TYPE_ARRAY, "{sv}", &results);
  dbus_message_iter_close_container (&arguments, &results);
  dbus_message_append_args (cancelled, DBUS_TYPE_STRING, &reason, DBUS_TYPE_INVALID);
  dbus_connection_send (connection, response, NULL);
  dbus_connection_send (connection, cancelled, NULL);
  dbus_message_unref (response);
  dbus_message_unref (cancelled);
}

int
main (void)
{
  DBusError error;
  DBusConnection *connection;
  unsigned long sessions = 0;

  dbus_error_init (&error);
  connection = dbus_bus_get (DBUS_BUS_SESSION, &error);
  if (connection == NULL)
    {
      fprintf (stderr, "floor-service: %s\n", error.message);
      return 1;
    }
  if (dbus_bus_request_name (connection, SERVICE, DBUS_NAME_FLAG_DO_NOT_QUEUE, &error) != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER)
    {
      fprintf (stderr, "floor-service: cannot own %s\n", SERVICE);
      return 1;
    }
  while (dbus_connection_read_write (connection, -1))
    {
      DBusMessage *message;

      while ((message = dbus_connection_pop_message (connection)) != NULL)
        {
          if (dbus_message_get_type (message) == DBUS_MESSAGE_TYPE_METHOD_CALL)
            {
              DBusMessage *reply = dbus_message_new_method_return (message);

              if (dbus_message_has_member (message, "ShowTimePicker"))
                {
                  char path[sizeof MANAGER_PATH + 48];
                  const char *handle = path;

                  snprintf (path, sizeof path, MANAGER_PATH "/session/floor/s%lu", ++sessions);
                  dbus_message_append_args (reply, DBUS_TYPE_OBJECT_PATH, &handle, DBUS_TYPE_INVALID);
                }
              else if (dbus_message_has_member (message, "Cancel"))
                end_session (connection, dbus_message_get_path (message));
              dbus_connection_send (connection, reply, NULL);
              dbus_message_unref (reply);
            }
          dbus_message_unref (message);
        }
    }
  return 0;
}
