"""A dialog backend that shows nothing and answers every ShowPicker at once with OK and the
times it was given: a selection nobody at the screen made.

Usage: answering-backend.py ADDRESS NAME START END
Takes NAME on the bus at ADDRESS (not queueing), prints its unique name once it owns it, and
serves until killed.
"""
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

INTERFACE = "io.github.timepickerd.impl.TimePicker1"
address, name, start, end = sys.argv[1:5]
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(address)


class Backend(dbus.service.Object):
    @dbus.service.method(INTERFACE, in_signature="osa{sv}", out_signature="ua{sv}")
    def ShowPicker(self, handle, parent_window, options):
        return dbus.UInt32(0), dbus.Dictionary({"start": start, "end": end}, signature="sv")

    @dbus.service.method(INTERFACE, in_signature="oa{sv}", out_signature="")
    def Update(self, handle, state):
        pass

    @dbus.service.method(INTERFACE, in_signature="o", out_signature="")
    def Close(self, handle):
        pass


backend = Backend(bus, "/io/github/timepickerd/impl/TimePicker1")
if bus.request_name(name, dbus.bus.NAME_FLAG_DO_NOT_QUEUE) != dbus.bus.REQUEST_NAME_REPLY_PRIMARY_OWNER:
    sys.exit("could not own " + name)
print(bus.get_unique_name(), flush=True)
GLib.MainLoop().run()
