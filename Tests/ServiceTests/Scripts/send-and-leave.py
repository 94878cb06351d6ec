"""Sends one method call that asks for no reply, makes sure the bus has routed it, and leaves.

Usage: send-and-leave.py ADDRESS DESTINATION PATH INTERFACE METHOD [VARDICT-JSON]
Prints this connection's unique name first. The optional last argument is a JSON object of
string and unsigned integer options, sent as one a{sv} argument (for ShowTimePicker).
"""
import json
import sys

import dbus
import dbus.lowlevel

address, destination, path, interface, method = sys.argv[1:6]
bus = dbus.bus.BusConnection(address)
print(bus.get_unique_name(), flush=True)
message = dbus.lowlevel.MethodCallMessage(destination, path, interface, method)
if len(sys.argv) > 6:
    options = {
        key: dbus.UInt32(value) if isinstance(value, int) else dbus.String(value)
        for key, value in json.loads(sys.argv[6]).items()
    }
    message.append(dbus.Dictionary(options, signature="sv"))
message.set_no_reply(True)
bus.send_message(message)
# The bus answers in order: once it has answered this, it has routed the call above.
bus.call_blocking("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId", "", [])
bus.close()
