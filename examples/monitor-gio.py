#!/usr/bin/python3
"""Prints the outcome of every time picker on the session bus, whoever asked for it, from
Python with GLib's D-Bus API (Gio): what `timepickerctl monitor` prints.

Each session ends with two signals from the service: Response(response, results), the whole
answer, then Selected(start, end) or Cancelled(reason).

Two things make a listener both safe and lasting:

- It subscribes to the session interface's signals from any sender, not from the unique name
  of the process that owns the name now, so the listener goes on when the service stops and
  is started again. (Not by the well-known name either: GDBus then follows that name's owner
  with a GetNameOwner call of its own, and a reply to it forged by another connection makes
  GDBus drop your service's signals.)
- On a bus other Unix users can reach too, a process of theirs may own the name while your
  service is not running, and send signals under it. So each signal's sender (a unique name
  such as ":1.42", never reused) is checked to be a process of your own user before its
  outcome counts; the bus is asked once per sender, and its answer is believed only when it
  comes from the bus (any connection may send a reply nobody asked for, and GDBus takes the
  first that carries the call's serial).

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
        message = Gio.DBusMessage.new_method_call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetConnectionUnixUser")
        message.set_body(GLib.Variant("(s)", (sender,)))
        reply, _serial = bus.send_message_with_reply_sync(message, Gio.DBusSendMessageFlags.NONE, -1, None)
        if reply.get_sender() != "org.freedesktop.DBus":
            # Not the bus's answer: believe nothing, and ask again for the next signal.
            print(f"a forged answer about {sender} came from {reply.get_sender()}", file=sys.stderr, flush=True)
            return False
        body = reply.get_body()
        if reply.get_message_type() == Gio.DBusMessageType.METHOD_RETURN and body.get_type_string() == "(u)":
            users[sender] = body.unpack()[0]
        else:  # it left the bus already: nobody can say whose it was
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
bus.signal_subscribe(None, SESSION_INTERFACE, None, None, None, Gio.DBusSignalFlags.NONE, on_outcome)
# The match rules reach the bus before anything sent after this round trip: from here on, no
# outcome is missed.
bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId", None, None,
              Gio.DBusCallFlags.NONE, -1, None)
print("listening", file=sys.stderr, flush=True)
GLib.MainLoop().run()
