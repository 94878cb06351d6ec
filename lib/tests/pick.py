#!/usr/bin/python3
"""libtimepicker from PyGObject, for Tests/ServiceTests/LibraryTests.swift (run on the test's
private bus, with LD_LIBRARY_PATH and GI_TYPELIB_PATH naming .build/lib).

Usage: pick.py pick       one pick; prints "from START to END (N minutes)", or the error
       pick.py cancel     one pick with a Gio.Cancellable that SIGUSR1 cancels
       pick.py monitor    prints every session's outcome on the bus ("ready" once listening)
       pick.py slow-parent  one pick with a parent whose export never finishes

An error is printed as "error DOMAIN CODE-NAME: MESSAGE" and exits 1.
"""
import signal
import sys

import gi

gi.require_version("TimePicker", "1.0")
from gi.repository import Gio, GLib, TimePicker  # noqa: E402

loop = GLib.MainLoop()
status = [0]


def error_text(error):
    """The error's domain and code by name: TimePicker's enum, or Gio's."""
    if error.matches(TimePicker.Error.quark(), error.code):
        name = TimePicker.Error(error.code).value_nick
    elif error.matches(Gio.io_error_quark(), error.code):
        name = Gio.IOErrorEnum(error.code).value_nick
    else:
        name = str(error.code)
    return f"error {error.domain} {name}: {error.message}"


def picked(picker, result):
    try:
        time_range = picker.pick_finish(result)
    except GLib.Error as error:
        print(error_text(error), flush=True)
        status[0] = 1
    else:
        minutes = f" ({time_range.get_duration() // 60} minutes)" if time_range.has_duration() else ""
        print(f"from {time_range.get_start()} to {time_range.get_end()}{minutes}", flush=True)
    loop.quit()


def pick(cancellable=None, parent=None):
    picker = TimePicker.Picker.new()
    options = GLib.Variant("a{sv}", {"title": GLib.Variant("s", "Lunch break"), "step": GLib.Variant("u", 30)})
    picker.pick(parent, options, cancellable, picked)
    return picker


class SilentParent(TimePicker.Parent):
    """A parent whose export never calls back, as a compositor that never answers."""

    def do_export(self, cancellable, callback, *user_data):
        pass


def monitor():
    """Prints each outcome; "ready" once the picker follows the service (two round trips to the
    bus after it was made: its name watch's and owner check's replies come before them)."""
    picker = TimePicker.Picker.new_for_connection(Gio.bus_get_sync(Gio.BusType.SESSION))
    picker.connect("selected", lambda _p, path, r: print(f"selected {path} {r.get_start()} {r.get_end()} {r.get_duration()}", flush=True))
    picker.connect("cancelled", lambda _p, path, reason: print(f"cancelled {path} {reason}", flush=True))
    bus = Gio.bus_get_sync(Gio.BusType.SESSION)

    def round_trip(left):
        if left == 0:
            print("ready", flush=True)
            return
        bus.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId", None, None,
                 Gio.DBusCallFlags.NONE, -1, None, lambda *_: round_trip(left - 1))

    round_trip(3)
    return picker


mode = sys.argv[1] if len(sys.argv) > 1 else "pick"
if mode == "pick":
    keep = pick()
elif mode == "cancel":
    cancellable = Gio.Cancellable()
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, lambda: cancellable.cancel() or GLib.SOURCE_REMOVE)
    keep = pick(cancellable)
elif mode == "slow-parent":
    silent = SilentParent()
    keep = pick(parent=silent)
elif mode == "monitor":
    keep = monitor()
else:
    sys.exit(f"unknown mode {mode}")
loop.run()
sys.exit(status[0])
