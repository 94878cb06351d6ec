"""A notification server that takes DELAY seconds to answer each Notify, answering several at
once (each on a timer of its own, as a busy server does), and prints a line for each Notify as
it arrives: "notify SUMMARY".

Usage: slow-notification-server.py ADDRESS DELAY
Takes org.freedesktop.Notifications on the bus at ADDRESS (not queueing), prints its unique
name once it owns it, and serves until killed.
"""
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

INTERFACE = "org.freedesktop.Notifications"
address, delay = sys.argv[1], float(sys.argv[2])
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(address)


class Server(dbus.service.Object):
    next_id = 1

    @dbus.service.method(INTERFACE, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return "slow-notify", "test vendor", "1.0", "1.2"

    @dbus.service.method(INTERFACE, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["actions", "body"]

    @dbus.service.method(
        INTERFACE, in_signature="susssasa{sv}i", out_signature="u", async_callbacks=("reply", "error"))
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, timeout, reply, error):
        print("notify", summary, flush=True)
        notification = replaces_id
        if notification == 0:
            notification = Server.next_id
            Server.next_id += 1

        def answer():
            reply(dbus.UInt32(notification))
            return False

        GLib.timeout_add(int(delay * 1000), answer)

    @dbus.service.method(INTERFACE, in_signature="u", out_signature="")
    def CloseNotification(self, notification):
        pass


server = Server(bus, "/org/freedesktop/Notifications")
if bus.request_name(INTERFACE, dbus.bus.NAME_FLAG_DO_NOT_QUEUE) != dbus.bus.REQUEST_NAME_REPLY_PRIMARY_OWNER:
    sys.exit("could not own " + INTERFACE)
print(bus.get_unique_name(), flush=True)
GLib.MainLoop().run()
