#!/usr/bin/python3
"""Prints the outcome of every time picker on the session bus, whoever asked for it, from
Python with GLib's D-Bus API (Gio): what `timepickerctl monitor` prints.

Each session ends with two signals from the service: Response(response, results), the whole
answer, then Selected(start, end) or Cancelled(reason).

Two things make a listener both safe and lasting:

- It subscribes by the service's well-known name, not by the unique name of the process
  that owns it now: the bus then delivers the signals of whichever process owns the name,
  so the listener goes on when the service stops and is started again.
- On a bus other Unix users can reach too, a process of theirs may own the name while your
  service is not running, and send signals under it. So each signal's sender (a unique name
  such as ":1.42", never reused) is checked to be a process of your own user before its
  outcome counts; the bus is asked once per sender.

Needs python3-gi (Debian). Run: python3 monitor-gio.py
"""
import os
import sys

from gi.repository import Gio, GLib

SERVICE = "io.github.timepickerd.TimePicker1"  # the name on the bus
SESSION_INTERFACE = "io.github.timepickerd.TimePicker1.Session"

bus = Gio.bus_get_sync(Gio.BusType.SESSION)
users = {}  # sender's unique name -> its Unix user, as the bus vouches


def is_own_user(sender):
    """Whether `sender` runs as this user; asked of the bus once per sender."""
    if sender not in users:
        try:
            reply = bus.call_sync(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                "GetConnectionUnixUser", GLib.Variant("(s)", (sender,)), GLib.VariantType("(u)"),
                Gio.DBusCallFlags.NONE, -1, None,
            )
            users[sender] = reply.unpack()[0]
        except GLib.Error:  # it left the bus already: nobody can say whose it was
            users[sender] = None
    return users[sender] == os.getuid()


def on_outcome(_bus, sender, path, _interface, signal, parameters):
    if signal not in ("Response", "Selected", "Cancelled"):
        return
    if not is_own_user(sender):
        print(f"ignoring {sender}: not your time picker service", file=sys.stderr, flush=True)
        return
    # ("09:00", "17:00"), ("user",), or (0, {"start": "09:00", "duration": 28800, ...})
    print(path, signal, *parameters.unpack(), flush=True)


def on_owner_changed(_bus, _sender, _path, _interface, _signal, parameters):
    # Ask about a new owner as it arrives, while the bus can still say: a service that stops
    # sends its last outcomes as it leaves.
    _name, _old, new = parameters.unpack()
    if new:
        is_own_user(new)


bus.signal_subscribe(
    "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus", SERVICE,
    Gio.DBusSignalFlags.NONE, on_owner_changed,
)
bus.signal_subscribe(SERVICE, SESSION_INTERFACE, None, None, None, Gio.DBusSignalFlags.NONE, on_outcome)
# The match rules reach the bus before anything sent after this round trip: from here on, no
# outcome is missed.
bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId", None, None,
              Gio.DBusCallFlags.NONE, -1, None)
print("listening", file=sys.stderr, flush=True)
GLib.MainLoop().run()
