#!/usr/bin/python3
"""Prints the outcome of every time picker on the session bus, whoever asked for it, with
libtimepicker's TimePicker.Monitor: what `timepickerctl monitor` and monitor-gio.py print, in
a third of the lines. The library follows the service across restarts and believes only a
service of your own Unix user (monitor-gio.py shows how, by hand).

Needs python3-gi and gir1.2-timepicker-1.0. Run: python3 monitor-library.py
"""
import sys

import gi

gi.require_version("TimePicker", "1.0")
from gi.repository import GLib, TimePicker  # noqa: E402


def response(_monitor, session, code, results, _range):
    """The whole answer first: 0 chosen, 1 the person cancelled, 2 ended otherwise."""
    print(session, "Response", code, results.unpack(), flush=True)


monitor = TimePicker.Monitor.new()
monitor.connect("response", response)
monitor.connect("selected", lambda _m, session, r: print(session, "Selected", r.get_start(), r.get_end(), flush=True))
monitor.connect("cancelled", lambda _m, session, reason: print(session, "Cancelled", reason, flush=True))
# Once its subscriptions are on the bus: no picker shown after it is missed.
monitor.connect("notify::listening", lambda *_: print("listening", file=sys.stderr, flush=True))
GLib.MainLoop().run()
