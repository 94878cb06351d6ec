"""Makes the same method call COUNT times, each from a new connection: a caller the service has
not met yet, whose credentials it has to ask the bus for.

Usage: fresh-calls.py ADDRESS DESTINATION PATH INTERFACE.MEMBER BODY COUNT
BODY is the call's arguments in GVariant text form, a tuple. Prints one line a call: "answered",
or the D-Bus error name it got ("timeout" when none came within 5 s).
"""
import sys

from gi.repository import Gio, GLib

address, destination, path, method, body, count = sys.argv[1:7]
interface, member = method.rsplit(".", 1)
arguments = GLib.Variant.parse(None, body, None, None)
flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
for _ in range(int(count)):
    connection = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
    try:
        connection.call_sync(destination, path, interface, member, arguments, None, Gio.DBusCallFlags.NONE, 5000, None)
        print("answered", flush=True)
    except GLib.Error as error:
        if error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.TIMED_OUT):
            print("timeout", flush=True)
        else:
            print(Gio.DBusError.get_remote_error(error) or error.message, flush=True)
    connection.close_sync(None)
