"""A dialog backend that takes DELAY seconds to take each ShowPicker, several at once (as a busy
backend building windows does), and prints a line for each ShowPicker as it arrives:
"show TITLE". It never answers a ShowPicker (its dialog stays open until Close); the daemon
learns that one was taken from the answer to the Properties.Get(Version) it sends right behind
it, which this backend gives DELAY seconds after the call came.

Usage: slow-dialog-backend.py ADDRESS NAME DELAY
Takes NAME on the bus at ADDRESS (not queueing), prints its unique name once it owns it, and
serves until killed.
"""
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

INTERFACE = "io.github.timepickerd.impl.TimePicker1"
PROPERTIES = "org.freedesktop.DBus.Properties"
address, name, delay = sys.argv[1], sys.argv[2], float(sys.argv[3])
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(address)


class Backend(dbus.service.Object):
    @dbus.service.method(
        INTERFACE, in_signature="osa{sv}", out_signature="ua{sv}", async_callbacks=("reply", "error"))
    def ShowPicker(self, handle, parent_window, options, reply, error):
        # Held: a dialog on screen answers only when the person does.
        print("show", options.get("title", ""), flush=True)

    @dbus.service.method(INTERFACE, in_signature="oa{sv}", out_signature="")
    def Update(self, handle, state):
        pass

    @dbus.service.method(INTERFACE, in_signature="o", out_signature="")
    def Close(self, handle):
        pass

    @dbus.service.method(PROPERTIES, in_signature="ss", out_signature="v", async_callbacks=("reply", "error"))
    def Get(self, interface, prop, reply, error):
        def answer():
            reply(dbus.UInt32(1, variant_level=1))
            return False

        GLib.timeout_add(int(delay * 1000), answer)


backend = Backend(bus, "/io/github/timepickerd/impl/TimePicker1")
if bus.request_name(name, dbus.bus.NAME_FLAG_DO_NOT_QUEUE) != dbus.bus.REQUEST_NAME_REPLY_PRIMARY_OWNER:
    sys.exit("could not own " + name)
print(bus.get_unique_name(), flush=True)
GLib.MainLoop().run()
