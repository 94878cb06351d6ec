#!/usr/bin/python3
"""Asks timepickerd for a time range from Python, with GLib's D-Bus API (Gio).

D-Bus in brief: programs on your session bus own names, under those names they have
objects (paths), and objects have interfaces with methods, signals and properties.
timepickerd owns io.github.timepickerd.TimePicker1, and the bus starts it on the first
call. Its method ShowTimePicker puts a picker on screen and answers at once with the path
of a new "session" object; later that object sends one signal: Selected(start, end) when
the person has chosen, or Cancelled(reason).

To be sure not to miss that signal, this program chooses the session's path itself (the
handle_token option) and subscribes to its signals *before* calling: the convention of
xdg-desktop-portal's requests.

Needs python3-gi (Debian). Run: python3 pick-gio.py
"""
import os
import sys

from gi.repository import Gio, GLib

SERVICE = "io.github.timepickerd.TimePicker1"  # the name on the bus
PATH = "/io/github/timepickerd/TimePicker1"  # the object that makes pickers
INTERFACE = "io.github.timepickerd.TimePicker1"


def main():
    # A proxy stands for the remote object; creating it starts the service if needed.
    proxy = Gio.DBusProxy.new_for_bus_sync(
        Gio.BusType.SESSION, Gio.DBusProxyFlags.NONE, None, SERVICE, PATH, INTERFACE, None
    )
    bus = proxy.get_connection()

    # The session will be at PATH/session/SENDER/TOKEN: SENDER is our own name on the
    # bus (":1.42" becomes "1_42"), TOKEN is ours to choose (letters, digits and _).
    token = f"pick_gio_{os.getpid()}"
    sender = bus.get_unique_name()[1:].replace(".", "_")
    session_path = f"{PATH}/session/{sender}/{token}"

    loop = GLib.MainLoop()
    outcome = []

    def on_signal(_bus, _sender, _path, _interface, signal, parameters):
        # parameters is a GLib.Variant tuple: ("09:00", "17:00"), or ("user",).
        outcome.append((signal, parameters.unpack()))
        loop.quit()

    # First subscribe to the session's signals ...
    subscription = bus.signal_subscribe(
        SERVICE, INTERFACE + ".Session", None, session_path, None, Gio.DBusSignalFlags.NONE, on_signal
    )

    # ... then call. The options are an a{sv}: names to values, each value a GLib.Variant
    # with its D-Bus type ("s" a string, "u" an unsigned number).
    options = {
        "title": GLib.Variant("s", "Lunch break"),
        "first": GLib.Variant("s", "11:00"),
        "last": GLib.Variant("s", "15:00"),
        "step": GLib.Variant("u", 15),
        "handle_token": GLib.Variant("s", token),
    }
    try:
        proxy.call_sync("ShowTimePicker", GLib.Variant("(a{sv})", (options,)), Gio.DBusCallFlags.NONE, -1, None)
    except GLib.Error as error:
        # A refused option: the message names it and says why.
        print(f"The time picker refused: {error.message}", file=sys.stderr)
        return 2

    loop.run()  # until on_signal quits it
    bus.signal_unsubscribe(subscription)

    signal, values = outcome[0]
    if signal == "Selected":
        start, end = values
        print(f"Lunch break: from {start} to {end}")
        return 0
    print(f"No time range chosen: {values[0]}", file=sys.stderr)  # user, timeout, ...
    return 1


if __name__ == "__main__":
    sys.exit(main())
